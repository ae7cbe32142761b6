package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.Q1WasmMapper;
import dev.ispd.hadoop.worldcup.Q2DeviceMapper;
import dev.ispd.hadoop.worldcup.Q2Format;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.OffloadScheduler;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.StringWriter;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Q1 and Q2 as DeviceJobs in Hadoop's local runner over an osd:// file system on two real in-JVM
 * drives: host-only, device-only and cost-based runs write byte-identical outputs, equal to a
 * plain count over the same bytes, and the counters match the placements.
 */
class DeviceJobTest {
    /** 256 KiB chunks: 20-byte records straddle chunk boundaries, 256-byte ones do not. */
    private static final long CHUNK = 256 * 1024;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(2, CHUNK);

    @TempDir
    static java.nio.file.Path work;

    private static byte[] q1Data;
    private static byte[] q2Data;
    private static Path q1Input;
    private static Path q2Input;
    private static JobRunner runner;

    @BeforeAll
    static void load() throws Exception {
        Configuration conf = OSD.conf();
        FileSystem fs = FileSystem.get(OSD.uri(), conf);
        q1Data = WorldCupSamples.generate(1998, 60_000, 20);   // 1.2 MB: 5 chunks over the 2 drives
        q2Data = WorldCupSamples.generate(1999, 5_000, 256);   // 1.28 MB: 5 chunks
        q1Input = new Path(OSD.uri().resolve("/wc20/day1"));
        q2Input = new Path(OSD.uri().resolve("/wc256/day1"));
        JobRunner.write(fs, q1Input, q1Data);
        JobRunner.write(fs, q2Input, q2Data);
        runner = new JobRunner(conf, work);
    }

    private DeviceJob q1(String policy) throws Exception {
        return runner.countingJob(runner.conf(policy, 20), "q1-" + policy, Q1DeviceMapper.class, Q1Format.class,
                q1Input);
    }

    private DeviceJob q2(String policy) throws Exception {
        return runner.countingJob(runner.conf(policy, 256), "q2-" + policy, Q2DeviceMapper.class, Q2Format.class,
                q2Input);
    }

    @Test
    void q1GivesIdenticalOutputOnHostDeviceAndCostBasedRuns() throws Exception {
        String expected = WorldCupSamples.asOutput(WorldCupSamples.q1(q1Data, 20));

        DeviceJob host = q1("host-only");
        assertEquals(expected, JobRunner.runForOutput(host));
        assertEquals(5, host.counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(0, host.counter(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(0, host.counter(IspdCounter.BYTES_READ_IN_DRIVES));
        assertEquals(q1Data.length, host.counter(IspdCounter.BYTES_MOVED_TO_HOST));
        assertTrue(host.counter(IspdCounter.MODELED_HOST_NS) > 0);

        DeviceJob device = q1("device-only");
        assertEquals(expected, JobRunner.runForOutput(device));
        assertEquals(2, device.counter(IspdCounter.SPLITS_ON_DEVICE), "the 5 chunks' pieces grouped per drive");
        assertEquals(0, device.counter(IspdCounter.FALLBACKS));
        // every record is scanned once: inside a drive, or (cut by a chunk boundary) on the host
        long straddling = device.counter(IspdCounter.STRADDLING_RECORDS);
        assertEquals(4, straddling, "one record crosses each of the 4 chunk boundaries");
        assertEquals(20 * straddling, device.counter(IspdCounter.BYTES_MOVED_TO_HOST));
        assertEquals(q1Data.length - 20 * straddling, device.counter(IspdCounter.BYTES_READ_IN_DRIVES));
        assertTrue(device.counter(IspdCounter.MODELED_DEVICE_NS) > 0);
        assertTrue(device.counter(IspdCounter.RESULT_BYTES_FROM_DRIVES) > 0);

        DeviceJob fastest = q1("fastest");
        assertEquals(expected, JobRunner.runForOutput(fastest));
        assertEquals(5, fastest.counter(IspdCounter.SPLITS_ON_HOST) + fastest.counter(IspdCounter.SPLITS_ON_DEVICE));
    }

    /**
     * Q1 as the C-to-wasm module the job ships gives the built-in's output; device-only runs each
     * drive's whole records there and the 4 records cut by chunk boundaries on the host, with the
     * same module in the same runtime.
     */
    @Test
    void q1AsAShippedWasmModuleGivesTheBuiltInsOutput() throws Exception {
        String expected = WorldCupSamples.asOutput(WorldCupSamples.q1(q1Data, 20));
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = runner.countingJob(runner.conf(policy, 20), "q1-wasm-" + policy, Q1WasmMapper.class,
                    Q1Format.class, q1Input);
            assertEquals(expected, JobRunner.runForOutput(job), policy);
            if (policy.equals("device-only")) {
                assertEquals(2, job.counter(IspdCounter.SPLITS_ON_DEVICE));
                assertEquals(0, job.counter(IspdCounter.FALLBACKS));
                assertEquals(4, job.counter(IspdCounter.STRADDLING_RECORDS));
            }
        }
    }

    @Test
    void q2GivesIdenticalOutputOnHostDeviceAndCostBasedRuns() throws Exception {
        String expected = WorldCupSamples.asOutput(WorldCupSamples.q2(q2Data, 256));
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = q2(policy);
            assertEquals(expected, JobRunner.runForOutput(job), policy);
            long onDevice = job.counter(IspdCounter.SPLITS_ON_DEVICE);
            // 256-byte records never straddle 256 KiB chunks: device splits read all their bytes inside the drive
            assertEquals(q2Data.length, job.counter(IspdCounter.BYTES_READ_IN_DRIVES)
                    + job.counter(IspdCounter.BYTES_MOVED_TO_HOST), policy);
            assertEquals(onDevice, job.counter(IspdCounter.SPLITS_PLANNED_ON_DEVICE), policy);
            if (policy.equals("device-only")) {
                assertEquals(q2Data.length, job.counter(IspdCounter.BYTES_READ_IN_DRIVES));
            }
        }
    }

    @Test
    void everyDecisionIsLoggedWithItsPredictedCostsAndExposedByPlan() throws Exception {
        DeviceJob job = q1("fastest");
        assertEquals(List.of(), job.decisions(), "no decisions before a run");
        List<Decision> plan = job.plan();
        assertEquals(5, plan.size());
        for (int i = 0; i < plan.size(); i++) {
            Decision d = plan.get(i);
            assertEquals(i, d.index());
            assertTrue(d.host().timeNs() > 0 && d.device().timeNs() > 0, d.toString());
            assertEquals("fastest", d.policy());
        }

        StringWriter log = new StringWriter();
        Logger scheduler = Logger.getLogger(OffloadScheduler.class);
        Level before = scheduler.getLevel();
        WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
        scheduler.addAppender(appender);
        scheduler.setLevel(Level.DEBUG); // the decisions are DEBUG lines; INFO has their summary
        try {
            JobRunner.runForOutput(job);
        } finally {
            scheduler.removeAppender(appender);
            scheduler.setLevel(before);
        }
        for (int i = 0; i < plan.size(); i++) {
            assertTrue(log.toString().contains("split " + i + " -> "), "decision of split " + i + " logged:\n" + log);
        }
        long planned = plan.stream().filter(d -> d.placement() == Placement.DEVICE).count();
        assertEquals(planned, job.counter(IspdCounter.SPLITS_PLANNED_ON_DEVICE), "the run planned as plan() did");
        assertEquals(plan, job.decisions(), "decisions() are the run's own, here (idle drives) the same as plan()'s");
    }
}
