package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A device split on a real in-JVM drive: the commands it sends, and what it reports as its cost
 * when its drive is busy. POLL's modeled time runs from submission, so behind other work it
 * measures the wait too; the split reports the drive's service time instead, the same as on an
 * idle drive, and the wait beside it. The other work is {@value #BLOCKERS} executions over 16 MB
 * submitted just before the split: a few hundred milliseconds of simulation.
 */
class DeviceExecutionTest {
    private static final int BLOCKERS = 16;
    private static final int ENTRY = 20;
    private static final TaskletSpec Q1 = new TaskletSpec("q1", Params.of("entrySize", Integer.toString(ENTRY)), "test");

    private static EmbeddedDrives drives;
    private static long object;
    private static int length;

    @BeforeAll
    static void start() throws IOException {
        length = 800_000 * ENTRY;
        drives = EmbeddedDrives.builder().maxInflight(BLOCKERS + 1).start();
        try (Drive d = Drive.connect(drives.address(0))) {
            object = d.createObject();
            d.write(object, 0, new byte[length]);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private static PlannedSplit split(long taskletInstance) {
        return SplitLayoutTest.withFile("osd:///wc", 0, length, ENTRY, 0, drives.address(0),
                List.of(new ChunkExtent(0, object, 0, length, 0)), Placement.DEVICE).withTaskletInstance(taskletInstance);
    }

    private static Outcome run(DrivePool pool, String job, PlannedSplit split) throws IOException {
        return new DeviceExecution(pool, job, Q1, TaskletRunner.Polling.DEFAULT, () -> false)
                .run(split, List.of(new Extent(object, 0, length)), TaskletRunner.Polling.DEFAULT.timeout(), () -> false);
    }

    private static long commands(Drive d) throws IOException {
        return d.deviceLog().commands();
    }

    @Test
    void aSplitOfAJobWithATaskletInstanceSendsOnlyExecuteAndReadResultOnAPooledConnection() throws Exception {
        DrivePool pool = new DrivePool(Drive::connect);
        try (Drive probe = Drive.connect(drives.address(0))) {
            long instance = probe.createTasklet(Q1.name(), Q1.params());
            long before = commands(probe);
            run(pool, "job-1", split(instance));
            run(pool, "job-1", split(instance));
            // the modeled commands (DEVICE_LOG's count): EXECUTE and READ_RESULT per split
            assertEquals(4, commands(probe) - before);

            before = commands(probe);
            run(pool, "job-1", split(0));
            assertEquals(4, commands(probe) - before, "without a job instance: CREATE_TASKLET and DELETE too");
            probe.delete(instance);
        }
    }

    @Test
    void aSplitWhoseJobInstanceWasDeletedRunsWithItsOwn() throws Exception {
        DrivePool pool = new DrivePool(Drive::connect);
        long gone;
        try (Drive probe = Drive.connect(drives.address(0))) {
            gone = probe.createTasklet(Q1.name(), Q1.params());
            probe.delete(gone);
        }
        Outcome withOwn = run(pool, "job-2", split(gone));
        assertArrayEquals(run(pool, "job-2", split(0)).result(), withOwn.result());
        assertEquals(length, withOwn.inputBytes());
    }

    @Test
    void anExecutionSubmittedBehindOtherWorkCostsItsServiceTimeAndReportsTheWait() throws Exception {
        DrivePool pool = new DrivePool(Drive::connect);
        Outcome idle = run(pool, "idle", split(0));
        assertEquals(0, idle.waitedNs(), "nothing else ran on the drive");

        try (Drive other = Drive.connect(drives.address(0))) {
            long tasklet = other.createTasklet("q1", Q1.params());
            long[] execs = new long[BLOCKERS];
            for (int i = 0; i < BLOCKERS; i++) {
                execs[i] = other.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, length)));
            }
            Outcome behind = run(pool, "behind", split(0));
            assertTrue(behind.waitedNs() > 0, "another client's executions were queued or running");
            assertEquals(idle.modeled(), behind.modeled(), "its own cost leaves the wait out");
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
