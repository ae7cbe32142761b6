package dev.ispd.spark.read;

import static dev.ispd.spark.read.ComparedQuery.empty;
import static dev.ispd.spark.read.ComparedQuery.emptyFrame;
import static dev.ispd.spark.read.ComparedQuery.frame;
import static dev.ispd.spark.read.ComparedQuery.limited;
import static dev.ispd.spark.read.ComparedQuery.limitedFrame;
import static dev.ispd.spark.read.ComparedQuery.sql;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.importer.ImportFormat;
import dev.ispd.examples.worldcup.importer.WorldCupImporter;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.partition.PlannedPartition;
import dev.ispd.worldcup.WorldCup98;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import scala.Option;

/**
 * The connector against plain Spark reading the same bytes through FixedLengthInputFormat
 * ({@link PlainRecords}): equal results (as {@link ComparedQuery} defines them, ties included)
 * for {@value #QUERY_COUNT_TEXT} SQL and DataFrame queries, under the policies host-only,
 * device-only and fastest, on generated WorldCup98 data (seeds 1-6; entries of 20, 32, 64, 128
 * and 256 bytes, two seeds at 256) and on the real sample (200,000 requests imported from its
 * CSV). Every file spans several 300,001-byte chunks over three drives, so records straddle
 * chunk ends and every scan has several partitions.
 *
 * <p>The whole cross product (48 queries x 3 policies x 7 data sets) would take many minutes on
 * two cores, so it is cut as follows: every query under every policy on one generated data set
 * (256-byte entries, seed 5); a representative subset (all records, a filter on several fields,
 * a top-N with ties, an empty result at the edge of a type, a DataFrame grouping with every
 * aggregate) under every policy on every other data set, the real sample included; and on every
 * data set under every policy, Q1 as a GROUP BY whose groups are proved to span partitions
 * (some region is in the partial counts of two partitions). Plain Spark's answer is computed
 * once per data set and query. Under device-only every scan must have run in the drives (its
 * metrics: partitions on device, none on the host, no fallback), so the test cannot pass
 * host-only unnoticed; its aggregations are gathered into one partition (complete pushdown).
 */
@Tag("heavy")
class IdenticalResultsTest {
    /** Bytes a chunk: not a multiple of any entry size, so records straddle chunk ends. */
    private static final int CHUNK = 300_001;
    private static final String SAMPLE = "wc_day6_1_sample.tar.bz2";
    private static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");
    private static final String QUERY_COUNT_TEXT = "48";

    /** Generated data sets: name, seed, entries, entry size (each file 0.6-0.8 MB, two to three chunks). */
    private record Generated(String name, long seed, int entries, int entrySize) {
    }

    private static final List<Generated> GENERATED = List.of(
            new Generated("generated20", 1, 30_000, 20),
            new Generated("generated32", 2, 20_000, 32),
            new Generated("generated64", 3, 10_000, 64),
            new Generated("generated128", 4, 5_000, 128),
            new Generated("generated256", 5, 3_000, 256),
            new Generated("generated256-seed6", 6, 3_000, 256));
    /** The data set every query runs on. */
    private static final String FULL = "generated256";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    /** Plain Spark's answer per data set and query. */
    private static final Map<String, List<Row>> PLAIN_ANSWERS = new ConcurrentHashMap<>();

