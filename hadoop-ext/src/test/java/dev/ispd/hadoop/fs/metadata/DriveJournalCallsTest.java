package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the namespace journal on a drive costs the drive, counted by the drive itself (its
 * request metrics): the checkpoint list is read in one call however long it is, and the
 * checkpoints are ranked once per change of the list, not on every look at one of them.
 */
class DriveJournalCallsTest {
    private static final String READ = "read_object";
    private static final String STAT = "stat_object";

    @RegisterExtension
    final OsdDrives drives = new OsdDrives(1, 1024).withMetrics().perTest();

    @Test
    void theCheckpointListIsReadInOneCallNotOneAnEntry() throws IOException {
        try (DriveSet set = DriveSet.parse("h=" + drives.drives().address(0))) {
            DriveJournalStore store = DriveJournalStore.open(set.sharedDrive(0));
            int saved = 40;
            for (int i = 1; i <= saved; i++) {
                store.saveCheckpoint(checkpointAt(i));
            }

            Map<String, Long> before = drives.requests(0);
            Set<Replica> objects = store.objects();
            Map<String, Long> after = drives.requests(0);

            assertEquals(listedIds(), objects, "every object the list names");
            assertEquals(saved, objects.size());
            assertEquals(1, calls(before, after, READ), "one read of the whole list");
            assertEquals(1, calls(before, after, STAT), "one stat of the list");
        }
    }

    @Test
    void checkpointsAreRankedOnceUntilTheListChanges() throws IOException {
        try (DriveSet set = DriveSet.parse("h=" + drives.drives().address(0))) {
            DriveJournalStore writer = DriveJournalStore.open(set.sharedDrive(0));
            for (int i = 1; i <= 5; i++) {
                writer.saveCheckpoint(checkpointAt(i * 100));
            }
            DriveJournalStore reader = DriveJournalStore.open(set.sharedDrive(0));

            Map<String, Long> before = drives.requests(0);
            assertEquals(500, positionOf(reader.checkpoint(0)));
            Map<String, Long> first = drives.requests(0);
            // a stat; reads of the list's last entries, of the five listed headers (three objects are gone), of the checkpoint
            assertEquals(1, calls(before, first, STAT));
            assertEquals(1 + 5 + 1, calls(before, first, READ));

            assertEquals(400, positionOf(reader.checkpoint(1)));
            assertEquals(500, positionOf(reader.checkpoint(0)));
            Map<String, Long> again = drives.requests(0);
            assertEquals(2, calls(first, again, STAT), "one stat a call, to see whether the list changed");
            assertEquals(2, calls(first, again, READ), "the checkpoints' bytes, nothing more");

            writer.saveCheckpoint(checkpointAt(600));
            Map<String, Long> saved = drives.requests(0);
            assertEquals(600, positionOf(reader.checkpoint(0)), "a reader ranks again once the list changed");
            Map<String, Long> reranked = drives.requests(0);
            assertEquals(1 + 6 + 1, calls(saved, reranked, READ), "the list, six headers, the checkpoint");

            assertEquals(600, positionOf(writer.checkpoint(0)), "the writer ranked its list as it saved");
            assertEquals(500, positionOf(writer.checkpoint(1)));
            assertEquals(2, calls(reranked, drives.requests(0), READ), "the checkpoints' bytes, nothing more");
        }
    }

    private static ByteBuffer checkpointAt(long position) {
        return Checkpoint.of(new Namespace(), position).encode();
    }

    private static long positionOf(ByteBuffer checkpoint) throws IOException {
        return Checkpoint.decode(checkpoint, "test").position();
    }

    private static long calls(Map<String, Long> before, Map<String, Long> after, String opcode) {
        return after.getOrDefault(opcode, 0L) - before.getOrDefault(opcode, 0L);
    }

    /** The objects the checkpoint list names, read on a connection of the test's own. */
    private Set<Replica> listedIds() throws IOException {
        try (Drive d = Drive.connect(drives.drives().address(0))) {
            long size = d.stat(DriveJournalStore.CHECKPOINTS).size();
            ByteBuffer list = ByteBuffer.wrap(d.read(DriveJournalStore.CHECKPOINTS, 0, (int) size))
                    .order(ByteOrder.LITTLE_ENDIAN);
            Set<Replica> out = new HashSet<>();
            for (int at = 0; at < size; at += 16) {
                out.add(new Replica(0, list.getLong(at)));
            }
            return out;
        }
    }
}
