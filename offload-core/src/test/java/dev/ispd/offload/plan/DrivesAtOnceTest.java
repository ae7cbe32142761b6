package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.EmbeddedDriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a scan asks of every drive it uses is asked of all of them at once, not one drive after
 * another: planning's probe of each drive's capabilities and load, and the creation of the scan's
 * plan on each drive running its splits. Each drive's connection here is held until the other
 * drive's is being opened too, which calls made in turn never get to (the first drive would count
 * as down), so both drives answer.
 */
class DrivesAtOnceTest {
    private static final int ENTRY = 32;
    private static final int RECORDS = 1024;

    private static final TaskletSpec COUNT = TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of(), List.of(Aggregate.countStar())), "DrivesAtOnceTest");

    @Test
    void theDrivesAreProbedAtOnce() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
            List<PlannedSplit> splits = plan(new EmbeddedDriveDirectory(drives));
            TreeSet<Integer> onDevice = new TreeSet<>();
            splits.stream().filter(s -> s.decision().placement() == Placement.DEVICE).forEach(s -> onDevice.add(s.drive()));
            assertEquals(Set.of(0, 1), onDevice, "both drives answered the planner: " + splits);
        }
    }

    @Test
    void theScansPlanIsCreatedOnItsDrivesAtOnce() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
            EmbeddedDriveDirectory directory = new EmbeddedDriveDirectory(drives);
            List<PlannedSplit> splits = plan(directory);
            try (JobTasklets tasklets = JobTasklets.create(rendezvous(directory, new CountDownLatch(2)), COUNT,
                    splits)) {
                List<PlannedSplit> assigned = tasklets.assign(splits);
                assertEquals(2, assigned.size());
                assigned.forEach(s -> assertTrue(s.taskletInstance() != 0, "drive " + s.drive() + " took the plan"));
            }
        }
    }

    /** The device-only splits of a file of a chunk on each drive, planned over drives that answer only together. */
    private static List<PlannedSplit> plan(EmbeddedDriveDirectory directory) throws IOException {
        byte[] chunk = new byte[ENTRY * RECORDS];
        long[] objects = {directory.newObject(0, chunk), directory.newObject(1, chunk)};
        CountDownLatch bothOpening = new CountDownLatch(2);
        OffloadStorage storage = new FixedStorage(rendezvous(directory, bothOpening), List.of(
                new ChunkExtent(0, objects[0], 0, chunk.length, 0),
                new ChunkExtent(1, objects[1], 0, chunk.length, chunk.length)));
        OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "device-only"));
        return new SplitPlanner(settings, COUNT, storage, new CorrectionBook())
                .plan(List.of(new InputFile("osd:///t", 2L * chunk.length, ENTRY)));
    }

    /** {@code directory}'s drives, each connection opened only once both drives' are being opened (at most 10 s). */
    private static DriveDirectory rendezvous(EmbeddedDriveDirectory directory, CountDownLatch bothOpening) {
        return new EmbeddedDriveDirectory(directory.drives(), drive -> {
            bothOpening.countDown();
            try {
                if (!bothOpening.await(10, TimeUnit.SECONDS)) {
                    throw new IOException("drive " + drive + " was probed alone: the other drive's probe never started");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        });
    }
}
