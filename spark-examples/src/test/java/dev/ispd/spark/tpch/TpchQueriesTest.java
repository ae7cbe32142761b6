package dev.ispd.spark.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.spark.quickstart.ScanRun;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.aggregate.HashAggregateExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * All 22 TPC-H queries as Spark SQL at scale factor 0.01, over the tables {@code bin/ispd tpch
 * --block 1000} writes as column-blocked typed records into two in-JVM drives, read through
 * {@code format("ispd")} (plans reading only their columns of each block), give
 * exactly the answers Spark gives over the same data as Parquet (schemas alike, decimals to the
 * last digit) under host-only, device-only and fastest; the Parquet answers are those the
 * generator publishes for that scale factor; so do the tables written as Parquet into osd://,
 * decoded in the drives. Tagged {@code cluster}: Spark runs 110 queries.
 */
@Tag("cluster")
class TpchQueriesTest {
    private static final double SCALE = 0.01;
    /** The osd:// chunk of the Parquet tables read through the drives: lineitem's 36 row groups lie in both drives. */
    private static final long PARQUET_CHUNK = 256 << 10;

    /**
     * The record files are column-blocked, 1,000 records to a block: several blocks a chunk of
     * 1 MiB, each table's last block partial (records in rows are covered by TypedTableTest,
     * IdenticalResultsTest and TpchCommandTest).
     */
    private static final int BLOCK = 1000;

    private static final String DIR = "osd:///tpch";

    @TempDir
    static Path dir;

    private static EmbeddedDrives drives;
    private static SparkSession spark;
    private static List<List<String>> parquet;

    @BeforeAll
    static void generateAndAnswerOverParquet() throws IOException {
        drives = EmbeddedDrives.builder().drives(2).start();
        Configuration conf = WorldCupDrives.drives(new Configuration(), drives.addresses());
        org.apache.hadoop.fs.Path parquetDir = new org.apache.hadoop.fs.Path(dir.resolve("parquet").toUri());
        try (FileSystem osd = FileSystem.newInstance(URI.create("osd:///"), conf)) {
            new TpchGenerator(SCALE).write(new TpchGenerator.RecordTarget(osd, new org.apache.hadoop.fs.Path(DIR),
                    1 << 20, BLOCK), new TpchGenerator.ParquetTarget(parquetDir.getFileSystem(conf), parquetDir, conf));
        }
        SparkSession.Builder builder = SparkSession.builder().master("local[2]").appName("TpchQueriesTest")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                // adaptive execution would hide the scan node inside query stages (ScanRun)
                .config("spark.sql.adaptive.enabled", "false");
        for (Map.Entry<String, String> e : conf) {
            if (e.getKey().startsWith("ispd.")) {
                builder.config("spark.hadoop." + e.getKey(), e.getValue());
            }
        }
        spark = builder.getOrCreate();
        TpchQueries.register(spark, t -> spark.read().parquet(parquetDir + "/" + t + ".parquet"));
        parquet = answers();
    }

    @AfterAll
    static void stop() throws IOException {
        if (spark != null) {
            spark.stop();
        }
        if (drives != null) {
            drives.close();
        }
    }

    private static List<List<String>> answers() {
        List<List<String>> answers = new ArrayList<>();
        for (int n = 1; n <= TpchQueries.COUNT; n++) {
            answers.add(TpchQueries.answer(spark, n));
        }
        return answers;
    }

    @Test
    void theParquetAnswersAreThoseTheGeneratorPublishesForItsScale() throws IOException {
        for (int n = 1; n <= TpchQueries.COUNT; n++) {
            List<String> published = published(n);
            List<String> ours = parquet.get(n - 1).subList(1, parquet.get(n - 1).size());
            assertEquals(published.size(), ours.size(), "Q" + n + " rows: " + ours);
            for (int r = 0; r < ours.size(); r++) {
                assertRowMatches(published.get(r), ours.get(r), "Q" + n + " row " + (r + 1));
            }
        }
    }

