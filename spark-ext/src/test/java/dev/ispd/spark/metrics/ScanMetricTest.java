package dev.ispd.spark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.read.IspdScan;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumMap;
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
 * A scan reports every count of the offload core as a Spark metric, each made as Spark makes it
 * (by class name); on a drive that crashes every execution, the fault counters say what happened
 * while the answer stays the fault-free one.
 */
class ScanMetricTest {
    private static final int ENTRY = 256;
    private static final int CHUNK = 64 * 1024;
    private static final int VICTIM = 0;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, CHUNK);

    private static String uri;

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        uri = DRIVES.write("/metrics/generated256.bin", WorldCupFiles.generate(8, 6_000, ENTRY));
    }

    @Test
    void everySplitMetricIsReportedByAMetricSparkCanMakeByItsClassName() throws Exception {
        List<ScanMetric> all = ScanMetric.all();
        assertEquals(Arrays.asList(SplitMetric.values()), all.stream().map(ScanMetric::metric).toList(),
                "one scan metric per split metric, in their order");
        assertEquals(all.size(), all.stream().map(ScanMetric::name).distinct().count(), "distinct names");
        for (ScanMetric m : all) {
            // what Spark's SQL listener does with a metric's class name: a new instance, summing the tasks' values
            ScanMetric made = ScanMetric.instantiate(Class.forName(m.getClass().getName()));
            assertEquals(m.name(), made.name());
            assertEquals("6", made.aggregateTaskMetrics(new long[] {1, 2, 3}));
        }
    }

    /**
     * Device-only, no retry, a drive avoided after its first failure, replication 1: each of the
     * victim's partitions either failed there or skipped it, and ran on the host. Spark's two task
     * slots ({@code local[2]}) bound the failures: a partition that started before the first
     * failure was recorded may fail too.
     */
    @Test
    void aScanOnACrashingDriveCountsItsFaultsSkipsAndAvoidedDrive() throws Exception {
        List<Row> faultFree = query().collectAsList();
        Dataset<Row> df = query();
        try (Drive d = Drive.connect(DRIVES.address(VICTIM))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
            try {
                assertEquals(faultFree, df.collectAsList(), "the fault-free answer");
            } finally {
                d.clearFaults();
            }
        }
        Map<SplitMetric, Long> m = metrics(df);
        long onVictim = scan(df).partitions().stream().map(p -> p.split().decision())
                .filter(dec -> dec.drive() == VICTIM && dec.placement() == Placement.DEVICE).count();
        assertTrue(onVictim >= 3, "several partitions on the victim: " + onVictim);
        long faults = m.get(SplitMetric.DEVICE_FAULTS_CONNECTION);
        assertTrue(faults >= 1 && faults <= 2, "the first failure, and at most one at the same time: " + m);
        assertEquals(onVictim, faults + m.get(SplitMetric.AVOIDED_DRIVE_SKIPS), "each tried it or skipped it: " + m);
        assertEquals(onVictim, m.get(SplitMetric.FALLBACKS), m.toString());
        assertTrue(m.get(SplitMetric.DRIVES_AVOIDED) >= 1 && m.get(SplitMetric.DRIVES_AVOIDED) <= faults, m.toString());
        assertEquals(0, m.get(SplitMetric.DEVICE_RETRIES), m.toString());
        assertEquals(m.get(SplitMetric.SPLITS_PLANNED_ON_DEVICE) - onVictim, m.get(SplitMetric.SPLITS_ON_DEVICE));
        FileSystem fs = FileSystem.get(new Path(uri).toUri(), DRIVES.hadoopConf());
        assertFalse(fs.exists(new Path("/.ispd/drive-failures")), "local mode: the driver's JVM holds the record");
    }

    private static Dataset<Row> query() {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.split.group.max.bytes", 2 * CHUNK)
                .option("ispd.offload.correction", false).option("ispd.device.retries", 0)
                .option("ispd.device.avoid.after.failures", 1)
                .load(uri).where("type = 1").select("clientID", "size");
    }

    private static BatchScanExec node(Dataset<Row> df) {
        return (BatchScanExec) df.queryExecution().executedPlan().find(p -> p instanceof BatchScanExec).get();
    }

    private static IspdScan scan(Dataset<Row> df) {
        return (IspdScan) node(df).scan();
    }

    private static Map<SplitMetric, Long> metrics(Dataset<Row> df) {
        Map<SplitMetric, Long> out = new EnumMap<>(SplitMetric.class);
        for (SplitMetric m : SplitMetric.values()) {
            out.put(m, node(df).metrics().get(ScanMetric.nameOf(m)).get().value());
        }
        return out;
    }
}
