package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPiece;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.PlanResult;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Partitions placed by the offload core and the plans they run: pushed aggregates, LIMIT and
 * top-N give plain Spark's answers over the same bytes under host-only, device-only and fastest;
 * EXPLAIN shows what was pushed and where the partitions run; the scan's metrics count what ran
 * where; a partition whose drive fails falls back to the host with the same rows.
 */
@Tag("heavy")
class PlacementTest {
    /** Bytes a chunk: not a multiple of any entry size, so records straddle chunk ends. */
    private static final int CHUNK = 300_001;
    private static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    private static final Map<String, String> FILES = new HashMap<>();
    private static final Map<String, Integer> ENTRY_SIZES = Map.of("generated256", 256, "small256", 256);

    static Stream<String> queries() {
        return Stream.of(
                "SELECT region, count(*) FROM t GROUP BY region",
                "SELECT region, type, count(*) FROM t WHERE type < 5 GROUP BY region, type",
                "SELECT count(*), sum(size), min(timestamp), max(objectID), count(clientID) FROM t WHERE status <> 72",
                "SELECT count(*), sum(size), min(type) FROM t WHERE type > 255",
                "SELECT type, max(size), min(size), avg(size) FROM t GROUP BY type",
                "SELECT clientID, size FROM t WHERE type = 0 AND size > 1000",
                "SELECT * FROM t WHERE region = 3",
                "SELECT size FROM t ORDER BY size DESC LIMIT 7",
                "SELECT type FROM t WHERE region < 4 ORDER BY type LIMIT 40",
                "SELECT count(*) FROM (SELECT * FROM t WHERE region = 2 LIMIT 15)",
                "SELECT count(*) FROM (SELECT objectID FROM t LIMIT 0)");
    }

    /** Every query on several chunks of 256-byte records; on one chunk, the aggregates (pushed completely). */
    static Stream<Arguments> cases() {
        return Stream.concat(
                POLICIES.stream().flatMap(p -> queries().map(q -> Arguments.of("generated256", p, q))),
                POLICIES.stream().flatMap(p -> queries().limit(5).map(q -> Arguments.of("small256", p, q))));
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        register("generated256", WorldCupFiles.generate(4, 3_000, 256));
        register("small256", WorldCupFiles.generate(5, 200, 256)); // one chunk: one partition
    }

    private static void register(String name, byte[] records) throws IOException {
        String uri = DRIVES.write("/placement/" + name + ".bin", records);
        FILES.put(name, uri);
        for (String policy : POLICIES) {
            read(name, policy).createOrReplaceTempView(view(name, policy));
        }
        PlainRecords.read(DRIVES.spark(), uri, ENTRY_SIZES.get(name)).createOrReplaceTempView("plain_" + name);
    }

    private static Dataset<Row> read(String name, String policy) {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", ENTRY_SIZES.get(name)).option("ispd.offload.policy", policy).load(FILES.get(name));
    }

