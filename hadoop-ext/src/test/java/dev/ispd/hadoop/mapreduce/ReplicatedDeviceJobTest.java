package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DeviceJob over a file with two replicas of every chunk on three real drives (TCP servers on
 * threads of this JVM): the scheduler spreads the pieces over the drives holding them, and when a drive is
 * stopped in the middle of the job, after the first split's result and before that drive ran its
 * split, its split runs in a drive holding the other replicas and the job completes with the output
 * of the fault-free run. Drive 0 keeps the namespace
 * journal and stays up (with the namespace in ZooKeeper any drive could go).
 */
@Tag("heavy")
class ReplicatedDeviceJobTest {
    private static final long CHUNK = 256 * 1024;

    /** What the next result the format converts should set off (the test's fault), or null. */
    static final AtomicReference<Runnable> ON_NEXT_RESULT = new AtomicReference<>();

    /** Q1's format, which first runs {@link #ON_NEXT_RESULT}: a drive stops in the middle of the job. */
    public static class FaultingQ1Format extends Q1Format {
        @Override
        public void convert(byte[] result, ResultOrigin origin, KeyValueSink<Text, LongWritable> out)
                throws IOException {
            Runnable fault = ON_NEXT_RESULT.getAndSet(null);
            if (fault != null) {
                fault.run();
            }
            super.convert(result, origin, out);
        }
    }

    @TempDir
    java.nio.file.Path work;

    private final OsdDrives osd = new OsdDrives(3, CHUNK).withReplication(2).overTcp();
    private byte[] data;
    private Path input;
    private JobRunner runner;

    @BeforeEach
    void start() throws IOException {
        osd.start(null);
        Configuration conf = osd.conf();
        data = WorldCupSamples.generate(2002, 60_000, 20); // 1.2 MB: 5 chunks, each on two of the three drives
        input = new Path(osd.uri().resolve("/wc20/replicated"));
        JobRunner.write(FileSystem.get(osd.uri(), conf), input, data);
        runner = new JobRunner(conf, work);
    }

    @AfterEach
    void stop() throws IOException {
        ON_NEXT_RESULT.set(null);
        osd.stop();
    }

    private DeviceJob q1(String name) throws IOException {
        return runner.countingJob(runner.conf("device-only", 20), name, Q1DeviceMapper.class, FaultingQ1Format.class,
                input);
    }

    @Test
    void thePiecesRunOnTheLeastLoadedDrivesHoldingThem() throws Exception {
        OsdFileSystem fs = (OsdFileSystem) FileSystem.get(osd.uri(), osd.conf());
        for (ChunkExtent c : fs.locate(input, 0, data.length)) {
            assertEquals(2, c.replicas().size());
        }
        List<Decision> plan = q1("spread").plan();
        Set<Integer> used = new TreeSet<>();
        plan.forEach(d -> used.add(d.drive()));
        assertEquals(Set.of(0, 1, 2), used, "idle drives share the pieces of a file with two replicas: " + plan);
    }

    @Test
    void aDriveStoppedInTheMiddleOfTheJobChangesNothingInTheOutput() throws Exception {
        String expected = WorldCupSamples.asOutput(WorldCupSamples.q1(data, 20));
        DeviceJob faultFree = q1("fault-free");
        assertEquals(expected, JobRunner.runForOutput(faultFree));
        assertEquals(0, faultFree.counter(IspdCounter.FALLBACKS));

        DeviceJob job = q1("drive-stopped");
        long[] readBefore = bytesReadInside();
        AtomicReference<Integer> stopped = new AtomicReference<>();
        ON_NEXT_RESULT.set(() -> {
            // a drive other than the namespace's that has not started its split yet (all three have one)
            long[] read = bytesReadInside();
            int victim = IntStream.of(1, 2).filter(d -> read[d] == readBefore[d]).findFirst().orElseThrow();
            try {
                osd.kill(victim);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stopped.set(victim);
        });

        assertEquals(expected, JobRunner.runForOutput(job), "the output of the fault-free run");
        assertTrue(stopped.get() != null, "a drive was stopped during the job");
        assertTrue(job.decisions().stream().anyMatch(d -> d.drive() == stopped.get()
                && d.placement() == Placement.DEVICE), "the stopped drive had a split: " + job.decisions());
        assertEquals(1, job.counter(IspdCounter.REPLICA_RUNS), "the stopped drive's split ran on a replica's drive");
        assertEquals(1, job.counter(IspdCounter.DEVICE_FAULTS_CONNECTION));
        assertEquals(0, job.counter(IspdCounter.FALLBACKS));

        DeviceJob after = q1("after");
        List<Decision> replanned = after.plan();
        replanned.forEach(d -> assertTrue(d.drive() != stopped.get(), "the stopped drive is skipped: " + d));
        assertEquals(expected, JobRunner.runForOutput(after));
        assertEquals(0, after.counter(IspdCounter.FALLBACKS), "every piece planned on a live replica");
    }

    /** Each drive's bytes read inside it by executions so far (DEVICE_LOG); -1 for a drive that is down. */
    private long[] bytesReadInside() {
        long[] out = new long[3];
        for (int d = 0; d < out.length; d++) {
            try (Drive drive = Drive.connect(osd.drives().address(d))) {
                out[d] = drive.deviceLog().bytesReadInternal();
            } catch (IOException e) {
                out[d] = -1;
            }
        }
        return out;
    }
}
