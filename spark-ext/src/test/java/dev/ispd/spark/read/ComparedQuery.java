package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A query of {@link IdenticalResultsTest}, as SQL over a view called {@code t} or as DataFrame
 * calls, and what "equal results" means for it:
 * <ul>
 *   <li>{@link Kind#SAME_ROWS}: the same multiset of rows, whatever their order (Spark promises
 *       no order without ORDER BY; with an ORDER BY that orders every row, as {@code ORDER BY n
 *       DESC, objectID LIMIT 10}, the multiset determines the answer), and not empty;</li>
 *   <li>{@link Kind#EMPTY}: no row from either;</li>
 *   <li>{@link Kind#LIMITED}: a LIMIT that may cut through rows equal in the sort keys (a top-N
 *       with ties, or a LIMIT without ORDER BY, where every row ties): SQL allows any of the tied
 *       rows, so the answers must have the same number of rows and the same multiset of sort
 *       keys (the answer's first {@code sortKeys} columns), and every row the connector returns
 *       must be a row of plain Spark's answer to the same query without the limit (its
 *       {@code candidates}), no more often than it occurs there.</li>
 * </ul>
 */
record ComparedQuery(String name, BiFunction<SparkSession, String, Dataset<Row>> query, Kind kind, int sortKeys,
                     BiFunction<SparkSession, String, Dataset<Row>> candidates) {

    enum Kind { SAME_ROWS, EMPTY, LIMITED }

    /** SQL over {@code t}, answered by the same rows. */
    static ComparedQuery sql(String sql) {
        return new ComparedQuery(sql, sqlOn(sql), Kind.SAME_ROWS, 0, null);
    }

    /** SQL over {@code t} that selects nothing. */
    static ComparedQuery empty(String sql) {
        return new ComparedQuery(sql, sqlOn(sql), Kind.EMPTY, 0, null);
    }

    /** SQL over {@code t} with a LIMIT that may cut ties in its first {@code sortKeys} columns; {@code candidates} without it. */
    static ComparedQuery limited(String sql, int sortKeys, String candidates) {
        return new ComparedQuery(sql, sqlOn(sql), Kind.LIMITED, sortKeys, sqlOn(candidates));
    }

    /** DataFrame calls on the table, answered by the same rows. */
    static ComparedQuery frame(String name, UnaryOperator<Dataset<Row>> calls) {
        return new ComparedQuery("DataFrame: " + name, frameOn(calls), Kind.SAME_ROWS, 0, null);
    }

    /** DataFrame calls that select nothing. */
    static ComparedQuery emptyFrame(String name, UnaryOperator<Dataset<Row>> calls) {
        return new ComparedQuery("DataFrame: " + name, frameOn(calls), Kind.EMPTY, 0, null);
    }

    /** DataFrame calls ending in a limit that may cut ties in the first {@code sortKeys} columns. */
    static ComparedQuery limitedFrame(String name, UnaryOperator<Dataset<Row>> calls, int sortKeys,
                                      UnaryOperator<Dataset<Row>> candidates) {
        return new ComparedQuery("DataFrame: " + name, frameOn(calls), Kind.LIMITED, sortKeys, frameOn(candidates));
    }

    private static BiFunction<SparkSession, String, Dataset<Row>> sqlOn(String sql) {
        return (spark, view) -> spark.sql(sql.replace("FROM t", "FROM " + view));
    }

    private static BiFunction<SparkSession, String, Dataset<Row>> frameOn(UnaryOperator<Dataset<Row>> calls) {
        return (spark, view) -> calls.apply(spark.table(view));
    }

    /** Asserts that {@code actual} (the connector's rows) answers this query as {@code expected} (plain Spark's) does. */
    void assertSameAnswer(List<Row> expected, List<Row> actual, SparkSession spark, String plainView) {
        switch (kind) {
            case SAME_ROWS -> {
                assertFalse(expected.isEmpty(), "the query selects something");
                assertEquals(sorted(expected), sorted(actual));
            }
            case EMPTY -> {
                assertEquals(List.of(), sorted(expected), "plain Spark selects nothing");
                assertEquals(List.of(), sorted(actual));
            }
            case LIMITED -> {
                assertFalse(expected.isEmpty(), "the query selects something");
                assertEquals(sorted(keys(expected)), sorted(keys(actual)), "the same sort keys, ties included");
                Map<String, Integer> available = counts(candidates.apply(spark, plainView).collectAsList());
                for (Map.Entry<String, Integer> row : counts(actual).entrySet()) {
                    assertTrue(available.getOrDefault(row.getKey(), 0) >= row.getValue(), "row " + row.getKey()
                            + " x" + row.getValue() + " is not that often in plain Spark's rows without the limit");
                }
            }
        }
    }

    private List<String> keys(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            List<Object> key = new ArrayList<>();
            for (int i = 0; i < sortKeys; i++) {
                key.add(r.get(i));
            }
            out.add(key.toString());
        }
        return out;
    }

    private static Map<String, Integer> counts(List<Row> rows) {
        Map<String, Integer> n = new HashMap<>();
        rows.forEach(r -> n.merge(r.toString(), 1, Integer::sum));
        return n;
    }

    private static List<String> sorted(List<?> rows) {
        return rows.stream().map(Object::toString).sorted().toList();
    }

    @Override
    public String toString() {
        return name;
    }
}
