package dev.ispd.spark.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The 22 TPC-H queries as Spark SQL (resources {@code q1.sql} ... {@code q22.sql} beside this
 * class: the specification's query texts with its validation substitution parameters), over
 * temporary views named as the tables, and their answers as text that compares exactly:
 * decimals with all their digits, one line per row after a line of the result's schema.
 */
public final class TpchQueries {
    /** How many queries TPC-H has. */
    public static final int COUNT = 22;
    /** The eight tables, as the views are named. */
    public static final List<String> TABLES = List.of("region", "nation", "supplier", "customer", "part", "partsupp",
            "orders", "lineitem");

    private TpchQueries() {
    }

    /** The text of query {@code n} (1-22). */
    public static String sql(int n) {
        if (n < 1 || n > COUNT) {
            throw new IllegalArgumentException("TPC-H has queries 1 to " + COUNT + ", not " + n);
        }
        try (InputStream in = TpchQueries.class.getResourceAsStream("q" + n + ".sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading TPC-H query " + n, e);
        }
    }

    /** The tables query {@code n} reads: those whose names its text holds as words. */
    public static List<String> tables(int n) {
        String text = sql(n);
        return TABLES.stream().filter(t -> Pattern.compile("\\b" + t + "\\b").matcher(text).find()).toList();
    }

    /** Registers each table as a temporary view named as it, read by {@code load} (given the table's name). */
    public static void register(SparkSession spark, Function<String, Dataset<Row>> load) {
        for (String table : TABLES) {
            load.apply(table).createOrReplaceTempView(table);
        }
    }

    /** Runs query {@code n} over the views; its schema, then each row as values joined by '|', in the answer's order. */
    public static List<String> answer(SparkSession spark, int n) {
        return answer(spark.sql(sql(n)));
    }

    /** The answer of a query, run now: its schema, then each row as values joined by '|', in the answer's order. */
    public static List<String> answer(Dataset<Row> result) {
        List<String> lines = new ArrayList<>();
        lines.add(result.schema().simpleString());
        for (Row row : result.collectAsList()) {
            List<String> values = new ArrayList<>(row.size());
            for (int i = 0; i < row.size(); i++) {
                Object v = row.get(i);
                values.add(v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v));
            }
            lines.add(values.stream().collect(Collectors.joining("|")));
        }
        return lines;
    }
}
