package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.DriveJournalStore;
import dev.ispd.hadoop.fs.metadata.Journal;
import dev.ispd.hadoop.fs.metadata.JournalCodec;
import dev.ispd.hadoop.fs.metadata.JournalRecord;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.protocol.ReservedValues;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal on a drive is cut below the older of its two checkpoints: it stays bounded under
 * churn, a client whose place was cut reloads a checkpoint and catches up, concurrent writers
 * lose nothing while others cut, an append that lands after a segment's seal takes effect once,
 * drives restart after a cut, and fsck replays from the older checkpoint.
 */
@Tag("heavy")
class JournalCutTest {
    private static final int CHUNK = 1024;

    /** Drives whose clients checkpoint every {@code records} records and seal segments of {@code segmentBytes}. */
    private static OsdDrives drives(long records, long segmentBytes) {
        return new OsdDrives(1, CHUNK).set(IspdKeys.FS_CHECKPOINT_RECORDS.name(), Long.toString(records))
                .set(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.name(), Long.toString(segmentBytes));
    }

    @Test
    void theJournalStaysBoundedUnderChurnAndANewClientSeesTheExactTree() throws Exception {
        OsdDrives drives = drives(200, 16 * 1024);
        drives.start(null);
        try (OsdFileSystem fs = drives.newClient()) {
            Set<String> kept = new TreeSet<>();
            long largest = 0;
            for (int i = 0; i < 10_000; i++) {
                Path p = new Path("/churn/f" + i);
                fs.create(p).close();
                if (i % 1000 == 0) {
                    kept.add(p.getName());
                } else {
                    assertTrue(fs.delete(p, false));
                }
                if (i % 500 == 499) {
                    largest = Math.max(largest, journalBytes(drives));
                }
            }
            // Uncut, these 30,000 records take 1.7 MB. Cut, the journal holds about three
            // checkpoints' worth of records (200 each, about 56 B) and a segment: 45 KB.
            assertTrue(largest < 80 * 1024, "the journal reached " + largest + " bytes");
            assertFalse(segmentExists(drives, 0), "segment 0 was cut");

            try (OsdFileSystem fresh = drives.newClient()) {
                assertEquals(kept, names(fresh, "/churn"));
            }
        } finally {
            drives.stop();
        }
    }

    @Test
    void aClientWhosePlaceWasCutReloadsACheckpointAndCatchesUp() throws Exception {
        OsdDrives drives = drives(50, 2048);
        drives.start(null);
        try (OsdFileSystem slow = drives.newClient(); OsdFileSystem busy = drives.newClient()) {
            assertTrue(slow.mkdirs(new Path("/slow")));
            for (int i = 0; i < 1000; i++) {
                busy.create(new Path("/busy/f" + i)).close();
                if (i % 10 != 0) {
                    assertTrue(busy.delete(new Path("/busy/f" + i), false));
                }
            }
            assertFalse(segmentExists(drives, 0), "the slow client's segment was cut");

            assertEquals(100, slow.listStatus(new Path("/busy")).length, "caught up through a checkpoint");
            write(slow, "/slow/after-the-cut", "x");
            assertEquals(Set.of("after-the-cut"), names(busy, "/slow"));
        } finally {
            drives.stop();
        }
    }

    @Test
    void anAppendAfterASealIsAppendedAgainAndTakesEffectOnce() throws Exception {
        OsdDrives drives = drives(0, 1);
        drives.start(null);
        try (DriveSet set = DriveSet.parse("h=" + drives.drives().address(0))) {
            DriveJournalStore staleStore = DriveJournalStore.open(set.sharedDrive(0), 16);
            Journal stale = Journal.open(staleStore, 1, 0);
            assertTrue(stale.commit(new JournalRecord.Mkdir("/a", 1L, "u")).applied());

            Journal sealer = Journal.open(DriveJournalStore.open(set.sharedDrive(0), 16), 1, 1);
            assertTrue(sealer.commit(new JournalRecord.Mkdir("/b", 2L, "u")).applied()); // checkpoints and seals
            assertTrue(segmentExists(drives, 1), "segment 1 follows the seal");

            JournalRecord.Mkdir late = new JournalRecord.Mkdir("/late", 3L, "u");
            assertTrue(stale.commit(late).applied(), "appended to sealed segment 0, then again to segment 1");
            ByteBuffer frame = JournalCodec.encode(late);
            int[] delivered = {0};
            DriveJournalStore.open(set.sharedDrive(0), 16).replay(0, (position, f) -> delivered[0] += f.equals(frame) ? 1 : 0);
            assertEquals(1, delivered[0], "the copy after the seal is never replayed");
            assertEquals(Set.of("a", "b", "late"), names(Journal.open(DriveJournalStore.open(set.sharedDrive(0), 16), 1, 0)));
        } finally {
            drives.stop();
        }
    }