    /**
     * The answer io.trino.tpch ships for query {@code n} at scale factor 0.01 (its resource
     * {@code queries/qN.result}): values joined by '|', decimals rounded to the digits it shows.
     */
    private static List<String> published(int n) throws IOException {
        try (InputStream in = TpchTable.class.getResourceAsStream("queries/q" + n + ".result")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("--"))
                    .toList();
        }
    }

    /** Each value equal, numbers once rounded (half up) to the fewer digits of the two (the published drop trailing zeros). */
    private static void assertRowMatches(String published, String ours, String where) {
        List<String> expected = new ArrayList<>(List.of(published.split("\\|", -1)));
        String[] actual = ours.split("\\|", -1);
        if (expected.size() == actual.length + 1 && expected.get(expected.size() - 1).isEmpty()) {
            expected.remove(expected.size() - 1);
        }
        assertEquals(expected.size(), actual.length, where + ": " + published + " vs " + ours);
        for (int i = 0; i < actual.length; i++) {
            BigDecimal e = number(expected.get(i));
            BigDecimal a = number(actual[i]);
            int digits = e == null || a == null ? 0 : Math.max(Math.min(e.scale(), a.scale()), 0);
            boolean same = e != null && a != null
                    ? a.setScale(digits, RoundingMode.HALF_UP).compareTo(e.setScale(digits, RoundingMode.HALF_UP)) == 0
                    : expected.get(i).stripTrailing().equals(actual[i].stripTrailing());
            assertTrue(same, where + " value " + (i + 1) + ": published " + published + ", ours " + ours);
        }
    }

    private static BigDecimal number(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * EXPLAIN of the lineitem-heavy queries shows their lineitem filters (comparisons of two
     * columns included) pushed into the scan, with no Filter left above it, and Q6's aggregate of
     * an expression answered whole by the scan (device-only: its splits are gathered), as is Q1's
     * GROUP BY of two strings (l_returnflag, l_linestatus), and Q14's and Q19's aggregates over
     * their join with part, turned into lookups of l_partkey (docs/spark.md, "Lookup joins").
     */
    @Test
    void explainShowsTheLineitemFiltersAndAggregatesPushed() {
        TpchQueries.register(spark, t -> spark.read().format("ispd")
                .option(OffloadKeys.OFFLOAD_POLICY.name(), "device-only").load(DIR + "/" + t));
        Map<Integer, List<String>> shown = Map.of(
                1, List.of("PushedFilters: [l_shipdate <= 10471]", "PushedAggregates: [SUM(l_quantity), "
                        + "SUM(l_extendedprice), SUM((l_extendedprice * (1BD - l_discount))), "
                        + "SUM(((l_extendedprice * (1BD - l_discount)) * (1BD + l_tax)))", "PushedGroupBy: [l_returnflag, "
                        + "l_linestatus] (complete)"),
                6, List.of("PushedFilters: [l_shipdate >= 8766, l_shipdate < 9131, l_discount >= 0.05, "
                                + "l_discount <= 0.07, l_quantity < 24.00]",
                        "PushedAggregates: [SUM((l_extendedprice * l_discount))], PushedGroupBy: [] (complete)"),
                12, List.of("l_shipmode IN ('MAIL', 'SHIP')", "l_commitdate < l_receiptdate",
                        "l_shipdate < l_commitdate", "l_receiptdate >= 8766", "l_receiptdate < 9131"),
                14, List.of("PushedFilters: [l_shipdate >= 9374, l_shipdate < 9404, lookup(l_partkey) = TRUE]",
                        "PushedAggregates: [SUM(CASE WHEN lookup(l_partkey, startswith(part.p_type, 'PROMO') of "
                                + "osd:///tpch/part by p_partkey, bitmap of 310 keys in [1, 2000]) THEN"),
                19, List.of("PushedFilters: [lookup(l_partkey) = TRUE", "l_shipinstruct = 'DELIVER IN PERSON'",
                        "l_shipmode IN ('AIR', 'AIR REG')", "l_quantity >= 1.00", "l_quantity <= 30.00",
                        "PushedAggregates: [SUM((l_extendedprice * (1BD - l_discount)))]"));
        for (Map.Entry<Integer, List<String>> q : shown.entrySet()) {
            SparkPlan whole = spark.sql(TpchQueries.sql(q.getKey())).queryExecution().executedPlan();
            // the plan that scans lineitem: the query's, or a subquery's (Q12's broadcast of the
            // line items, reused by the join, is first planned in the orders' runtime filter)
            SparkPlan plan = withSubqueries(whole).stream().filter(p -> p.find(this::scansLineitem).isDefined())
                    .findFirst().orElseThrow(() -> new AssertionError("Q" + q.getKey() + " scans no lineitem: " + whole));
            BatchScanExec lineitem = (BatchScanExec) plan.find(this::scansLineitem).get();
            String description = lineitem.scan().description();
            for (String pushed : q.getValue()) {
                assertTrue(description.contains(pushed), "Q" + q.getKey() + " pushes " + pushed + ": " + description);
            }
            assertTrue(plan.find(p -> p instanceof FilterExec f && f.child() == lineitem).isEmpty(),
                    "Q" + q.getKey() + " leaves no lineitem filter to Spark: " + plan);
        }
        for (int q : List.of(1, 6, 14, 19)) {
            assertTrue(spark.sql(TpchQueries.sql(q)).queryExecution().executedPlan()
                    .find(p -> p instanceof HashAggregateExec).isEmpty(), "Q" + q + " is answered by its scan");
        }
    }

    private boolean scansLineitem(SparkPlan p) {
        return p instanceof BatchScanExec scan && scan.table().name().endsWith("/lineitem");
    }

    private static List<SparkPlan> withSubqueries(SparkPlan plan) {
        List<SparkPlan> plans = new ArrayList<>(List.of(plan));
        plans.addAll(CollectionConverters.asJava(plan.subqueriesAll()));
        return plans;
    }

    /**
     * The tables written as Parquet into osd:// in chunks of 256 KiB, so that the larger tables'
     * row groups (36 of lineitem's) lie in both drives, and read through the connector, decoded in
     * the drives: the same 22 answers as Spark's reader over the local files; Q6's scan and Q1's
     * GROUP BY of two Parquet strings run in the drives, every row group of lineitem in one.
     */
    @Test
    void everyQueryOverParquetThroughTheDrivesEqualsSparksParquetReader()
            throws IOException, InterruptedException, TimeoutException {
        String osdParquet = "osd:///tpch-parquet";
        Configuration small = new Configuration(spark.sparkContext().hadoopConfiguration());
        small.setLong(IspdKeys.FS_CHUNK_SIZE.name(), PARQUET_CHUNK);
        // a client of its own: Hadoop's cache may hold an osd:/// client over an earlier test's stopped drives
        try (FileSystem osd = FileSystem.newInstance(URI.create(osdParquet), small)) {
            new TpchGenerator(SCALE).write(null, TpchGenerator.ParquetTarget.inChunks(osd,
                    new org.apache.hadoop.fs.Path(osdParquet), small, PARQUET_CHUNK));
        }
        TpchQueries.register(spark, t -> spark.read().format("ispd").option(OffloadKeys.OFFLOAD_POLICY.name(), "device-only")
                .load(osdParquet + "/" + t + ".parquet"));
        List<List<String>> ispd = answers();
        for (int n = 1; n <= TpchQueries.COUNT; n++) {
            assertEquals(parquet.get(n - 1), ispd.get(n - 1), "Q" + n + " over Parquet through the drives");
        }
        String placement = ScanRun.of(spark.sql(TpchQueries.sql(6))).described().stream()
                .filter(d -> d.startsWith("Placement: ")).findFirst().orElseThrow();
        Matcher q6 = Pattern.compile("Placement: policy device-only, (\\d+) partitions( gathered into 1)?: (\\d+) on device "
                + "\\(drives 0, 1\\).*").matcher(placement);
        assertTrue(q6.matches() && q6.group(1).equals(q6.group(3)), "Q6's lineitem scan ran in both drives: " + placement);
        SparkPlan q1 = spark.sql(TpchQueries.sql(1)).queryExecution().executedPlan();
        String lineitem = ((BatchScanExec) q1.find(p -> p instanceof BatchScanExec).get()).scan().description();
        assertTrue(lineitem.contains("PushedGroupBy: [l_returnflag, l_linestatus] (complete)")
                && lineitem.contains("on device"), "Q1's GROUP BY of Parquet strings runs in the drives: " + lineitem);
        assertTrue(q1.find(p -> p instanceof HashAggregateExec).isEmpty(), "Q1 is answered by its scan: " + q1);
    }

    @Test
    void everyQueryOverIspdEqualsParquetOnHostDeviceAndFastest() throws InterruptedException, TimeoutException {
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            TpchQueries.register(spark, t -> spark.read().format("ispd").option(OffloadKeys.OFFLOAD_POLICY.name(), policy)
                    .load(DIR + "/" + t));
            List<List<String>> ispd = answers();
            for (int n = 1; n <= TpchQueries.COUNT; n++) {
                assertEquals(parquet.get(n - 1), ispd.get(n - 1), "Q" + n + " under " + policy);
            }
            if (policy.equals("device-only")) {
                String placement = ScanRun.of(spark.sql(TpchQueries.sql(6))).described().stream()
                        .filter(d -> d.startsWith("Placement: ")).findFirst().orElseThrow();
                String allOnDevice = "Placement: policy device-only, (\\d+) partitions( gathered into 1)?: \\1 on device.*, "
                        + "0 on host.*";
                assertTrue(placement.matches(allOnDevice), "Q6's lineitem scan ran in the drives: " + placement);
            }
        }
    }
}