    private static String view(String name, String policy) {
        return "ispd_" + name + "_" + policy.replace('-', '_');
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("cases")
    void answersAsPlainSparkUnderEveryPolicy(String dataset, String policy, String query) {
        assertEquals(rows(query.replace("FROM t", "FROM plain_" + dataset)),
                rows(query.replace("FROM t", "FROM " + view(dataset, policy))));
    }

    @Test
    void explainShowsThePushedAggregationAndThePlacement() {
        String query = "SELECT region, count(*), sum(size) FROM t WHERE type = 0 GROUP BY region";
        String plan = explain(sql(query, "generated256", "device-only"));
        assertTrue(plan.contains("PushedFilters: [type = 0], PushedAggregates: [COUNT(*), SUM(size)], "
                + "PushedGroupBy: [region] (complete), ReadSchema: struct<region:int,COUNT(*):bigint,SUM(size):bigint>"),
                plan);
        assertFalse(plan.contains("HashAggregate"), "one partition gathers every split's groups: " + plan);
        assertTrue(plan.matches("(?s).*Placement: policy device-only, (\\d+) partitions gathered into 1: \\1 on device "
                + "\\(drives 0, 1, 2\\), 0 on host.*"), plan);
        String host = explain(sql(query, "generated256", "host-only"));
        assertTrue(host.contains("PushedAggregates: [COUNT(*), SUM(size)], PushedGroupBy: [region] (partial)"), host);
        assertTrue(host.contains("HashAggregate"), "Spark merges the partitions' groups: " + host);
        assertTrue(host.matches("(?s).*Placement: policy host-only, (\\d+) partitions: 0 on device, \\1 on host.*"), host);
    }

    @Test
    void oneChunkIsAggregatedCompletelyInTheScan() {
        String plan = explain(sql("SELECT type, count(*) FROM t GROUP BY type", "small256", "device-only"));
        assertTrue(plan.contains("PushedAggregates: [COUNT(*)], PushedGroupBy: [type] (complete)"), plan);
        assertFalse(plan.contains("HashAggregate"), "no merge in Spark: " + plan);
        assertTrue(plan.contains("1 partitions: 1 on device"), plan);
    }

    @Test
    void explainShowsThePushedTopNAndLimit() {
        String top = explain(sql("SELECT size FROM t WHERE region = 1 ORDER BY size DESC LIMIT 7", "generated256",
                "fastest"));
        assertTrue(top.contains("PushedFilters: [region = 1], PushedTopN: ORDER BY [size DESC NULLS LAST] LIMIT 7, "
                + "ReadSchema: struct<size:bigint>"), top);
        String limit = explain(sql("SELECT clientID FROM t LIMIT 15", "generated256", "fastest"));
        assertTrue(limit.contains("PushedLimit: LIMIT 15, ReadSchema: struct<clientID:bigint>"), limit);
    }

    @Test
    void whatCannotBePushedStaysWithSpark() {
        String distinct = explain(sql("SELECT count(DISTINCT type) FROM t", "generated256", "fastest"));
        assertFalse(distinct.contains("PushedAggregates"), distinct);
        String unknownFunction = explain(sql("SELECT size, type FROM t ORDER BY abs(size - 7), type LIMIT 3",
                "generated256", "fastest"));
        assertFalse(unknownFunction.contains("PushedTopN"), "no ABS in plans: " + unknownFunction);
    }

    /**
     * Where a spark-submit logs at INFO, a scan writes one placement line, the scheduler's summary;
     * each partition's decision is a DEBUG line (issue 28: a line per split flooded the console).
     */
    @Test
    void aScanLogsOnePlacementSummaryAtInfoAndEachSplitAtDebug() {
        for (String query : List.of("SELECT region, count(*) FROM t GROUP BY region", "SELECT * FROM t WHERE type = 2")) {
            List<LogEvent> events = LogCapture.of("dev.ispd", () -> sql(query, "generated256", "fastest").collectAsList());
            List<String> info = placementLines(events, Level.INFO);
            assertEquals(1, info.size(), query + ": " + info);
            assertTrue(info.get(0).startsWith("offload plan (fastest) of spark-scan/"), info.get(0));
            List<String> debug = placementLines(events, Level.DEBUG);
            assertTrue(debug.size() >= 2 && debug.stream().allMatch(m -> m.matches("split \\d+ -> .*")),
                    query + ": a DEBUG line per split: " + debug);
        }
    }

    /** The lines of the offload scheduler (its placements) at {@code level}. */
    private static List<String> placementLines(List<LogEvent> events, Level level) {
        return events.stream().filter(e -> e.getLevel() == level && e.getLoggerName().endsWith(".OffloadScheduler"))
                .map(e -> e.getMessage().getFormattedMessage()).toList();
    }

    /** A predicate deeper than a drive takes is not pushed; Spark applies it and the answer stands. */
    @Test
    void aPredicateTooDeepForTheDrivesIsLeftToSpark() {
        StringBuilder deep = new StringBuilder("type = 0");
        for (int i = 1; i <= 18; i++) {
            deep = new StringBuilder((i % 2 == 0 ? "type = " + i + " OR (" : "size > " + i + " AND (") + deep + ")");
        }
        String query = "SELECT count(*) FROM t WHERE " + deep;
        Dataset<Row> ispd = sql(query, "generated256", "device-only");
        assertTrue(explain(ispd).contains("Filter "), explain(ispd));
        assertEquals(rows(query.replace("FROM t", "FROM plain_generated256")), ispd.collectAsList().stream()
                .map(Row::toString).toList());
    }

    @Test
    void metricsCountWhatRanInTheDrivesAndOnTheHost() {
        long length = 3_000L * 256;
        Map<String, Long> device = metrics(sql("SELECT region, count(*) FROM t GROUP BY region", "generated256",
                "device-only"));
        long onDevice = metric(device, "SPLITS_ON_DEVICE");
        assertTrue(onDevice >= 3, device.toString());
        assertEquals(length, metric(device, "BYTES_READ_IN_DRIVES") + metric(device, "BYTES_MOVED_TO_HOST"),
                "every byte scanned once: in a drive, or on the host where a record straddles chunks");
        assertTrue(metric(device, "RESULT_BYTES_FROM_DRIVES") <= onDevice * PlanResult.bytes(8, 2),
                "a drive returns at most 8 regions' counts: " + device);
        assertTrue(metric(device, "MODELED_DEVICE_NS") > 0 && metric(device, "MODELED_DEVICE_ENERGY_NJ") > 0, device.toString());
        assertEquals(0, metric(device, "FALLBACKS"));

        Map<String, Long> host = metrics(sql("SELECT * FROM t WHERE type = 1", "generated256", "host-only"));
        assertEquals(0, metric(host, "SPLITS_ON_DEVICE"));
        assertEquals(0, metric(host, "BYTES_READ_IN_DRIVES"));
        assertEquals(length, metric(host, "BYTES_MOVED_TO_HOST"));
        assertTrue(metric(host, "SPLITS_ON_HOST") >= 3 && metric(host, "MODELED_HOST_NS") > 0, host.toString());
    }

    /** A device partition whose drive fails (here: its extents name no object) runs on the host with the same rows. */
    @Test
    void aFailedDevicePartitionFallsBackToTheHost() throws IOException {
        IspdScan scan = scan(sql("SELECT region, count(*) FROM t GROUP BY region", "generated256", "device-only"));
        PlannedSplit split = scan.partitions().stream().map(PlannedPartition::split)
                .filter(s -> s.decision().placement() == Placement.DEVICE).findFirst().orElseThrow();
        List<SplitPiece> broken = new ArrayList<>();
        for (SplitPiece p : split.pieces()) {
            broken.add(new SplitPiece(p.start(), p.length(), p.drive(), p.extents().stream()
                    .map(e -> new ChunkExtent(e.drive(), e.objectId() + 1_000_000, e.objectOffset(), e.length(),
                            e.fileOffset())).toList()));
        }
        PlannedSplit failing = new PlannedSplit(split.file(), broken, split.recordSize(), split.drive(),
                split.geometry(), split.decision(), 0);
        Map<String, Long> metrics = new HashMap<>();
        Map<Integer, Long> fallenBack = PartitionRegionCounts.of(scan, new PlannedPartition(failing), metrics);
        assertEquals(PartitionRegionCounts.of(scan, new PlannedPartition(split), new HashMap<>()), fallenBack);
        assertEquals(1, metric(metrics, "FALLBACKS"));
        assertEquals(1, metric(metrics, "SPLITS_ON_HOST"));
        assertEquals(0, metric(metrics, "SPLITS_ON_DEVICE"));
        assertEquals(split.length(), metric(metrics, "BYTES_MOVED_TO_HOST"));
    }

    @Test
    void badSettingsAndUnknownColumnsAreAnalysisErrorsNamingThem() {
        AnalysisException policy = assertThrows(AnalysisException.class, () -> DRIVES.spark().read().format("ispd")
                .option("layout", "worldcup98").option("entrySize", 256).option("ispd.offload.policy", "sideways")
                .load(FILES.get("small256")));
        assertTrue(policy.getMessage().contains("ispd.offload.policy: 'sideways'"), policy.getMessage());
        AnalysisException column = assertThrows(AnalysisException.class,
                () -> sql("SELECT count(*) FROM t WHERE regoin = 1", "small256", "fastest").collectAsList());
        assertTrue(column.getMessage().contains("regoin"), column.getMessage());
    }

    private static Dataset<Row> sql(String query, String dataset, String policy) {
        return DRIVES.spark().sql(query.replace("FROM t", "FROM " + view(dataset, policy)));
    }

    private static String explain(Dataset<Row> df) {
        return df.queryExecution().explainString(ExplainMode.fromString("simple"));
    }

    private static IspdScan scan(Dataset<Row> df) {
        return (IspdScan) scanNode(df).scan();
    }

    private static BatchScanExec scanNode(Dataset<Row> df) {
        return (BatchScanExec) df.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get();
    }

    /** Runs {@code df} and returns its scan's metrics by name. */
    private static Map<String, Long> metrics(Dataset<Row> df) {
        df.collectAsList();
        Map<String, Long> values = new HashMap<>();
        scanNode(df).metrics().foreach(e -> values.put(e._1(), e._2().value()));
        return values;
    }

    private static long metric(Map<String, Long> metrics, String splitMetric) {
        return metrics.getOrDefault(ScanMetric.nameOf(SplitMetric.valueOf(splitMetric)), 0L);
    }

    private static List<String> rows(String sql) {
        return DRIVES.spark().sql(sql).collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
