package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parquet files written to osd:// by Spark's own writer (a table of every Parquet type a plan
 * reads, NULLs in every nullable column, three files range-partitioned by id, several row groups
 * each) read with {@code format("ispd")} under host-only, device-only and fastest: the same rows
 * as {@code spark.read.parquet} over the same files; filters and aggregates pushed into the plan
 * the drives decode the row groups for; row groups skipped by their statistics and straddling
 * chunks counted; a crashing drive's partitions fall back to the host with the same answer.
 */
@Tag("heavy")
class ParquetReadTest {
    private static final int CHUNK = 65_536;
    private static final int RECORDS = 6_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    private static String typed;
    private static String straddling;
    private static final Map<String, List<String>> EXPECTED = new ConcurrentHashMap<>();

    /** The typed-table queries over records, and a few more: a filtered COUNT(*), a LIMIT, a negated string comparison. */
    static List<String> queries() {
        List<String> queries = new ArrayList<>(TypedTableTest.queries());
        queries.addAll(List.of("SELECT count(*) FROM t WHERE id >= 5500", "SELECT id, s FROM t LIMIT 10",
                "SELECT id, s FROM t WHERE NOT (s > 'a b') AND id BETWEEN 100 AND 4000"));
        return queries;
    }

    static Stream<Arguments> cases() {
        return PolicyViews.EVERY_POLICY.stream().flatMap(policy -> queries().stream().map(q -> Arguments.of(policy, q)));
    }

    static List<String> policies() {
        return PolicyViews.EVERY_POLICY;
    }