    @Test
    void concurrentClientsLoseNoAcknowledgedFileWhileOthersCut() throws Exception {
        OsdDrives drives = drives(20, 1024);
        drives.start(null);
        List<OsdFileSystem> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                clients.add(drives.newClient());
            }
            ConcurrentWriters writers = new ConcurrentWriters();
            writers.run(clients, 250);
            assertFalse(segmentExists(drives, 0), "the journal was cut while they wrote");
            try (OsdFileSystem fresh = drives.newClient()) {
                writers.check(fresh);
            }
        } finally {
            for (OsdFileSystem fs : clients) {
                fs.close();
            }
            drives.stop();
        }
    }

    @Test
    void drivesRestartAfterACutAndTheJournalGoesOn(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = drives(30, 1024);
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            churn(fs, "/before", 300);
        } finally {
            drives.stop();
        }
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            assertEquals(30, fs.listStatus(new Path("/before")).length);
            churn(fs, "/after", 300);
            assertFalse(segmentExists(drives, 1), "cut on after the restart");
        } finally {
            drives.stop();
        }
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            assertEquals(30, fs.listStatus(new Path("/before")).length);
            assertEquals(30, fs.listStatus(new Path("/after")).length);
        } finally {
            drives.stop();
        }
    }

    @Test
    void fsckReplaysFromTheOlderCheckpointAndReportsADamagedOneWithoutDeletingAnything() throws Exception {
        OsdDrives drives = drives(30, 1024);
        drives.start(null);
        try (OsdFileSystem fs = drives.newClient()) {
            churn(fs, "/data", 300);
            FsckReport healthy = fs.fsck(true, 0);
            assertTrue(healthy.findings().isEmpty(), healthy.text());
            assertTrue(healthy.text().contains("replayed from the older checkpoint at position"), healthy.text());

            try (Drive d = Drive.connect(drives.drives().address(0))) {
                long size = d.stat(DriveJournalStore.CHECKPOINTS).size();
                long id = ByteBuffer.wrap(d.read(DriveJournalStore.CHECKPOINTS, size - 16, 8))
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
                d.write(id, 30, new byte[] {1, 2, 3}); // the latest checkpoint no longer matches its checksum
            }
            List<ObjectStat> before = dataObjects(drives);
            try (OsdFileSystem opened = drives.newClient()) {
                assertEquals(30, opened.listStatus(new Path("/data")).length, "opened from the one before");
                FsckReport damaged = opened.fsck(false, 0);
                assertEquals(1, damaged.of(FsckReport.Kind.NAMESPACE).size(), damaged.text());
                assertTrue(damaged.text().contains("checksum mismatch; the journal is cut below position"),
                        damaged.text());
                assertTrue(damaged.of(FsckReport.Kind.ORPHAN).isEmpty(), damaged.text());
                FsckReport repaired = opened.fsck(true, 0);
                assertTrue(repaired.healthy(), repaired.text());
            }
            List<ObjectStat> after = dataObjects(drives);
            assertTrue(after.stream().map(ObjectStat::id).toList().containsAll(
                    before.stream().map(ObjectStat::id).filter(id -> !isCheckpoint(drives, id)).toList()),
                    "no file's object was deleted");
        } finally {
            drives.stop();
        }
    }

    /** Creates {@code n} files under {@code dir}, keeping every tenth. */
    private static void churn(OsdFileSystem fs, String dir, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            Path p = new Path(dir + "/f" + i);
            write(fs, p.toString(), "bytes of " + i);
            if (i % 10 != 0) {
                assertTrue(fs.delete(p, false));
            }
        }
    }

    /** Bytes in the journal's segments on drive 0. */
    static long journalBytes(OsdDrives drives) throws IOException {
        try (Drive d = Drive.connect(drives.drives().address(0))) {
            return d.list().stream().filter(o -> isSegment(o.id())).mapToLong(ObjectStat::size).sum();
        }
    }

    private static boolean isSegment(long id) {
        return id == DriveJournalStore.OBJECT_ID || Long.compareUnsigned(id, DriveJournalStore.FIRST_SEGMENT_ID) >= 0;
    }

    private static boolean segmentExists(OsdDrives drives, long segment) throws IOException {
        try (Drive d = Drive.connect(drives.drives().address(0))) {
            long id = DriveJournalStore.segmentId(segment);
            return d.list().stream().anyMatch(o -> o.id() == id);
        }
    }

    private static List<ObjectStat> dataObjects(OsdDrives drives) throws IOException {
        try (Drive d = Drive.connect(drives.drives().address(0))) {
            return d.list().stream().filter(o -> !ReservedValues.isWellKnownId(o.id())).toList();
        }
    }

    private static boolean isCheckpoint(OsdDrives drives, long id) {
        try (DriveSet set = DriveSet.parse("h=" + drives.drives().address(0))) {
            return DriveJournalStore.open(set.sharedDrive(0)).objects().stream().anyMatch(r -> r.objectId() == id);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Set<String> names(OsdFileSystem fs, String dir) throws IOException {
        Set<String> out = new TreeSet<>();
        for (FileStatus s : fs.listStatus(new Path(dir))) {
            out.add(s.getPath().getName());
        }
        return out;
    }

    private static Set<String> names(Journal j) throws IOException {
        return new TreeSet<>(((Namespace.Dir) j.current().root()).children.keySet());
    }

    static void write(OsdFileSystem fs, String path, String text) throws IOException {
        try (FSDataOutputStream out = fs.create(new Path(path), false)) {
            out.write(text.getBytes());
        }
    }

    static String read(OsdFileSystem fs, String path) throws IOException {
        try (FSDataInputStream in = fs.open(new Path(path))) {
            return new String(in.readAllBytes());
        }
    }
}
