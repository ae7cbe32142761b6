package dev.ispd.spark.read;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.partition.AggregateGathering;
import dev.ispd.spark.read.partition.GatheredPartition;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.physical.UnknownPartitioning;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import scala.jdk.javaapi.CollectionConverters;

/**
 * An aggregation whose splits run in drives is gathered: one input partition runs every split in
 * its drive at once (and any host split beside them) and merges their groups, Spark adds no
 * aggregation and no shuffle, and the
 * answers are plain Spark's over the same bytes and those of one partition per split merged by
 * Spark (gathering off). A drive that fails falls back for its split inside the gathered partition.
 */
@Tag("heavy")
class GatheredAggregationTest {
    /** Bytes a chunk: not a multiple of the entry size, so records straddle chunk ends. */
    private static final int CHUNK = 300_001;
    private static final int ENTRY = 256;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    private static String worldCup;
    private static String signed;

    static Stream<String> queries() {
        return Stream.of(
                "SELECT region, count(*) FROM t GROUP BY region",
                // Q2 (docs/queries.md)
                "SELECT region, type, n FROM (SELECT region, type, count(*) AS n, row_number() OVER "
                        + "(PARTITION BY region ORDER BY count(*) DESC, type) AS r FROM t GROUP BY region, type) "
                        + "WHERE r <= 3",
                "SELECT type, count(size), sum(size), min(timestamp), max(objectID) FROM t WHERE region < 6 GROUP BY type",
                "SELECT count(*), count(clientID), sum(size), min(size), max(size) FROM t",
                // no record matches: one row of 0 counts and NULLs without GROUP BY, no row with it
                "SELECT count(*), count(size), sum(size), min(size), max(status) FROM t WHERE type > 255",
                "SELECT region, count(*), sum(size) FROM t WHERE status > 1000 GROUP BY region",
                // HAVING and ORDER BY above the aggregate
                "SELECT region, count(*) AS n FROM t GROUP BY region HAVING count(*) > 300 ORDER BY n DESC",
                // AVG is refused complete pushdown, then pushed rewritten as SUM and COUNT: partial
                "SELECT region, avg(size), max(size) FROM t GROUP BY region");
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        worldCup = DRIVES.write("/gather/generated256.bin", WorldCupFiles.generate(11, 4_000, ENTRY));
        worldCup(true).createOrReplaceTempView("gathered");
        worldCup(false).createOrReplaceTempView("not_gathered");
        PlainRecords.read(spark, worldCup, ENTRY).createOrReplaceTempView("plain");

        signed = DRIVES.uri("/gather/signed");
        signedValues().write().format("ispd").option("layout", "id u32 le @0, temp i16 le @4, level u8 @6")
                .option("entrySize", 8).mode("overwrite").save(signed);
    }

    /** Values of a signed field, positive and negative, in three part files: temp from -1000 to 1000. */
    private static Dataset<Row> signedValues() {
        return DRIVES.spark().range(0, 90_000).select(col("id").cast("long").as("id"),
                col("id").multiply(37).mod(2001).minus(1000).cast("short").as("temp"),
                col("id").mod(7).cast("int").as("level")).repartition(3);
    }

    private static Dataset<Row> worldCup(boolean gather) {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.aggregate.gather", gather).load(worldCup);
    }

    @ParameterizedTest
    @MethodSource("queries")
    void answersAsPlainSparkAndAsOnePartitionPerSplit(String query) {
        List<String> plain = rows(query.replace("FROM t", "FROM plain"));
        assertEquals(plain, rows(query.replace("FROM t", "FROM not_gathered")));
        assertEquals(plain, rows(query.replace("FROM t", "FROM gathered")));
    }