    @BeforeAll
    static void write() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
        typed = DRIVES.uri("/pq/typed");
        spark.createDataFrame(TypedRows.rows(RECORDS, 20), TypedRows.SCHEMA).repartitionByRange(3,
                        org.apache.spark.sql.functions.col("id")).sortWithinPartitions("id").write()
                .option("parquet.block.size", CHUNK / 8 * 7).mode("overwrite").parquet(typed);
        straddling = DRIVES.uri("/pq/straddling");
        FileSystem fs = new Path(typed).getFileSystem(DRIVES.hadoopConf());
        for (FileStatus f : fs.listStatus(new Path(typed))) {
            if (f.getPath().getName().endsWith(".parquet")) {
                try (InputStream in = fs.open(f.getPath()); OutputStream out = fs.create(
                        new Path(straddling + "/" + f.getPath().getName()), true, 4096, (short) 1, CHUNK / 2 * 3)) {
                    in.transferTo(out);
                }
            }
        }
    }

    private static Dataset<Row> ispd(String path, String policy) {
        return DRIVES.spark().read().format("ispd").option("ispd.offload.policy", policy).load(path);
    }

    private static List<String> answer(String query, Dataset<Row> table) {
        table.createOrReplaceTempView("t");
        return PolicyViews.sorted(DRIVES.spark().sql(query));
    }

    private static Dataset<Row> sql(String query, Dataset<Row> table) {
        table.createOrReplaceTempView("t");
        return DRIVES.spark().sql(query);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void answersAsSparksParquetReader(String policy, String query) {
        List<String> expected = EXPECTED.computeIfAbsent(query, q -> answer(q, DRIVES.spark().read().parquet(typed)));
        Dataset<Row> df = sql(query, ispd(typed, policy));
        assertFalse(expected.isEmpty(), "the query answers something");
        assertEquals(expected, PolicyViews.sorted(df));
        if (policy.equals("device-only")) {
            assertTrue(ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE) >= 1, "ran in a drive");
            assertEquals(0, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST), "every row group in a drive");
            assertEquals(0, ScanNodes.metric(df, SplitMetric.BYTES_MOVED_TO_HOST), "no byte moved to the host");
        }
    }

    @Test
    void theSchemaIsTheParquetSchemas() {
        StructType mine = ispd(typed, "host-only").schema();
        StructType spark = DRIVES.spark().read().parquet(typed).schema();
        assertEquals(names(spark), names(mine));
        for (StructField f : TypedRows.SCHEMA.fields()) {
            StructField read = mine.apply(f.name());
            assertEquals(f.dataType(), read.dataType(), f.name());
            assertEquals(f.nullable(), read.nullable(), f.name() + " nullable as written");
        }
        assertEquals(DataTypes.createDecimalType(30, 5), mine.apply("w").dataType());
    }

    @Test
    void rowGroupsOfFilesWrittenBySparkAreSeveralAndSkippedByTheirStatistics() {
        Dataset<Row> df = sql("SELECT id, s, p FROM t WHERE id < 500", ispd(typed, "device-only"));
        assertEquals(answer("SELECT id, s, p FROM t WHERE id < 500", DRIVES.spark().read().parquet(typed)),
                PolicyViews.sorted(df));
        long read = ScanNodes.metric(df, SplitMetric.ROW_GROUPS_READ);
        long skipped = ScanNodes.metric(df, SplitMetric.ROW_GROUPS_SKIPPED);
        Dataset<Row> everything = sql("SELECT id FROM t", ispd(typed, "device-only"));
        everything.collectAsList();
        long all = ScanNodes.metric(everything, SplitMetric.ROW_GROUPS_READ);
        assertTrue(all >= 6, "several row groups per file: " + all);
        assertTrue(read >= 1 && skipped >= 4, "read " + read + ", skipped " + skipped);
        assertEquals(all, read + skipped, "every row group read or skipped, in files left with none to read too");
        String description = ScanNodes.description(df);
        assertTrue(description.contains("parquet, 3 files, row groups: " + read + " read, " + skipped
                + " skipped by statistics, 0 straddling"), description);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void rowGroupsStraddlingChunksRunOnTheHostWithTheSameAnswer(String policy) {
        String q = "SELECT k, count(*), sum(p), min(s) FROM t WHERE id % 7 <> 3 GROUP BY k";
        Dataset<Row> df = sql(q, ispd(straddling, policy));
        assertEquals(answer(q, DRIVES.spark().read().parquet(typed)), PolicyViews.sorted(df));
        long straddles = ScanNodes.metric(df, SplitMetric.STRADDLING_ROW_GROUPS);
        assertTrue(straddles >= 1, "some row groups straddle chunks 1.5 times the size");
        if (policy.equals("device-only")) {
            assertEquals(straddles, ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST),
                    "exactly the straddling ones on the host");
            assertTrue(ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE) >= 1, "the others in the drives");
        }
    }

    /** Filters and aggregates run in the scan: no Filter, or no aggregation by Spark, above it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pushed")
    void explainShowsWhatWasPushed(String query, String pushed) {
        Dataset<Row> df = sql(query, ispd(typed, "device-only"));
        String description = ScanNodes.description(df);
        assertTrue(description.contains(pushed), description);
        assertTrue(description.startsWith("IspdScan parquet, 3 files"), description);
        assertTrue(df.queryExecution().executedPlan().find(p -> p instanceof FilterExec).isEmpty(),
                df.queryExecution().executedPlan().toString());
    }

    static Stream<Arguments> pushed() {
        return Stream.of(
                Arguments.of("SELECT id FROM t WHERE p > 100.00", "PushedFilters: [p IS NOT NULL, p > 100.00]"),
                Arguments.of("SELECT id FROM t WHERE s IN ('abc', 'Zz')", "PushedFilters: [s IN ('abc', 'Zz')]"),
                Arguments.of("SELECT id FROM t WHERE w IS NULL AND i IS NOT NULL",
                        "PushedFilters: [w IS NULL, i IS NOT NULL]"),
                Arguments.of("SELECT count(*), min(id), max(id) FROM t", "PushedAggregates: [COUNT(*), MIN(id), MAX(id)]"),
                Arguments.of("SELECT count(p), sum(p), max(dt) FROM t WHERE id > 10",
                        "PushedAggregates: [COUNT(p), SUM(p), MAX(dt)]"));
    }

    /** Every run on drive 1 crashes (its connection drops): its row groups fall back to the host, the answer unchanged. */
    @Test
    void aCrashingDrivesRowGroupsFallBackToTheHostWithTheSameAnswer() throws Exception {
        String q = "SELECT id, s, w, ts FROM t WHERE p > 0 OR z IS NULL";
        List<String> expected = answer(q, DRIVES.spark().read().parquet(typed));
        Dataset<Row> df = sql(q, DRIVES.spark().read().format("ispd").option("ispd.offload.policy", "device-only")
                .option("ispd.device.retries", 0).option("ispd.offload.correction", false).load(typed));
        try (Drive d = Drive.connect(DRIVES.address(1))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
            try {
                assertEquals(expected, PolicyViews.sorted(df));
            } finally {
                d.clearFaults();
            }
        }
        assertTrue(ScanNodes.metric(df, SplitMetric.FALLBACKS) >= 1, "fell back");
        assertEquals(ScanNodes.metric(df, SplitMetric.FALLBACKS), ScanNodes.metric(df, SplitMetric.SPLITS_ON_HOST));
        assertTrue(ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE) >= 1, "the other drives' row groups ran in them");
    }

    @Test
    void nestedColumnsAreLeftOutAndNamedInExplain() {
        String nested = DRIVES.uri("/pq/nested");
        DRIVES.spark().sql("SELECT id, array(id, id + 1) AS tags, named_struct('a', id) AS st, cast(id AS string) AS s "
                + "FROM range(200)").write().mode("overwrite").parquet(nested);
        Dataset<Row> df = ispd(nested, "device-only");
        assertEquals(List.of("id", "s"), List.of(df.schema().fieldNames()));
        String q = "SELECT id, s FROM t WHERE id > 150";
        assertEquals(answer(q, DRIVES.spark().read().parquet(nested)), answer(q, df));
        String description = ScanNodes.description(sql(q, df));
        assertTrue(description.contains("not read: tags (nested or repeated), st (nested or repeated)"), description);
    }

    @Test
    void filesOfDifferentSchemasAreAnErrorNamingBothAndTheColumn() throws IOException {
        String a = DRIVES.uri("/pq/mixed-a");
        String b = DRIVES.uri("/pq/mixed-b");
        DRIVES.spark().sql("SELECT id, cast(id AS int) AS n FROM range(10)").write().mode("overwrite").parquet(a);
        DRIVES.spark().sql("SELECT id, cast(id AS double) AS n FROM range(10)").write().mode("overwrite").parquet(b);
        FileSystem fs = new Path(a).getFileSystem(DRIVES.hadoopConf());
        String mixed = DRIVES.uri("/pq/mixed");
        List<String> names = new ArrayList<>();
        for (String dir : List.of(a, b)) {
            for (FileStatus f : fs.listStatus(new Path(dir))) {
                if (f.getPath().getName().endsWith(".parquet")) {
                    String name = dir.substring(dir.length() - 1) + "-" + f.getPath().getName();
                    names.add(name);
                    try (InputStream in = fs.open(f.getPath()); OutputStream out = fs.create(new Path(mixed + "/" + name))) {
                        in.transferTo(out);
                    }
                }
            }
        }
        AnalysisException e = assertThrows(AnalysisException.class, () -> ispd(mixed, "host-only"));
        assertTrue(e.getMessage().contains("differ in column n"), e.getMessage());
        assertTrue(e.getMessage().contains("i32") && e.getMessage().contains("f64"), e.getMessage());
        assertTrue(e.getMessage().contains("/pq/mixed/" + names.get(0) + " has i32"), e.getMessage());
        assertTrue(e.getMessage().matches("(?s).*/pq/mixed/b-part-[^ ]+ has f64.*"), e.getMessage());
    }

    @Test
    void optionFormatReadsParquetAndLayoutOptionsAreRefusedWithIt() {
        Dataset<Row> df = DRIVES.spark().read().format("ispd").option("format", "parquet").load(typed);
        assertEquals(RECORDS, df.count());
        AnalysisException e = assertThrows(AnalysisException.class, () -> DRIVES.spark().read().format("ispd")
                .option("format", "parquet").option("layout", "worldcup98").load(typed));
        assertTrue(e.getMessage().contains("option layout does not apply to Parquet files"), e.getMessage());
    }

    @Test
    void aParquetFileCutShortIsNamedAsOneNotAskedForItsLayout() throws IOException {
        FileSystem fs = new Path(typed).getFileSystem(DRIVES.hadoopConf());
        FileStatus first = Arrays.stream(fs.listStatus(new Path(typed)))
                .filter(f -> f.getPath().getName().endsWith(".parquet")).findFirst().orElseThrow();
        Path cut = new Path(DRIVES.uri("/pq/cut/part.parquet"));
        try (InputStream in = fs.open(first.getPath()); OutputStream out = fs.create(cut)) {
            out.write(in.readNBytes((int) first.getLen() / 2));
        }
        AnalysisException e = assertThrows(AnalysisException.class, () -> ispd(DRIVES.uri("/pq/cut"), "host-only"));
        assertTrue(e.getMessage().contains("/pq/cut/part.parquet starts as a Parquet file (PAR1) but does not end as "
                + "one: it is cut short, or the end of its footer is damaged (option format records reads it as records)"),
                e.getMessage());
    }

    private static List<String> names(StructType s) {
        return List.of(s.fieldNames());
    }
}
