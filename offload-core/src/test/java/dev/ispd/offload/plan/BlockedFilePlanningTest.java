package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.EmbeddedDriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.protocol.Params;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Planning a file whose records are stored column-blocked: the drive and the host find a plan's
 * columns by the plan's layout, so a plan is taken only where each column it reads is one the
 * file stores whole, and only a plan reads such a file.
 */
class BlockedFilePlanningTest {
    private static final String FILE = "osd:///t/f";
    /** As the file was written: 32-byte records, a (8 B at 0), b (4 B at 8), c (4 B at 12), d (16 B at 16), 10 to a block. */
    private static final BlockLayout STORED = new BlockLayout(new Layout("t", 32, List.of(Field.unsigned("a", 0, 8),
            Field.unsigned("b", 8, 4), Field.unsigned("c", 12, 4), Field.of("d", 16, 16, FieldType.chars(false), false))), 10);
    private static final int RECORDS = 40;

    @Test
    void aPlanOverTheFilesColumnsUnderOtherNamesIsPlannedInBlocks() throws IOException {
        Layout renamed = new Layout("same", 32, List.of(Field.unsigned("x", 0, 8), Field.unsigned("y", 8, 4),
                Field.unsigned("z", 12, 4), Field.of("w", 16, 16, FieldType.chars(false), false)));
        List<PlannedSplit> splits = plan(TaskletSpec.plan("scan", Plan.aggregate(renamed, Predicate.eq("z", 1), List.of(),
                List.of(Aggregate.countStar())), "BlockedFilePlanningTest"));
        assertTrue(!splits.isEmpty() && splits.stream().allMatch(s -> s.blocked() != null), "blocked splits: " + splits);
        assertEquals(RECORDS, splits.stream().mapToLong(s -> s.blocked().records()).sum());
    }

    @Test
    void aPlanWhoseFieldCutsAcrossTheFilesColumnsIsRefusedNamingFileAndColumns() {
        Layout shifted = new Layout("shifted", 32, List.of(Field.unsigned("x", 4, 8)));
        IOException e = assertThrows(IOException.class, () -> plan(TaskletSpec.plan("scan", Plan.aggregate(shifted,
                Predicate.eq("x", 1), List.of(), List.of(Aggregate.countStar())), "BlockedFilePlanningTest")));
        assertEquals(FILE + " stores its records column-blocked by layout t, whose column at byte 0 is 8 bytes, but the"
                + " plan reads a column of 8 bytes at byte 4: a plan over blocked records reads the file's columns whole",
                e.getMessage());
    }

    @Test
    void aTaskletThatIsNotAPlanIsRefusedNamingFileAndTasklet() {
        IOException e = assertThrows(IOException.class, () -> plan(new TaskletSpec("q1", Params.of("entrySize", "32"),
                "BlockedFilePlanningTest")));
        assertTrue(e.getMessage().startsWith(FILE + " stores its records column-blocked (10 to a block), which only a"
                + " plan reads, and BlockedFilePlanningTest runs tasklet 'q1'"), e.getMessage());
    }

    /** Device-only splits of {@link #FILE}, {@link #RECORDS} blocked records in one chunk of one in-JVM drive. */
    private static List<PlannedSplit> plan(TaskletSpec tasklet) throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(1).start()) {
            EmbeddedDriveDirectory directory = new EmbeddedDriveDirectory(drives);
            byte[] chunk = new byte[32 * RECORDS];
            long object = directory.newObject(0, chunk);
            OffloadStorage storage = new FixedStorage(directory, List.of(new ChunkExtent(0, object, 0, chunk.length, 0)));
            OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "device-only"));
            return new SplitPlanner(settings, tasklet, storage, new CorrectionBook())
                    .plan(List.of(InputFile.blocked(FILE, chunk.length, STORED)));
        }
    }
}