    @Test
    void q1IsOneStageWithoutAnExchangeOrAnAggregationInSpark() {
        Dataset<Row> q1 = sql("SELECT region, count(*) FROM t GROUP BY region", "gathered");
        SparkPlan plan = q1.queryExecution().executedPlan();
        assertTrue(plan.find(p -> p.nodeName().contains("Exchange")).isEmpty(), plan.toString());
        assertTrue(plan.find(p -> p.nodeName().contains("HashAggregate")).isEmpty(), plan.toString());
        BatchScanExec node = scanNode(q1);
        List<InputPartition> run = CollectionConverters.asJava(node.inputPartitions());
        assertEquals(1, run.size());
        IspdScan scan = (IspdScan) node.scan();
        GatheredPartition gathered = assertInstanceOf(GatheredPartition.class, run.get(0));
        assertEquals(scan.partitions().size(), gathered.splits().size());
        assertTrue(scan.partitions().size() >= 3, "several splits over three drives: " + scan.partitions());
        Set<String> hosts = scan.partitions().stream().map(p -> p.split().host()).collect(Collectors.toSet());
        assertEquals(hosts, Set.of(gathered.preferredLocations()), "every drive's host");
        assertTrue(scan.description().contains("PushedAggregates: [COUNT(*)], PushedGroupBy: [region] (complete)"),
                scan.description());
        assertTrue(scan.description().matches("(?s).*Placement: policy device-only, (\\d+) partitions gathered into 1: "
                + "\\1 on device \\(drives 0, 1, 2\\), 0 on host.*"), scan.description());

        Dataset<Row> notGathered = sql("SELECT region, count(*) FROM t GROUP BY region", "not_gathered");
        SparkPlan merged = notGathered.queryExecution().executedPlan();
        assertTrue(merged.find(p -> p.nodeName().contains("Exchange")).isDefined(), merged.toString());
        assertTrue(((IspdScan) scanNode(notGathered).scan()).description().contains("(partial)"));
    }

    /**
     * Q2 loses the aggregation's exchange but keeps the window's: Spark 4.2's scan node reports an
     * unknown partitioning even for one input partition (no SinglePartition, which would satisfy
     * the window's clustering by region), and the connector API offers only key-grouped
     * partitioning, which would claim one region per partition.
     */
    @Test
    void q2KeepsOnlyTheWindowsExchangeAboveAGatheredScan() {
        String q2 = queries().toList().get(1);
        Dataset<Row> df = sql(q2, "gathered");
        SparkPlan plan = df.queryExecution().executedPlan();
        assertTrue(plan.find(p -> p.nodeName().contains("HashAggregate")).isEmpty(), plan.toString());
        assertEquals(1, Pattern.compile("Exchange ").matcher(plan.toString()).results().count(), plan.toString());
        assertTrue(plan.toString().contains("Exchange hashpartitioning(region"), plan.toString());
        assertEquals(UnknownPartitioning.class, scanNode(df).outputPartitioning().getClass());
    }

    /**
     * A global ORDER BY over a gathered scan runs the scan once: without the session extension's
     * sort in place, Spark's range exchange ran a sampling job that executed every split in its
     * drive a second time, and the scan's metrics counted each partition twice.
     */
    @Test
    void anOrderByAboveAGatheredScanRunsItsSplitsOnce() {
        String query = "SELECT region, count(*) AS n FROM t WHERE size > 0 GROUP BY region ORDER BY region";
        Dataset<Row> df = sql(query, "gathered");
        List<String> answer = df.collectAsList().stream().map(Row::toString).toList();
        assertEquals(answer.stream().sorted().toList(), answer, "in the order asked");
        assertEquals(rows(query.replace("FROM t", "FROM plain")), answer.stream().sorted().toList());
        SparkPlan plan = df.queryExecution().executedPlan();
        assertTrue(plan.find(p -> p.nodeName().contains("Exchange")).isEmpty(), plan.toString());
        BatchScanExec node = scanNode(df);
        IspdScan scan = (IspdScan) node.scan();
        assertTrue(scan.gathered(), scan.description());
        assertEquals(scan.partitions().size(), metric(node, SplitMetric.SPLITS_ON_DEVICE),
                "each split executed once in its drive: " + scan.partitions());
        assertEquals(0, metric(node, SplitMetric.SPLITS_ON_HOST));
    }

