package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.PlanLimits;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a plan over one large Parquet row group returns (one file Spark wrote to osd://, one row
 * group of 300,000 rows): its rows, which would outgrow one drive result if its strings filled
 * their width, come back whole, the row group read whole where its footer counts the strings'
 * bytes and in parts where it does not; its GROUP BY of strings runs in the scan, with more groups than a drive
 * holds too (handed back in parts), and partial groups that outgrow a drive result (answered by the host). Every answer is Spark's own Parquet reader's over the same file, under host-only,
 * device-only and fastest.
 */
class ParquetRowGroupResultsTest {
    private static final int CHUNK = 16 << 20;
    private static final int ROWS = 300_000;
    /** More distinct values of u than a drive holds groups. */
    private static final int U_VALUES = 70_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, CHUNK);

    /** Spark's own reader's answer to each query over each file, read once for every policy's case. */
    private static final Map<String, List<String>> EXPECTED = new HashMap<>();

    private static String file;
    /** The same ids and k, s 241 bytes a row: 72 MB of strings in the row group. */
    private static String longStrings;

    @BeforeAll
    static void write() {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        file = DRIVES.uri("/pq/large");
        longStrings = DRIVES.uri("/pq/long-strings");
        Dataset<Row> rows = spark.sql("SELECT CAST(id AS INT) AS id, concat('s', CAST(id % 9 AS STRING)) AS s, "
                + "concat('u', CAST(id % " + U_VALUES + " AS STRING)) AS u, concat('v', CAST(id AS STRING)) AS v, "
                + "CAST(id % 100 AS DECIMAL(9,2)) AS k, CAST(shiftright(id, 13) AS INT) AS r "
                + "FROM range(" + ROWS + ")").coalesce(1);
        rows.write().option("parquet.block.size", CHUNK / 8 * 7).mode("overwrite").parquet(file);
        rows.selectExpr("id", "concat(repeat('x', 240), CAST(id % 7 AS STRING)) AS s", "k").write()
                .option("parquet.block.size", CHUNK / 8 * 7).mode("overwrite").parquet(longStrings);
    }

    static List<String> policies() {
        return PolicyViews.EVERY_POLICY;
    }

    static Stream<Arguments> manyGroups() {
        return eachPolicyWith("u", "v");
    }

    static Stream<Arguments> requiredNumberKeys() {
        return eachPolicyWith("r", "id");
    }

    private static Stream<Arguments> eachPolicyWith(String... columns) {
        return PolicyViews.EVERY_POLICY.stream().flatMap(p -> Stream.of(columns).map(c -> Arguments.of(p, c)));
    }

    /**
     * Every row of the row group, its strings as char(255) words, would be over 64 MiB of plan
     * rows; but a result carries a string at its length, and the footer's size statistics count
     * the bytes of s's values (2 a row): the rows' result fits one drive result, so the scan reads
     * the row group whole. Spark checksums the rows itself (hash is not pushed), so the scan
     * returns them all.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void rowsWhoseStringsTheFooterCountsComeBackFromTheWholeRowGroup(String policy) {
        Dataset<Row> df = everyRow(policy, file);
        assertEquals(1, ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE) + ScanNodes.metric(df,
                SplitMetric.SPLITS_ON_HOST), "read whole");
        if (policy.equals("device-only")) {
            assertTrue(ScanNodes.metric(df, SplitMetric.RESULT_BYTES_FROM_DRIVES) < PlanLimits.DRIVE.maxResultBytes(),
                    "strings at their length: less than one drive result");
        }
    }

    /**
     * Rows whose strings fill most of their width (72 MB of s in the row group, by the footer):
     * the scan reads the row group in parts whose rows fit one result at their strings' whole
     * width, in the drives and on the host alike.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void rowsOutgrowingOneDriveResultComeBackWholeInParts(String policy) {
        Dataset<Row> df = everyRow(policy, longStrings);
        long splits = ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE)
                + ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST);
        assertTrue(splits >= 2, "read in parts: " + splits);
    }

    /** Every row of {@code path}'s one row group under {@code policy}, checked against Spark's own reader's. */
    private static Dataset<Row> everyRow(String policy, String path) {
        String q = "SELECT count(*), sum(hash(id, s, k)), max(s), min(id) FROM t WHERE k >= 0";
        Dataset<Row> df = answered(q, policy, path);
        assertEquals(1, ScanNodes.metric(df, SplitMetric.ROW_GROUPS_READ), "one row group");
        if (policy.equals("device-only")) {
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "every part in a drive");
            assertEquals(0, ScanNodes.metric(df, SplitMetric.FALLBACKS), "no part fell back");
        }
        assertTrue(ScanNodes.description(df).contains("row groups: 1 read"), ScanNodes.description(df));
        return df;
    }

    /**
     * TPC-H Q1's shape over Parquet strings: under device-only the scan answers the GROUP BY whole
     * in the drives, as for records (its aggregates of nullable columns are pushed only whole).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void aGroupByOfParquetStringsIsPushed(String policy) {
        String q = "SELECT s, count(*), sum(k), min(id), max(id) FROM t WHERE id % 5 <> 2 GROUP BY s";
        Dataset<Row> df = answered(q, policy);
        if (policy.equals("device-only")) {
            String description = ScanNodes.description(df);
            assertTrue(description.contains("PushedGroupBy: [s] (complete)"), description);
            assertTrue(df.queryExecution().executedPlan().find(p -> p instanceof HashAggregateExec).isEmpty(),
                    "answered by the scan: " + df.queryExecution().executedPlan());
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "in the drives");
        }
    }

    /**
     * A GROUP BY of a string with more values than a drive holds groups: a plan counts string
     * groups as the data makes them, and the drive hands back its table's groups as partial rows
     * when it is full. Here they outgrow a drive's 64 MiB result: by v, one group per row (300,000
     * rows of 33 words and more); by u, whose 70,000 values recur in turn, as each full table
     * flushed keeps nearly a row per record. The drive fails the part and the host, whose run
     * holds them, answers it.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("manyGroups")
    void stringGroupsWhosePartialRowsOutgrowADriveResultAreAnsweredByTheHost(String policy, String column) {
        String q = "SELECT " + column + ", count(*), sum(k) FROM t GROUP BY " + column;
        Dataset<Row> df = answered(q, policy);
        if (policy.equals("device-only")) {
            assertTrue(ScanNodes.description(df).contains("PushedGroupBy: [" + column + "] (complete)"),
                    ScanNodes.description(df));
            assertEquals(1, ScanNodes.metric(df, SplitMetric.FALLBACKS), "the drive's result outgrown");
        }
    }

    /**
     * A GROUP BY of a required Parquet INT32 column (r of 37 values; id, one value per row) is
     * pushed though its type holds more values than a drive holds groups: by id the drive hands
     * back its groups in parts as its table fills, and answers with every row group in a drive.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("requiredNumberKeys")
    void aGroupByOfARequiredParquetNumberIsPushed(String policy, String column) {
        Dataset<Row> df = answered("SELECT " + column + ", count(*), sum(k), min(id), max(id) FROM t "
                + "WHERE id % 7 <> 3 GROUP BY " + column, policy);
        if (policy.equals("device-only")) {
            String description = ScanNodes.description(df);
            assertTrue(description.contains("PushedGroupBy: [" + column + "] (complete)"), description);
            boolean fewGroups = column.equals("r");
            assertEquals(0, ScanNodes.metric(df, SplitMetric.DEVICE_REFUSALS), description);
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "every row group in a drive");
            assertEquals(fewGroups, ScanNodes.metric(df, SplitMetric.GROUP_TABLE_FLUSHES) == 0, "groups in parts");
        }
    }

    /** {@code query} over the scan under {@code policy}, its answer checked against Spark's Parquet reader's. */
    private static Dataset<Row> answered(String query, String policy) {
        return answered(query, policy, file);
    }

    private static Dataset<Row> answered(String query, String policy, String path) {
        List<String> expected = EXPECTED.computeIfAbsent(path + ": " + query,
                k -> answer(query, DRIVES.spark().read().parquet(path)));
        Dataset<Row> df = sql(query, DRIVES.spark().read().format("ispd").option("ispd.offload.policy", policy).load(path));
        assertEquals(expected, PolicyViews.sorted(df));
        return df;
    }

    private static List<String> answer(String query, Dataset<Row> table) {
        return PolicyViews.sorted(sql(query, table));
    }

    private static Dataset<Row> sql(String query, Dataset<Row> table) {
        table.createOrReplaceTempView("t");
        return DRIVES.spark().sql(query);
    }
}
