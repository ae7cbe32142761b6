package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.provider.Arguments;

/**
 * A query's rows, sorted, or the error condition it failed with: what a test of the connector
 * compares with plain Spark's answer (doubles within 1e-12, whose last bits depend on the order
 * Spark adds partitions in).
 */
record QueryAnswer(List<List<Object>> rows, String error) {
    /** Every ANSI mode ("true", "false") with every policy and query: the cases of a comparison. */
    static Stream<Arguments> cases(List<String> policies, List<String> queries) {
        return Stream.of("true", "false").flatMap(ansi -> policies.stream()
                .flatMap(policy -> queries.stream().map(q -> Arguments.of(ansi, policy, q))));
    }

    /**
     * Asserts that {@code query} over table {@code actual} answers as over table {@code expected}
     * (each in place of {@code FROM t}) with {@code spark.sql.ansi.enabled} set to {@code ansi}.
     */
    static void assertSameUnderAnsi(SparkSession spark, String ansi, String query, String expected, String actual) {
        spark.conf().set("spark.sql.ansi.enabled", ansi);
        try {
            QueryAnswer want = of(spark, query.replace("FROM t", "FROM " + expected));
            want.assertSameAs(of(spark, query.replace("FROM t", "FROM " + actual)));
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
    }

    static QueryAnswer of(SparkSession spark, String sql) {
        try {
            List<List<Object>> rows = new ArrayList<>();
            for (Row r : spark.sql(sql).collectAsList()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < r.length(); i++) {
                    row.add(r.get(i));
                }
                rows.add(row);
            }
            rows.sort((x, y) -> x.toString().compareTo(y.toString()));
            return new QueryAnswer(rows, null);
        } catch (RuntimeException e) {
            return new QueryAnswer(null, condition(e));
        }
    }

    /** The error condition of the first Spark error in {@code e}'s causes, or its text. */
    private static String condition(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof SparkThrowable s && s.getCondition() != null
                    && !s.getCondition().startsWith("INTERNAL")) {
                return s.getCondition();
            }
        }
        throw new AssertionError("not a Spark error condition", e);
    }

    void assertSameAs(QueryAnswer actual) {
        assertEquals(error, actual.error, "the error condition");
        if (error != null) {
            return;
        }
        assertFalse(rows.isEmpty(), "the query answers something");
        assertEquals(rows.size(), actual.rows.size(), () -> rows + " vs " + actual.rows);
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < rows.get(r).size(); c++) {
                Object want = rows.get(r).get(c);
                Object got = actual.rows.get(r).get(c);
                if (want instanceof Double w && got instanceof Double g) {
                    assertTrue(Math.abs(w - g) <= 1e-12 * Math.abs(w), "row " + r + " column " + c + ": " + want
                            + " vs " + got);
                } else {
                    assertEquals(want, got, "row " + r + " column " + c);
                }
            }
        }
    }
}