    /** MIN, MAX and SUM of a signed field over several part files, against Spark over the same values. */
    @Test
    void signedValuesOverSeveralFilesAggregateAsInSpark() {
        Dataset<Row> ispd = DRIVES.spark().read().format("ispd").option("layout", "id u32 le @0, temp i16 le @4, level u8 @6")
                .option("entrySize", 8).option("ispd.offload.policy", "device-only").load(signed);
        ispd.createOrReplaceTempView("signed_ispd");
        signedValues().createOrReplaceTempView("signed_plain");
        String query = "SELECT level, count(*), count(temp), sum(temp), min(temp), max(temp), min(id) FROM t "
                + "WHERE temp < 900 GROUP BY level";
        Dataset<Row> gathered = DRIVES.spark().sql(query.replace("FROM t", "FROM signed_ispd"));
        assertTrue(((IspdScan) scanNode(gathered).scan()).gathered(), scanNode(gathered).scan().description());
        assertEquals(rows(query.replace("FROM t", "FROM signed_plain")), sorted(gathered));
    }

    /** A crashing drive: its splits fall back to the host inside the one gathered partition; the answer stands. */
    @Test
    void aFailingDriveFallsBackForItsSplitInsideTheGatheredPartition() throws Exception {
        String query = "SELECT region, type, count(*), sum(size) FROM t GROUP BY region, type";
        List<String> expected = rows(query.replace("FROM t", "FROM plain"));
        Dataset<Row> df = DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.device.retries", 0)
                .option("ispd.offload.correction", false).load(worldCup).groupBy("region", "type")
                .agg(org.apache.spark.sql.functions.count("*"), org.apache.spark.sql.functions.sum("size"));
        IspdScan scan = (IspdScan) scanNode(df).scan();
        assertTrue(scan.gathered(), scan.description());
        List<PlannedSplit> onVictim = scan.partitions().stream().map(PlannedPartition::split)
                .filter(s -> s.drive() == 0).toList();
        assertFalse(onVictim.isEmpty(), "drive 0 runs some split: " + scan.partitions());
        try (Drive d = Drive.connect(DRIVES.address(0))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
            try {
                assertEquals(expected, sorted(df));
            } finally {
                d.clearFaults();
            }
        }
        BatchScanExec node = scanNode(df);
        long fallbacks = metric(node, SplitMetric.FALLBACKS);
        assertEquals(onVictim.size(), fallbacks, "each split of drive 0 fell back");
        assertEquals(onVictim.size(), metric(node, SplitMetric.SPLITS_ON_HOST));
        assertEquals(scan.partitions().size() - onVictim.size(), metric(node, SplitMetric.SPLITS_ON_DEVICE),
                "the other drives' splits ran in their drives, counted over the one partition");
    }

