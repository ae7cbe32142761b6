package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.EmbeddedDriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.offload.storage.Replica;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Planning asks a drive for its capabilities and load once per {@code ispd.device.probe.max.age.ms}
 * in a JVM: the plans within that age go by its last answer, a plan after it asks again, and a
 * drive that did not answer is asked again at the next plan.
 */
class DriveProbesTest {
    private static final int ENTRY = 32;
    private static final int RECORDS = 1024;
    private static final TaskletSpec COUNT = TaskletSpec.plan("scan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of(), List.of(Aggregate.countStar())), "DriveProbesTest");

    @Test
    void plansWithinTheAgeGoByTheLastAnswer() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
            Input input = new Input(drives);
            assertEquals(Set.of(0, 1), input.plan("60000"));
            assertEquals(2, input.opened.get(), "each drive probed");
            assertEquals(Set.of(0, 1), input.plan("60000"));
            assertEquals(Set.of(0, 1), input.plan("60000"));
            assertEquals(2, input.opened.get(), "no drive probed again within the age");
            assertEquals(Set.of(0, 1), input.plan("0"));
            assertEquals(4, input.opened.get(), "an age of 0 asks every plan");
        }
    }

    @Test
    void aDriveThatDidNotAnswerIsAskedAgainAtTheNextPlan() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
            Input input = new Input(drives);
            input.refuse.set(1);
            assertEquals(Set.of(0), input.plan("60000"), "drive 1 down for this plan");
            input.refuse.set(-1);
            assertEquals(Set.of(0, 1), input.plan("60000"), "drive 1 asked again, and answered");
            assertEquals(3, input.opened.get(), "drive 0 once, drive 1 twice");
        }
    }

    /** A file of a chunk on each drive, each with a replica on the other drive, over drives whose probes are counted. */
    private static final class Input {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger refuse = new AtomicInteger(-1);
        private final EmbeddedDriveDirectory directory;
        private final byte[] chunk = new byte[ENTRY * RECORDS];
        private final long[] objects;

        Input(EmbeddedDrives drives) throws IOException {
            directory = new EmbeddedDriveDirectory(drives, drive -> {
                opened.incrementAndGet();
                if (drive == refuse.get()) {
                    throw new IOException("drive " + drive + " refused for the test");
                }
            });
            objects = new long[] {directory.newObject(0, chunk), directory.newObject(1, chunk),
                directory.newObject(0, chunk), directory.newObject(1, chunk)};
            opened.set(0); // the probes are counted from here
        }

        /** The drives the device-only splits run on, planned with a probe age of {@code maxAgeMs}. */
        Set<Integer> plan(String maxAgeMs) throws IOException {
            OffloadStorage storage = new FixedStorage(directory, List.of(new ChunkExtent(List.of(new Replica(0,
                    objects[0]), new Replica(1, objects[3])), 0, chunk.length, 0), new ChunkExtent(List.of(
                    new Replica(1, objects[1]), new Replica(0, objects[2])), 0, chunk.length, chunk.length)));
            OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "device-only",
                    OffloadKeys.DEVICE_PROBE_MAX_AGE_MS.name(), maxAgeMs));
            Set<Integer> on = new TreeSet<>();
            new SplitPlanner(settings, COUNT, storage, new CorrectionBook())
                    .plan(List.of(new InputFile("osd:///t", 2L * chunk.length, ENTRY))).stream()
                    .filter(s -> s.decision().placement() == Placement.DEVICE).forEach(s -> on.add(s.drive()));
            return on;
        }
    }
}
