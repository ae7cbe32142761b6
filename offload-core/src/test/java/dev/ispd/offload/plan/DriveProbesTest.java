package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.client.Drive;
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
 * Planning asks every drive for its capabilities and load at once, not one drive after another:
 * each drive's connection here is held until the other drive's is being opened too, which a
 * planner probing in turn never gets to (its first drive would count as down), so both drives
 * answer and each gets its chunk's split.
 */
class DriveProbesTest {
    private static final int ENTRY = 32;
    private static final int RECORDS = 1024;

    @Test
    void theDrivesAreProbedAtOnce() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
            EmbeddedDriveDirectory directory = new EmbeddedDriveDirectory(drives);
            byte[] chunk = new byte[ENTRY * RECORDS];
            long[] objects = {directory.newObject(0, chunk), directory.newObject(1, chunk)};
            CountDownLatch bothOpening = new CountDownLatch(2);
            OffloadStorage storage = new OffloadStorage() {
                @Override
                public DriveDirectory drives() {
                    return new Rendezvous(directory, bothOpening);
                }

                @Override
                public List<ChunkExtent> locate(String file, long length) {
                    return List.of(new ChunkExtent(0, objects[0], 0, chunk.length, 0),
                            new ChunkExtent(1, objects[1], 0, chunk.length, chunk.length));
                }
            };
            OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "device-only"));
            TaskletSpec count = TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(ENTRY), Predicate.eq("type", 1),
                    List.of(), List.of(Aggregate.countStar())), "DriveProbesTest");
            List<PlannedSplit> splits = new SplitPlanner(settings, count, storage, new CorrectionBook())
                    .plan(List.of(new InputFile("osd:///t", 2L * chunk.length, ENTRY)));
            TreeSet<Integer> onDevice = new TreeSet<>();
            splits.stream().filter(s -> s.decision().placement() == Placement.DEVICE).forEach(s -> onDevice.add(s.drive()));
            assertEquals(Set.of(0, 1), onDevice, "both drives answered the planner: " + splits);
        }
    }

    /** The drives, each connection given only once both drives' connections are being opened (at most 10 s). */
    private record Rendezvous(EmbeddedDriveDirectory drives, CountDownLatch bothOpening) implements DriveDirectory {
        @Override
        public int size() {
            return drives.size();
        }

        @Override
        public String address(int drive) {
            return drives.address(drive);
        }

        @Override
        public String host(int drive) {
            return drives.host(drive);
        }

        @Override
        public Drive open(int drive) throws IOException {
            bothOpening.countDown();
            try {
                if (!bothOpening.await(10, TimeUnit.SECONDS)) {
                    throw new IOException("drive " + drive + " was probed alone: the other drive's probe never started");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            return drives.open(drive);
        }
    }
}
