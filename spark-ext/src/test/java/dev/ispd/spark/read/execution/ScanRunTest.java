package dev.ispd.spark.read.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.protocol.Status;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.IspdScan;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a run of a scan leaves on its drives and in the offload correction: one instance of the
 * scan's plan per drive per SQL execution, shared by that drive's device partitions and deleted
 * when the execution ends; a Dataset run again (its partitions still naming the deleted
 * instances) answers the same without a fallback; and the partitions' observed costs folded into
 * the correction file DeviceJobs use, which the next scan plans with.
 */
class ScanRunTest {
    private static final int DRIVE_COUNT = 3;
    private static final int ENTRY = 256;
    /** Small chunks and device groups: several device partitions on each drive. */
    private static final int CHUNK = 64 * 1024;
    private static final String CORRECTIONS = "/.ispd/offload-correction.json";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(DRIVE_COUNT, CHUNK);

    private static String uri;

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        uri = DRIVES.write("/runs/generated256.bin", WorldCupFiles.generate(6, 6_000, ENTRY));
    }

    /**
     * A filter and projection run in the drives, with no shuffle (whose saved output a second run
     * would reuse instead of scanning again), with the correction on or off (its observation
     * files are osd:// objects on the drives too).
     */
    private static Dataset<Row> matchingRecords(boolean correction) {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.split.group.max.bytes", 2 * CHUNK)
                .option("ispd.offload.correction", correction).load(uri).where("type = 1").select("clientID", "size");
    }

    @Test
    void eachDriveGetsOneInstanceOfThePlanPerExecutionDeletedWhenItEnds() throws Exception {
        Dataset<Row> df = matchingRecords(false);
        long[] before = nextObjectIds();
        List<Row> first = df.collectAsList();
        long[] after = nextObjectIds();
        Map<Integer, Long> partitionsPerDrive = new HashMap<>();
        scan(df).partitions().stream().map(p -> p.split())
                .filter(s -> s.decision().placement() == Placement.DEVICE)
                .forEach(s -> partitionsPerDrive.merge(s.drive(), 1L, Long::sum));
        for (int d = 0; d < DRIVE_COUNT; d++) {
            assertTrue(partitionsPerDrive.getOrDefault(d, 0L) >= 2, "several device partitions on drive " + d
                    + ": " + partitionsPerDrive);
            // object ids are handed out in order: the probe of "before", one tasklet instance, nothing else
            assertEquals(2, after[d] - before[d], "objects created on drive " + d + " by one run of "
                    + partitionsPerDrive.get(d) + " device partitions");
        }
        awaitDeleted(before, after);

        List<Row> again = df.collectAsList();
        assertEquals(first, again);
        assertEquals(0, metric(df, SplitMetric.FALLBACKS), "a run again creates instances, it does not fall back");
        assertEquals(partitionsPerDrive.values().stream().mapToLong(Long::longValue).sum(),
                metric(df, SplitMetric.SPLITS_ON_DEVICE));
    }

    @Test
    void devicePartitionsFeedTheCorrectionsTheNextScanPlansWith() throws Exception {
        matchingRecords(true).collectAsList();
        FileSystem fs = FileSystem.get(new Path(uri).toUri(), DRIVES.hadoopConf());
        Path file = new Path(CORRECTIONS);
        Map<String, CorrectionBook.Entry> entries = awaitCorrections(fs, file);
        for (int d = 0; d < DRIVE_COUNT; d++) {
            CorrectionBook.Entry e = entries.get(CorrectionBook.deviceKey("spark-scan", DRIVES.address(d)));
            assertTrue(e != null && e.samples() >= 2, "drive " + d + "'s partitions observed: " + entries);
        }
        assertFalse(fs.exists(new Path(CORRECTIONS + ".observations")),
                "the observations came back with the tasks' results, not through files");
    }

    /**
     * A gathered aggregation's splits, all in one task, share their drive's instance of the plan
     * (one per drive per execution, as for separate partitions) and each returns its observation.
     */
    @Test
    void aGatheredAggregationsSplitsShareTheirDrivesInstanceAndFeedTheCorrections() throws Exception {
        String corrections = DRIVES.uri("/.ispd/gathered-correction.json");
        Dataset<Row> df = DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.split.group.max.bytes", 2 * CHUNK)
                .option("ispd.offload.correction.file", corrections).load(uri).groupBy("region").count();
        assertTrue(scan(df).gathered(), scan(df).description());
        long[] before = nextObjectIds();
        df.collectAsList();
        long[] after = nextObjectIds();
        for (int d = 0; d < DRIVE_COUNT; d++) {
            assertEquals(2, after[d] - before[d], "objects created on drive " + d + ": the probe and one instance");
        }
        Map<String, CorrectionBook.Entry> entries = awaitCorrections(FileSystem.get(new Path(uri).toUri(),
                DRIVES.hadoopConf()), new Path(corrections));
        for (int d = 0; d < DRIVE_COUNT; d++) {
            CorrectionBook.Entry e = entries.get(CorrectionBook.deviceKey("spark-scan", DRIVES.address(d)));
            assertTrue(e != null && e.samples() >= 2, "drive " + d + "'s gathered splits observed: " + entries);
        }
        assertEquals(0, metric(df, SplitMetric.FALLBACKS));
    }

    /**
     * A partition placed on the host that Spark reads as records (no plan runs: it returns every
     * matching record) returns its wall clock to the measured basis, under the scan's plan shape
     * and this host: without it the measured basis never learned what the host takes for such
     * scans and priced the host by its profile (issue 24 point 3, TPC-H in Spark).
     */
    @Test
    void hostPartitionsReadAsRecordsTeachTheMeasuredBasisTheHostsWallClock() throws Exception {
        String corrections = DRIVES.uri("/.ispd/host-read-correction.json");
        Dataset<Row> df = DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "host-only").option("ispd.offload.cost.basis", "measured")
                .option("ispd.offload.correction.file", corrections).load(uri).where("type = 1").select("clientID", "size");
        df.collectAsList();
        ExecutionEnds ends = ExecutionEnds.of(DRIVES.spark().sparkContext());
        ends.awaitEnd(df.queryExecution().queryId(), Duration.ofSeconds(10));
        ends.save();
        long partitions = scan(df).partitions().size();
        assertEquals(partitions, metric(df, SplitMetric.SPLITS_ON_HOST));

        Map<String, CorrectionBook.Entry> entries;
        Path file = new Path(corrections);
        try (InputStream in = FileSystem.get(new Path(uri).toUri(), DRIVES.hadoopConf()).open(file)) {
            entries = CorrectionBook.read(in, corrections).entries();
        }
        List<String> hostKeys = entries.keySet().stream().filter(k -> k.startsWith("measured host spark-scan/")
                && k.endsWith(" " + LocalHost.name())).toList();
        assertEquals(1, hostKeys.size(), "one measured key, the scan's shape on this host: " + entries);
        assertEquals(partitions, entries.get(hostKeys.get(0)).samples(), "a sample per partition: " + entries);
        assertTrue(entries.keySet().stream().noneMatch(k -> k.startsWith("host ")),
                "no modeled sample: nothing metered the records' read: " + entries);
    }

    /**
     * Planning reads the correction file once per application and then plans with the book as
     * this application last saved it: no read of the file on a query's path. A file replaced
     * behind its back (here by garbage) is not read again by planning; the next save reads it.
     */
    @Test
    void scansPlanWithTheCorrectionsAsTheApplicationLastSavedThemNotReadingTheFileAgain() throws Exception {
        String path = "/.ispd/session-correction.json";
        String corrections = DRIVES.uri(path);
        java.util.function.Supplier<Dataset<Row>> query = () -> DRIVES.spark().read().format("ispd")
                .option("layout", "worldcup98").option("entrySize", ENTRY).option("ispd.offload.policy", "device-only")
                .option("ispd.offload.cost.basis", "measured").option("ispd.offload.correction.file", corrections)
                .load(uri).where("type = 1").select("clientID", "size");
        Dataset<Row> first = query.get();
        first.collectAsList();
        ExecutionEnds.of(DRIVES.spark().sparkContext()).awaitEnd(first.queryExecution().queryId(),
                Duration.ofSeconds(10));
        DRIVES.write(path, "not a correction file".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        String table = scan(query.get()).placementTable();
        assertTrue(table.lines().skip(2).allMatch(split -> split.contains(" DEVICE ") && split.contains("measured time x")),
                "every split planned with the first query's wall clocks in its drive: " + table);
    }

    /** The id the next object created on each drive would get, less one: a probe object's, created and deleted. */
    private static long[] nextObjectIds() throws IOException {
        long[] ids = new long[DRIVE_COUNT];
        for (int d = 0; d < DRIVE_COUNT; d++) {
            try (Drive drive = Drive.connect(DRIVES.address(d))) {
                ids[d] = drive.createObject();
                drive.delete(ids[d]);
            }
        }
        return ids;
    }

    /** Waits (Spark's listener bus is asynchronous) until the instances created between the probes are gone. */
    private static void awaitDeleted(long[] before, long[] after) throws Exception {
        for (int d = 0; d < DRIVE_COUNT; d++) {
            long instance = before[d] + 1;
            try (Drive drive = Drive.connect(DRIVES.address(d))) {
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (exists(drive, instance)) {
                    assertTrue(System.nanoTime() < deadline, "instance " + instance + " on drive " + d
                            + " still there 10 s after the execution ended");
                    Thread.sleep(20);
                }
            }
        }
    }

    private static boolean exists(Drive drive, long id) throws DriveException {
        try {
            drive.stat(id);
            return true;
        } catch (DriveException e) {
            if (e.status() == Status.NO_SUCH_OBJECT) {
                return false;
            }
            throw e;
        }
    }

    private static Map<String, CorrectionBook.Entry> awaitCorrections(FileSystem fs, Path file) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        Map<String, CorrectionBook.Entry> entries = Map.of();
        while (true) {
            ExecutionEnds.of(DRIVES.spark().sparkContext()).save(); // what the executions that ended folded in
            if (fs.exists(file)) {
                try (InputStream in = fs.open(file)) {
                    entries = CorrectionBook.read(in, file.toString()).entries();
                    if (entries.keySet().stream().filter(k -> k.startsWith("device spark-scan")).count() == DRIVE_COUNT) {
                        return entries;
                    }
                }
            }
            assertTrue(System.nanoTime() < deadline, "no corrections from every drive in " + file
                    + " 10 s after the query: " + entries);
            Thread.sleep(20);
        }
    }

    private static IspdScan scan(Dataset<Row> df) {
        return (IspdScan) ((BatchScanExec) df.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get()).scan();
    }

    private static long metric(Dataset<Row> df, SplitMetric m) {
        BatchScanExec node = (BatchScanExec) df.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get();
        return node.metrics().get(ScanMetric.nameOf(m)).get().value();
    }
}
