package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.testing.WorldCupSamples;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device splits that time out fall back to the host: the drive is paced (it reports an execution
 * done only after 20,000 x its modeled time, many seconds here) and the device timeout is 200 ms,
 * so the device split misses its deadline and is cancelled; the drive that missed it is avoided
 * at once, so the retry does not try it again (no other drive holds its bytes) and the split runs
 * on the host; the job still succeeds with the output of a host-only run, and the counters say so.
 */
class DeviceJobFallbackTest {
    private static final URI FS = URI.create("osd://fallback/");

    @TempDir
    static java.nio.file.Path work;

    private static EmbeddedDrives drives;
    private static Configuration conf;
    private static byte[] data;

    @BeforeAll
    static void start() throws Exception {
        drives = EmbeddedDrives.builder().pace(20_000).start();
        conf = new Configuration();
        conf.set(IspdKeys.FS_DRIVES.name(), "host0=" + drives.address(0));
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), 256 * 1024);
        data = WorldCupSamples.generate(7, 30_000, 20);
        JobRunner.write(FileSystem.get(FS, conf), new Path(FS.resolve("/wc/day2")), data);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            FileSystem.get(FS, conf).close();
        } finally {
            drives.close();
        }
    }

    @Test
    void timedOutDeviceSplitsRunOnTheHostAndTheJobSucceeds() throws Exception {
        JobRunner runner = new JobRunner(conf, work);
        Configuration device = runner.conf("device-only", 20);
        device.setLong(OffloadKeys.DEVICE_TIMEOUT_MS.name(), 200);
        DeviceJob job = runner.countingJob(device, "fallback", Q1DeviceMapper.class, Q1Format.class,
                new Path(FS.resolve("/wc/day2")));
        String output = JobRunner.runForOutput(job);

        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 20)), output);
        // the file's 3 chunks are on the one drive: their pieces run as one split
        assertEquals(1, job.counter(IspdCounter.SPLITS_PLANNED_ON_DEVICE));
        assertEquals(1, job.counter(IspdCounter.FALLBACKS));
        assertEquals(1, job.counter(IspdCounter.DEVICE_FAULTS_TIMEOUT), "the run; its retry skips the drive");
        assertEquals(0, job.counter(IspdCounter.DEVICE_RETRIES));
        assertEquals(1, job.counter(IspdCounter.DRIVES_AVOIDED), "a missed deadline avoids the drive at once");
        assertEquals(1, job.counter(IspdCounter.AVOIDED_DRIVE_SKIPS));
        assertEquals(0, job.counter(IspdCounter.REPLICA_RUNS), "no other drive holds the file");
        assertEquals(1, job.counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(0, job.counter(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(0, job.counter(IspdCounter.BYTES_READ_IN_DRIVES));
        assertEquals(data.length, job.counter(IspdCounter.BYTES_MOVED_TO_HOST));

        DeviceJob host = runner.countingJob(runner.conf("host-only", 20), "fallback-host", Q1DeviceMapper.class,
                Q1Format.class, new Path(FS.resolve("/wc/day2")));
        assertEquals(JobRunner.runForOutput(host), output);
    }
}