    @Test
    void withGatheringOffOrSplitsOnTheHostTheAggregationIsPartial() {
        Dataset<Row> off = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY).option("ispd.offload.policy", "device-only").load(worldCup);
        DRIVES.spark().conf().set("spark.ispd.aggregate.gather", "false");
        try {
            IspdScan scan = (IspdScan) scanNode(off.groupBy("region").count()).scan();
            assertFalse(scan.gathered());
            assertTrue(scan.description().contains("(partial)"), scan.description());
        } finally {
            DRIVES.spark().conf().unset("spark.ispd.aggregate.gather");
        }
        Dataset<Row> host = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY).option("ispd.offload.policy", "host-only").load(worldCup);
        IspdScan onHost = (IspdScan) scanNode(host.groupBy("region").count()).scan();
        assertTrue(onHost.description().contains("(partial)") && !onHost.gathered(), onHost.description());
        AnalysisException bad = assertThrows(AnalysisException.class, () -> DRIVES.spark().read().format("ispd")
                .option("layout", "worldcup98").option("entrySize", ENTRY).option("ispd.aggregate.gather", "yes")
                .load(worldCup));
        assertTrue(bad.getMessage().contains("ispd.aggregate.gather: 'yes' must be true or false"), bad.getMessage());
    }

    /**
     * An aggregation of expressions, which the scan pushes only whole, is gathered with every split
     * on the host: the host runs its plan (on the host slots' threads), as the scheduler priced
     * it, instead of a scan of rows for Spark to aggregate (TPC-H Q1 under fastest, placed on the
     * host by the profile, ran as one and never taught the measured basis the host's time).
     */
    @Test
    void anAggregationOfExpressionsIsGatheredOnTheHostToo() {
        String query = "SELECT region, max(size * 2), min(objectID + 1) FROM t GROUP BY region";
        Dataset<Row> host = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY).option("ispd.offload.policy", "host-only").load(worldCup);
        host.createOrReplaceTempView("on_host");
        Dataset<Row> df = sql(query, "on_host");
        IspdScan scan = (IspdScan) scanNode(df).scan();
        assertTrue(scan.gathered() && scan.description().contains("(complete)"), scan.description());
        assertTrue(scan.partitions().stream().allMatch(p -> p.split().decision().placement() == Placement.HOST));
        assertEquals(rows(query.replace("FROM t", "FROM plain")), rows(query.replace("FROM t", "FROM on_host")));
    }

    /**
     * Splits placed on the host (as {@code fastest} places some) are gathered too, however long
     * they are predicted to take against the drives (TPC-H Q1's host splits were predicted to take
     * longer than the longest drive's: refused, its aggregation of expressions ran as a scan of
     * rows); the task runs them on the host slots' threads beside the drives, with the same answer.
     */
    @Test
    void hostSplitsAreGatheredWhateverTheirPredictedTime() throws IOException {
        IspdScan scan = (IspdScan) scanNode(sql("SELECT region, count(*) FROM t GROUP BY region", "gathered")).scan();
        List<PlannedPartition> planned = scan.partitions();
        long longestOther = planned.stream().skip(1).mapToLong(p -> p.split().decision().device().timeNs()).max()
                .orElseThrow();
        List<PlannedPartition> longer = withOnHost(planned, 2, 10 * longestOther + 1);
        assertEquals(Optional.empty(), AggregateGathering.placementRefusal(longer, "fastest"));
        assertEquals(Optional.of("no split is placed in a drive (policy host-only)"),
                AggregateGathering.placementRefusal(withOnHost(planned.subList(0, 1), 1, 0), "host-only"));

        Map<String, Long> mixed = new TreeMap<>();
        assertEquals(PartitionRegionCounts.of(scan, gathered(planned), new TreeMap<>()),
                PartitionRegionCounts.of(scan, gathered(longer), mixed));
        assertEquals(2, mixed.get(ScanMetric.nameOf(SplitMetric.SPLITS_ON_HOST)), "on the host slots' threads");
        assertEquals(planned.size() - 2, mixed.get(ScanMetric.nameOf(SplitMetric.SPLITS_ON_DEVICE)));
    }

    private static GatheredPartition gathered(List<PlannedPartition> planned) {
        return new GatheredPartition(planned.stream().map(PlannedPartition::split).toList());
    }

    /** {@code planned} with its first {@code n} splits placed on the host, each predicted to take {@code hostNs} there. */
    private static List<PlannedPartition> withOnHost(List<PlannedPartition> planned, int n, long hostNs) {
        List<PlannedPartition> out = new ArrayList<>(planned);
        for (int i = 0; i < n; i++) {
            PlannedSplit s = planned.get(i).split();
            Decision d = s.decision();
            Decision onHost = new Decision(d.index(), d.drive(), Placement.HOST, new Cost(hostNs, d.host().energyNj()),
                    d.device(), "fastest", "placed on the host by the test", d.baseline());
            out.set(i, new PlannedPartition(new PlannedSplit(s.file(), s.pieces(), s.recordSize(), s.drive(),
                    s.geometry(), onHost, 0)));
        }
        return out;
    }

    private static Dataset<Row> sql(String query, String view) {
        return DRIVES.spark().sql(query.replace("FROM t", "FROM " + view));
    }

    private static BatchScanExec scanNode(Dataset<Row> df) {
        return (BatchScanExec) df.queryExecution().executedPlan().find(p -> p instanceof BatchScanExec).get();
    }

    private static long metric(BatchScanExec node, SplitMetric m) {
        return node.metrics().get(ScanMetric.nameOf(m)).get().value();
    }

    private static List<String> rows(String sql) {
        return sorted(DRIVES.spark().sql(sql));
    }

    private static List<String> sorted(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
