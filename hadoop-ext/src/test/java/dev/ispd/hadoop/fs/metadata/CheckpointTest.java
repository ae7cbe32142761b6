package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.ReservedValues;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Checkpoints of the namespace: the snapshot's bytes round trip (directory ids included), and on
 * a real drive a new client starts from the latest one and replays only what follows, keeps two
 * of them, and falls back to the whole journal when the latest is damaged.
 */
class CheckpointTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(1, 1024);

    @Test
    void aSnapshotRoundTripsWithItsDirectoryIds() throws IOException {
        Namespace ns = new Namespace();
        ns.apply(new JournalRecord.Mkdir("/a/b", 1L, "alice"));
        ns.apply(new JournalRecord.CreateFile("/a/f", false, 2L, "bob", 1024, 1030,
                List.of(new Chunk(List.of(new Replica(0, 7), new Replica(1, 9)), 1024), new Chunk(1, 3, 6)),
                JournalRecord.Anchor.ROOT));
        ns.apply(new JournalRecord.CreateFile("/empty", false, 3L, "bob", 4096, 0, List.of(), JournalRecord.Anchor.ROOT));
        JournalRecord.Anchor b = ns.anchorOf("/a/b/new");

        Checkpoint back = Checkpoint.decode(Checkpoint.of(ns, 4242).encode(), "test");
        assertEquals(4242, back.position());
        assertEquals(5, back.entries(), "root, /a, /a/b, /a/f, /empty");
        Namespace restored = back.namespace();
        Namespace.File f = (Namespace.File) restored.lookup("/a/f");
        assertEquals(((Namespace.File) ns.lookup("/a/f")).chunks, f.chunks);
        assertEquals("bob", f.owner);
        assertEquals(2L, f.mtimeMs);
        assertEquals(b, restored.anchorOf("/a/b/new"), "directory ids survive");
        restored.apply(new JournalRecord.Mkdir("/c", 5L, "u"));
        ns.apply(new JournalRecord.Mkdir("/c", 5L, "u"));
        assertEquals(ns.anchorOf("/c/x"), restored.anchorOf("/c/x"), "and new ones go on from the same number");
    }

    @Test
    void runningLeasesAndTheirObjectsSurviveASnapshot() throws IOException {
        Namespace ns = new Namespace();
        ns.apply(new JournalRecord.Lease("/w/a", "writer#1", 1L, 60_001L, List.of(new Replica(0, 5))));
        ns.apply(new JournalRecord.Lease("/w/a", "writer#1", 2L, 60_002L, List.of(new Replica(1, 6))));
        ns.apply(new JournalRecord.Lease("/w/b", "writer#2", 3L, 60_003L, List.of()));
        ns.apply(new JournalRecord.Lease("/w/b", "writer#2", 4L, 4L, List.of())); // released

        Namespace restored = Checkpoint.decode(Checkpoint.of(ns, 7).encode(), "test").namespace();
        assertEquals(Map.of("/w/a", new Namespace.WriterLease("writer#1", 60_002L,
                List.of(new Replica(0, 5), new Replica(1, 6)))), restored.leases());
        assertEquals(Namespace.Refusal.LEASED, restored.apply(
                new JournalRecord.Lease("/w/a", "writer#3", 5L, 60_005L, List.of())).refusal(), "still held");
        assertTrue(restored.apply(new JournalRecord.Lease("/w/a", "writer#3", 60_002L, 120_002L, List.of())).applied(),
                "taken once it ran out");
    }

    @Test
    void damagedBytesAreAnErrorSayingWhere() {
        ByteBuffer bytes = Checkpoint.of(new Namespace(), 1).encode();
        bytes.put(20, (byte) (bytes.get(20) ^ 1));
        IOException e = assertThrows(IOException.class, () -> Checkpoint.decode(bytes, "object 9"));
        assertTrue(e.getMessage().contains("checkpoint object 9 is damaged: checksum mismatch"), e.getMessage());
    }

    @Test
    void aNewClientStartsFromTheLatestCheckpointAndFallsBackWhenItIsDamaged() throws IOException {
        try (DriveSet drives = DriveSet.parse("h=" + DRIVES.drives().address(0))) {
            DriveJournalStore store = DriveJournalStore.open(drives.sharedDrive(0));
            Journal writer = Journal.open(store, 1, 100);
            for (int i = 0; i < 1050; i++) {
                assertTrue(writer.commit(new JournalRecord.Mkdir("/d/" + i, 1L, "u")).applied());
            }
            ByteBuffer latest = store.checkpoint(0);
            assertNotNull(latest);
            Checkpoint c = Checkpoint.decode(latest, "latest");
            assertTrue(c.position() > 0 && writer.applied() - c.position() < 100 * 40,
                    "within 100 records of the end: " + c.position() + " of " + writer.applied());

            Journal reader = Journal.open(DriveJournalStore.open(drives.sharedDrive(0)), 1, 0);
            assertEquals(writer.applied(), reader.applied());
            assertEquals(1050, ((Namespace.Dir) reader.current().lookup("/d")).children.size());

            try (Drive d = drives.open(0)) {
                long checkpointObjects = d.list().stream()
                        .filter(o -> Long.compareUnsigned(o.id(), ReservedValues.WELL_KNOWN_ID_FIRST) < 0).count();
                assertEquals(2, checkpointObjects, "the latest checkpoint and the one before it");
                long size = d.stat(DriveJournalStore.CHECKPOINTS).size();
                long id = ByteBuffer.wrap(d.read(DriveJournalStore.CHECKPOINTS, size - 16, 8))
                        .order(ByteOrder.LITTLE_ENDIAN).getLong();
                d.write(id, 30, new byte[] {1, 2, 3}); // the latest checkpoint's bytes no longer match its checksum
            }
            Journal afterDamage = Journal.open(DriveJournalStore.open(drives.sharedDrive(0)), 1, 0);
            assertEquals(writer.applied(), afterDamage.applied());
            assertEquals(1050, ((Namespace.Dir) afterDamage.current().lookup("/d")).children.size());
        }
    }
}
