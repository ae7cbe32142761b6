package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.offload.storage.EmbeddedDriveDirectory;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A split whose tasklet is a declarative plan ({@link TaskletSpec#plan}): created in the drive as
 * form PLAN and run there, and run on the host by the same interpreter, with the same result bytes.
 */
class PlanSplitTest {
    private static final int ENTRY = 32;
    private static final int RECORDS = 5_000;
    private static final TaskletSpec PLAN = TaskletSpec.plan("test-plan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar(), Aggregate.max("size"))), "test");

    private static BytesOnADrive input;

    @BeforeAll
    static void start() throws IOException {
        byte[] data = new byte[RECORDS * ENTRY];
        new Random(11).nextBytes(data);
        for (int r = 0; r < RECORDS; r++) {
            data[r * ENTRY + 18] = (byte) (r % 3); // type: a third of the records match
        }
        input = BytesOnADrive.of(data);
    }

    @AfterAll
    static void stop() throws IOException {
        input.close();
    }

    private static PlannedSplit split() {
        return SplitLayoutTest.wholeObject(input, ENTRY);
    }

    @Test
    void aPlanRunsInTheDriveAndOnTheHostWithTheSameResult() throws IOException {
        PlannedSplit split = split();
        Outcome device = new DeviceExecution(new DrivePool(Drive::connect), "plan-job", PLAN,
                TaskletRunner.Polling.DEFAULT, () -> false).run(split,
                List.of(new Extent(input.object(), 0, input.data().length)), TaskletRunner.Polling.DEFAULT.timeout(), () -> false);
        long hostStart = System.nanoTime();
        Outcome host = new HostExecution(path -> input.reader(), new HostModel(Profiles.host("host-i5-2500")), PLAN,
                (metric, n) -> { }).run(split, List.of(new Extent(0, 0, input.data().length)));
        long hostWallNs = System.nanoTime() - hostStart;

        assertArrayEquals(host.result(), device.result());
        PlanResult groups = PlanResult.decode(device.result());
        assertTrue(groups.rows().size() <= 8, "at most a row per region");
        assertEquals((RECORDS + 1) / 3, groups.rows().stream().mapToLong(r -> r[1]).sum(), "every type-1 record counted");
        assertTrue(device.modeled().timeNs() > 0 && host.modeled().timeNs() > 0);
        assertTrue(device.measuredNs() > 0, "the drive reports the wall time it took: " + device);
        assertTrue(host.measuredNs() > 0 && host.measuredNs() <= hostWallNs, "the host run's wall clock: " + host);
    }

    @Test
    void aJobCreatesItsPlanOnceOnEachDrive() throws IOException {
        PlannedSplit split = split();
        try (JobTasklets tasklets = JobTasklets.create(new EmbeddedDriveDirectory(input.drives()), PLAN,
                List.of(split))) {
            assertTrue(tasklets.assign(List.of(split)).get(0).taskletInstance() != 0, "the drive took the plan");
        }
    }
}