    static List<ComparedQuery> queries() {
        return List.of(
                sql("SELECT * FROM t"),
                sql("SELECT count(*) FROM t"),
                sql("SELECT region, count(*) FROM t GROUP BY region"),
                sql("SELECT region, type, count(*) FROM t GROUP BY region, type"),
                // Q2 (docs/queries.md): each region's top 3 types, ties between counts broken by type
                sql("SELECT region, type, n FROM (SELECT region, type, count(*) AS n, row_number() OVER "
                        + "(PARTITION BY region ORDER BY count(*) DESC, type) AS r FROM t GROUP BY region, type) "
                        + "WHERE r <= 3"),
                sql("SELECT clientID, size FROM t WHERE type = 0 AND size > 1000"),
                sql("SELECT objectID, method, status FROM t WHERE region IN (1, 3) OR status <> 72"),
                sql("SELECT objectID, count(*) AS n FROM t GROUP BY objectID ORDER BY n DESC, objectID LIMIT 10"),
                sql("SELECT min(timestamp), max(timestamp), sum(size), max(clientID) FROM t WHERE server >= 64"),
                // A filter on every field; counts always give a row, whatever the data selects.
                sql("SELECT count(*), sum(size) FROM t WHERE timestamp >= 893980800 AND timestamp <= 4294967295"),
                sql("SELECT count(*), max(objectID) FROM t WHERE clientID < 500"),
                sql("SELECT count(*) FROM t WHERE objectID BETWEEN 10 AND 2000"),
                sql("SELECT count(*), min(server), max(status) FROM t "
                        + "WHERE method = 0 AND status <> 0 AND server BETWEEN 1 AND 200"),
                sql("SELECT type, count(*) FROM t WHERE type IN (0, 1, 255, 300, -1) GROUP BY type"),
                sql("SELECT count(*) FROM t WHERE NOT (region IN (0, 2)) AND server > 10"),
                sql("SELECT max(objectID), min(size) FROM t WHERE NOT (type = 1 OR method = 1)"),
                sql("SELECT count(*) FROM t WHERE status <= 72 OR method > 0"),
                // The edges of each type: 1-byte, 4-byte and 3-bit unsigned fields, folded or kept.
                sql("SELECT count(*) FROM t WHERE type < 1000"),
                sql("SELECT count(*) FROM t WHERE type > 255"),
                sql("SELECT count(*) FROM t WHERE type >= 0 AND type <= 255 AND method < 256"),
                sql("SELECT count(*) FROM t WHERE size >= 4294967295 OR size <= 0"),
                sql("SELECT count(*) FROM t WHERE size > 4294967296 OR clientID < -1"),
                sql("SELECT count(*) FROM t WHERE region >= 0 AND region <= 7 AND server <= 255"),
                sql("SELECT count(*) FROM t WHERE region > 7 OR status < 0"),
                // DISTINCT aggregates and aggregates of literals: pushed with their meaning or left to Spark
                // (Spark's translation for sources turns COUNT(DISTINCT 1) into COUNT(*)).
                sql("SELECT region, count(1), count(type), count(DISTINCT 1) FROM t GROUP BY region"),
                sql("SELECT count(DISTINCT 1), count(*) FROM t"),
                sql("SELECT count(DISTINCT 1) FROM t WHERE type > 255"),
                sql("SELECT region, sum(DISTINCT size), count(DISTINCT type) FROM t GROUP BY region"),
                sql("SELECT min(1), max(2), sum(1), count(NULL) FROM t"),
                sql("SELECT count(NULL) FROM t"),
                sql("SELECT type, count(DISTINCT NULL), min(1) FROM t WHERE type < 3 GROUP BY type"),
                // Pushed and not pushed together: Spark filters only what was not pushed.
                sql("SELECT clientID, size FROM t WHERE size + 1 > 1000 AND type = 1"),
                // Top-N whose limit cuts through ties (few types, many rows each), and LIMIT without ORDER BY.
                limited("SELECT type, size, clientID FROM t ORDER BY type LIMIT 40", 1,
                        "SELECT type, size, clientID FROM t"),
                limited("SELECT region, timestamp FROM t WHERE method = 0 ORDER BY region DESC LIMIT 25", 1,
                        "SELECT region, timestamp FROM t WHERE method = 0"),
                limited("SELECT objectID, region FROM t WHERE type = 0 LIMIT 15", 0,
                        "SELECT objectID, region FROM t WHERE type = 0"),
                // Nothing selected, and LIMIT 0.
                empty("SELECT * FROM t WHERE type > 255"),
                empty("SELECT clientID FROM t WHERE region = 8"),
                empty("SELECT objectID FROM t WHERE size < 0"),
                empty("SELECT * FROM t WHERE type = 0 AND type = 1"),
                empty("SELECT region, count(*) FROM t WHERE server IN (-1, 256) GROUP BY region"),
                empty("SELECT * FROM t LIMIT 0"),
                // The same through the DataFrame API.
                frame("filter(type = 0 and size > 1000).select(clientID, size)",
                        t -> t.filter(col("type").equalTo(0).and(col("size").gt(1000))).select("clientID", "size")),
                frame("groupBy(region, method).agg(count, sum, min, max, avg)",
                        t -> t.groupBy("region", "method").agg(count(lit(1)), sum("size"), min("timestamp"),
                                max("objectID"), avg("size"))),
                frame("where(not(region in (0, 2)) and server between 10 and 100).groupBy(type).count()",
                        t -> t.where(not(col("region").isin(0, 2)).and(col("server").between(10, 100)))
                                .groupBy("type").count()),
                frame("select(region).distinct()", t -> t.select("region").distinct()),
                limitedFrame("orderBy(size desc).limit(25).select(size, type)",
                        t -> t.orderBy(col("size").desc()).limit(25).select("size", "type"), 1,
                        t -> t.select("size", "type")),
                emptyFrame("limit(0)", t -> t.limit(0)),
                emptyFrame("filter(status > 255).select(status)", t -> t.filter(col("status").gt(255)).select("status")));
    }

