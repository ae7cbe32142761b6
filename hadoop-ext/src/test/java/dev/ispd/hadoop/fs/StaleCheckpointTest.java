package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.metadata.Checkpoint;
import dev.ispd.hadoop.fs.metadata.DriveJournalStore;
import dev.ispd.hadoop.fs.metadata.Journal;
import dev.ispd.hadoop.fs.metadata.JournalRecord;
import dev.ispd.hadoop.fs.metadata.JournalStore;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.hadoop.fs.metadata.ZooKeeperJournalStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client that fell behind may save a checkpoint at an old position just after others cut the
 * journal past it (its check of the cut and its save race with their cuts). Two such saves in a
 * row once left a drive's journal with no checkpoint any client could start from: the store kept
 * the two saved last. Stores keep the two with the highest positions, on a drive and in ZooKeeper.
 */
class StaleCheckpointTest {
    @RegisterExtension
    static final InProcessZooKeeper ZOOKEEPER = new InProcessZooKeeper();

    /** Opens the same journal store again, as a new client does. */
    private interface Stores {
        JournalStore open() throws IOException;
    }

    @Test
    void checkpointsSavedBehindACutLeaveADrivesJournalOpenable() throws Exception {
        OsdDrives drives = new OsdDrives(1, 1024);
        drives.start(null);
        try (DriveSet set = DriveSet.parse("h=" + drives.drives().address(0))) {
            // Segments of one byte: every checkpoint seals one, so each cut deletes whole segments.
            saveBehindACutAndReopen(() -> DriveJournalStore.open(set.sharedDrive(0), 1));
        } finally {
            drives.stop();
        }
    }

    @Test
    void checkpointsSavedBehindACutLeaveAZooKeeperJournalOpenable() throws Exception {
        saveBehindACutAndReopen(() -> ZooKeeperJournalStore.open(ZOOKEEPER.connectString(), "/ispd/stale"));
    }

    private static void saveBehindACutAndReopen(Stores stores) throws IOException {
        try (JournalStore store = stores.open(); Journal journal = Journal.open(store, 1, 0)) {
            mkdir(journal, "/a", 1);
            journal.checkpointNow();
            ByteBuffer behind = copy(store.checkpoint(0));
            mkdir(journal, "/b", 2);
            journal.checkpointNow();
            mkdir(journal, "/c", 3);
            journal.checkpointNow();
            journal.cut();
            long cut = store.cutBelow();
            assertTrue(cut > 0, "the journal was cut below the checkpoint after /b");

            store.saveCheckpoint(behind.duplicate());
            store.saveCheckpoint(behind.duplicate());

            try (JournalStore again = stores.open(); Journal fresh = Journal.open(again, 1, 0)) {
                assertEquals(Set.of("a", "b", "c"), names(fresh.current()));
                assertTrue(Checkpoint.decode(again.checkpoint(1), "checkpoint 1").position() >= cut,
                        "both checkpoints kept are at or above the cut");
            }
        }
    }

    private static void mkdir(Journal journal, String path, long id) throws IOException {
        assertTrue(journal.commit(new JournalRecord.Mkdir(path, id, "u")).applied());
    }

    private static ByteBuffer copy(ByteBuffer b) {
        return ByteBuffer.allocate(b.remaining()).put(b.duplicate()).flip();
    }

    private static Set<String> names(Namespace ns) {
        return new TreeSet<>(((Namespace.Dir) ns.root()).children.keySet());
    }
}
