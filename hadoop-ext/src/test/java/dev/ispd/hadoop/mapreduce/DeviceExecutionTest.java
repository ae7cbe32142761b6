package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.TaskletRunner;
import dev.ispd.hadoop.fs.ChunkExtent;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.schedule.Placement;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A device split notes whether its drive was already busy when it was submitted: POLL's modeled
 * time runs from submission, so behind other work it measures the wait too and is no sample of
 * the split's own service time (the correction then learns only its energy). The other work is
 * {@value #BLOCKERS} executions over 16 MB submitted just before the split: tens of milliseconds
 * of simulation, against the sub-millisecond gap before the split asks DEVICE_LOG.
 */
class DeviceExecutionTest {
    private static final int BLOCKERS = 4;
    private static final int ENTRY = 20;
    private static final Params PARAMS = Params.of("entrySize", Integer.toString(ENTRY));

    private static EmbeddedDrives drives;
    private static DriveSet driveSet;
    private static long object;
    private static int length;

    @BeforeAll
    static void start() throws IOException {
        byte[] data = WorldCupData.generate(5, 800_000, ENTRY);
        length = data.length;
        drives = EmbeddedDrives.builder().maxInflight(BLOCKERS + 1).start();
        driveSet = DriveSet.parse("localhost=" + drives.address(0));
        try (Drive d = driveSet.open(0)) {
            object = d.createObject();
            d.write(object, 0, data);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        driveSet.close();
        drives.close();
    }

    private static Outcome runSplit() throws IOException {
        DeviceInputSplit split = SplitLayoutTest.withFile(new Path("osd:///wc"), 0, length, ENTRY, 0, drives.address(0),
                List.of(new ChunkExtent(0, object, 0, length, 0)), Placement.DEVICE);
        return new DeviceExecution(driveSet, "q1", PARAMS, TaskletRunner.Polling.DEFAULT)
                .run(split, List.of(new Extent(object, 0, length)));
    }

    @Test
    void anExecutionSubmittedBehindOtherWorkSaysItWaited() throws Exception {
        Outcome idle = runSplit();
        assertFalse(idle.waited(), "nothing else ran on the drive");

        try (Drive other = driveSet.open(0)) {
            long tasklet = other.createTasklet("q1", PARAMS);
            long[] execs = new long[BLOCKERS];
            for (int i = 0; i < BLOCKERS; i++) {
                execs[i] = other.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, length)));
            }
            Outcome behind = runSplit();
            assertTrue(behind.waited(), "another client's executions were queued or running");
            assertTrue(behind.modeled().timeNs() > idle.modeled().timeNs(),
                    "its modeled time includes the wait: " + behind.modeled() + " vs " + idle.modeled());
            for (long exec : execs) {
                while (!other.poll(exec).state().isFinished()) {
                    Thread.sleep(10);
                }
                other.release(exec);
            }
            other.delete(tasklet);
        }
    }
}