    /** The representative subset, run on every data set (with Q1, {@link #groupsThatSpanPartitionsAreMerged}). */
    private static final List<String> REPRESENTATIVE = List.of(
            "SELECT * FROM t",
            "SELECT count(*), min(server), max(status) FROM t WHERE method = 0 AND status <> 0 AND server BETWEEN 1 AND 200",
            "SELECT type, size, clientID FROM t ORDER BY type LIMIT 40",
            "SELECT * FROM t WHERE type > 255",
            "DataFrame: groupBy(region, method).agg(count, sum, min, max, avg)");

    static Stream<Arguments> everyQueryOnTheFullDataSets() {
        return POLICIES.stream().flatMap(p -> queries().stream().map(q -> Arguments.of(FULL, p, q)));
    }

    static Stream<Arguments> representativeQueriesOnTheOtherDataSets() {
        return Stream.concat(GENERATED.stream().map(Generated::name), Stream.of("sample")).filter(d -> !d.equals(FULL))
                .flatMap(d -> POLICIES.stream().flatMap(p -> queries().stream()
                        .filter(q -> REPRESENTATIVE.contains(q.name())).map(q -> Arguments.of(d, p, q))));
    }

    static Stream<Arguments> everyDataSetUnderEveryPolicy() {
        return Stream.concat(GENERATED.stream().map(Generated::name), Stream.of("sample"))
                .flatMap(d -> POLICIES.stream().map(p -> Arguments.of(d, p)));
    }

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        assertEquals(Integer.parseInt(QUERY_COUNT_TEXT), queries().size());
        assertEquals(REPRESENTATIVE.size(), queries().stream().filter(q -> REPRESENTATIVE.contains(q.name())).count(),
                "every representative query is in the list");
        for (Generated g : GENERATED) {
            register(g.name(), WorldCupFiles.generate(g.seed(), g.entries(), g.entrySize()), g.entrySize());
        }
        register("sample", importSample(), WorldCup98.RECORD_SIZE);
    }

    private static void register(String name, byte[] records, int entrySize) throws IOException {
        SparkSession spark = DRIVES.spark();
        String uri = DRIVES.write("/identical/" + name + ".bin", records);
        for (String policy : POLICIES) {
            spark.read().format("ispd").option("layout", "worldcup98").option("entrySize", entrySize)
                    .option("ispd.offload.policy", policy).load(uri).createOrReplaceTempView(view(name, policy));
        }
        PlainRecords.read(spark, uri, entrySize).createOrReplaceTempView(plainView(name));
    }

    private static String view(String dataset, String policy) {
        return "ispd_" + dataset.replace('-', '_') + "_" + policy.replace('-', '_');
    }

    private static String plainView(String dataset) {
        return "plain_" + dataset.replace('-', '_');
    }

    /** The real sample (../shared/data/worldcup98 beside the repository) as 20-byte records. */
    private static byte[] importSample() throws IOException {
        Path sample = Path.of("..").toAbsolutePath().normalize().resolveSibling("shared")
                .resolve("data/worldcup98").resolve(SAMPLE);
        if (!Files.isReadable(sample)) {
            throw new IllegalStateException("the WorldCup98 sample is not at " + sample
                    + " (expected ../shared/data/worldcup98 beside the repository root)");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WorldCupLogWriter out = WorldCupLogWriter.of(bytes, false, WorldCup98.RECORD_SIZE)) {
            new WorldCupImporter(ImportFormat.CSV).importFile(sample, out);
        }
        return bytes.toByteArray();
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("everyQueryOnTheFullDataSets")
    void everyQueryAnswersAsPlainSpark(String dataset, String policy, ComparedQuery query) {
        assertAnswersAsPlainSpark(dataset, policy, query);
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("representativeQueriesOnTheOtherDataSets")
    void representativeQueriesAnswerAsPlainSpark(String dataset, String policy, ComparedQuery query) {
        assertAnswersAsPlainSpark(dataset, policy, query);
    }

    /**
     * Q1's groups span partitions: some region is in the partial counts of two partitions (each
     * read on its own), and their merge (Spark's, or the gathered partition's where every split
     * runs in a drive, as under device-only) equals plain Spark's answer.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyDataSetUnderEveryPolicy")
    void groupsThatSpanPartitionsAreMerged(String dataset, String policy) throws IOException {
        ComparedQuery q1 = queries().get(2);
        Dataset<Row> df = q1.query().apply(DRIVES.spark(), view(dataset, policy));
        IspdScan scan = (IspdScan) scanNode(df.queryExecution().executedPlan()).scan();
        assertTrue(scan.description().contains("PushedGroupBy: [region] " + (scan.gathered() ? "(complete)" : "(partial)")),
                scan.description());
        assertTrue(!policy.equals("device-only") || scan.gathered(), "device-only gathers: " + scan.description());
        Map<Integer, Integer> partitionsPerRegion = new HashMap<>();
        for (PlannedPartition p : scan.partitions()) {
            try (PartitionReader<ColumnarBatch> reader = scan.readerFactory().createColumnarReader(p)) {
                while (reader.next()) {
                    reader.get().rowIterator().forEachRemaining(r -> partitionsPerRegion.merge(r.getInt(0), 1,
                            Integer::sum));
                }
            }
        }
        assertTrue(partitionsPerRegion.values().stream().anyMatch(n -> n >= 2),
                scan.partitions().size() + " partitions; partitions per region: " + partitionsPerRegion);
        assertAnswersAsPlainSpark(dataset, policy, q1);
    }

    private static void assertAnswersAsPlainSpark(String dataset, String policy, ComparedQuery query) {
        SparkSession spark = DRIVES.spark();
        List<Row> expected = PLAIN_ANSWERS.computeIfAbsent(dataset + ": " + query.name(),
                k -> query.query().apply(spark, plainView(dataset)).collectAsList());
        Dataset<Row> ispd = query.query().apply(spark, view(dataset, policy));
        List<Row> actual = ispd.collectAsList();
        query.assertSameAnswer(expected, actual, spark, plainView(dataset));
        if (policy.equals("device-only")) {
            assertRanInTheDrives(ispd, query);
        }
    }

    /** The scan's partitions ran in the drives, none on the host (a query Spark answers without a scan has none). */
    private static void assertRanInTheDrives(Dataset<Row> ispd, ComparedQuery query) {
        Option<SparkPlan> node = ispd.queryExecution().executedPlan().find(p -> p instanceof BatchScanExec);
        if (node.isEmpty()) {
            assertEquals(ComparedQuery.Kind.EMPTY, query.kind(), "only an empty answer needs no scan");
            return;
        }
        BatchScanExec scan = (BatchScanExec) node.get();
        assertTrue(((IspdScan) scan.scan()).partitions().stream()
                .allMatch(p -> p.split().decision().placement() == Placement.DEVICE), "all placed on device");
        assertTrue(metric(scan, SplitMetric.SPLITS_ON_DEVICE) >= 1, "ran in a drive");
        assertTrue(metric(scan, SplitMetric.BYTES_READ_IN_DRIVES) > 0, "scanned in a drive");
        assertEquals(0, metric(scan, SplitMetric.SPLITS_ON_HOST), "no partition on the host");
        assertEquals(0, metric(scan, SplitMetric.FALLBACKS), "no fallback");
    }

    private static BatchScanExec scanNode(SparkPlan plan) {
        return (BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get();
    }

    private static long metric(BatchScanExec scan, SplitMetric m) {
        return scan.metrics().get(ScanMetric.nameOf(m)).get().value();
    }
}
