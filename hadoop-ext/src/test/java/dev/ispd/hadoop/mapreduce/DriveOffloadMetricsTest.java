package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.metrics.DriveOffloadSource;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.execute.DriveOffloads;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.testing.WorldCupSamples;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.SubsetConfiguration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSink;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where splits ran, per drive and across jobs, reaches Hadoop's real metrics2 system: two jobs
 * run over two drives, one of which crashes every execution (its fault plan), with no retry and
 * a drive avoided after its first failure. A sink registered with the JVM's default metrics
 * system then receives a record per drive: the healthy drive's offloaded splits and scanned
 * bytes grew with each job, the crashing drive's faults, fallbacks and avoidances too.
 */
class DriveOffloadMetricsTest {
    private static final URI FS = URI.create("osd://offload-metrics/");

    @TempDir
    static java.nio.file.Path work;

    private static EmbeddedDrives healthy;
    private static EmbeddedDrives crashing;
    private static Configuration conf;
    private static byte[] data;

    /** The last values each drive's record carried, by drive address as named in metrics. */
    static final Map<String, Map<String, Long>> RECEIVED = new HashMap<>();
    /** The tags' names of the last record, in order (Graphite's path takes them so: docs/metrics.md). */
    static volatile List<String> tagNames = List.of();

    /** A sink as an admin configures one (a file, Graphite, ...): it keeps what it is sent. */
    public static final class KeepingSink implements MetricsSink {
        @Override
        public void putMetrics(MetricsRecord record) {
            if (!record.name().equals(DriveOffloadSource.RECORD) || !record.context().equals(DriveOffloadSource.CONTEXT)) {
                return;
            }
            String drive = record.tags().stream().filter(t -> t.name().equals("Drive")).map(MetricsTag::value)
                    .findFirst().orElseThrow();
            tagNames = record.tags().stream().map(MetricsTag::name).toList();
            Map<String, Long> values = new HashMap<>();
            for (AbstractMetric m : record.metrics()) {
                values.put(m.name(), m.value().longValue());
            }
            synchronized (RECEIVED) {
                RECEIVED.put(drive, values);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void init(SubsetConfiguration conf) {
        }
    }

    @BeforeAll
    static void start() throws Exception {
        healthy = EmbeddedDrives.start(1);
        crashing = EmbeddedDrives.start(1);
        conf = new Configuration();
        conf.set(IspdKeys.FS_DRIVES.name(), "healthy=" + healthy.address(0) + ",crashing=" + crashing.address(0));
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), 256 * 1024);
        data = WorldCupSamples.generate(11, 30_000, 20); // 3 chunks over the two drives
        JobRunner.write(FileSystem.get(FS, conf), new Path(FS.resolve("/wc/day3")), data);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            FileSystem.get(FS, conf).close();
        } finally {
            healthy.close();
            crashing.close();
        }
    }

    @Test
    void eachDrivesSplitsFallbacksAndAvoidancesReachHadoopsMetricsSystem() throws Exception {
        MetricsSystem metrics = DefaultMetricsSystem.initialize("ispdtest");
        metrics.register("keeping", "keeps the records it is sent", new KeepingSink());
        String fast = DriveOffloads.metricName(healthy.address(0));
        String crashed = DriveOffloads.metricName(crashing.address(0));
        try (Drive d = Drive.connect(crashing.address(0))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
        }

        runJob("first");
        metrics.publishMetricsNow();
        Map<String, Long> fastAfterOne = received(fast);
        Map<String, Long> slowAfterOne = received(crashed);
        assertTrue(fastAfterOne.get("OffloadedSplits") >= 1, "the healthy drive ran splits: " + fastAfterOne);
        assertTrue(fastAfterOne.get("ScannedBytes") > 0, fastAfterOne.toString());
        assertEquals(0, fastAfterOne.get("Fallbacks"), fastAfterOne.toString());
        assertEquals(0, fastAfterOne.get("Faults"), fastAfterOne.toString());
        assertEquals(0, slowAfterOne.get("OffloadedSplits"), slowAfterOne.toString());
        assertEquals(List.of("Context", "Drive", "Hostname"), tagNames);
        assertEquals(1, slowAfterOne.get("Faults"), "its one split crashed: " + slowAfterOne);
        assertEquals(1, slowAfterOne.get("Fallbacks"), slowAfterOne.toString());
        assertEquals(1, slowAfterOne.get("Avoided"), "the job avoided it: " + slowAfterOne);

        runJob("second");
        metrics.publishMetricsNow();
        Map<String, Long> fastAfterTwo = received(fast);
        Map<String, Long> slowAfterTwo = received(crashed);
        assertEquals(2 * fastAfterOne.get("OffloadedSplits"), fastAfterTwo.get("OffloadedSplits"),
                "the totals run across jobs: " + fastAfterTwo);
        assertEquals(2 * fastAfterOne.get("ScannedBytes"), fastAfterTwo.get("ScannedBytes"));
        assertEquals(2, slowAfterTwo.get("Fallbacks"), slowAfterTwo.toString());
        assertEquals(2, slowAfterTwo.get("Avoided"), "each job avoided it: " + slowAfterTwo);
    }

    private static void runJob(String name) throws Exception {
        JobRunner runner = new JobRunner(conf, work);
        Configuration device = runner.conf("device-only", 20);
        device.setInt(OffloadKeys.DEVICE_RETRIES.name(), 0);
        device.setInt(OffloadKeys.DEVICE_AVOID_AFTER.name(), 1);
        DeviceJob job = runner.countingJob(device, name, Q1DeviceMapper.class, Q1Format.class,
                new Path(FS.resolve("/wc/day3")));
        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 20)), JobRunner.runForOutput(job),
                "the same answer whichever drive ran what");
    }

    private static Map<String, Long> received(String drive) {
        synchronized (RECEIVED) {
            Map<String, Long> values = RECEIVED.get(drive);
            assertTrue(values != null, "no record for drive " + drive + " among " + RECEIVED.keySet());
            return values;
        }
    }
}
