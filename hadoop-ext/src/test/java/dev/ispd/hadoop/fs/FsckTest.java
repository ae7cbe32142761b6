package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * fsck over three real drives with two replicas per chunk: a healthy file system, orphans of a
 * writer that died, of a failed delete and a tasklet instance a job left collected only after the
 * grace period while a live
 * writer keeps every object, chunks that lost a replica copied back, chunks with none left
 * reported missing.
 */
@Tag("heavy")
class FsckTest {
    private static final int CHUNK = 1 << 16;
    private static final long GRACE = 1500;

    @RegisterExtension
    final OsdDrives drives = new OsdDrives(3, CHUNK).withReplication(2).perTest();
    private OsdFileSystem fs;

    @BeforeEach
    void openClient() throws IOException {
        fs = (OsdFileSystem) drives.cachedFileSystem(drives.conf()); // closed with the drives
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private void write(FileSystem on, String path, byte[] data) throws IOException {
        try (FSDataOutputStream out = on.create(new Path(path), true)) {
            out.write(data);
        }
    }

    private static byte[] read(FileSystem on, String path, int length) throws IOException {
        byte[] back = new byte[length];
        try (FSDataInputStream in = on.open(new Path(path))) {
            in.readFully(0, back);
        }
        return back;
    }

    @Test
    void aHealthyFileSystemHasNoFindings() throws IOException {
        write(fs, "/a/one", bytes(3 * CHUNK + 5, 1));
        write(fs, "/a/two", bytes(10, 2));
        FsckReport r = fs.fsck(false, GRACE);
        assertEquals(List.of(), r.findings(), r.text());
        assertEquals(2, r.files());
        assertEquals(5, r.chunks());
        assertTrue(r.healthy());
    }

    @Test
    void aDamagedListOfOrphansIsAnErrorNamingTheFileAndTheLine() throws IOException {
        write(fs, "/a/one", bytes(10, 4));
        write(fs, Fsck.SUSPECTS, "0 12 x 9\n".getBytes(StandardCharsets.UTF_8));
        IOException e = assertThrows(IOException.class, () -> fs.fsck(false, GRACE));
        assertTrue(e.getMessage().contains(Fsck.SUSPECTS + ": bad line '0 12 x 9', want 'drive object first-seen-ms'"),
                e.getMessage());
    }

    @Test
    void orphansAreCollectedAfterTheGracePeriodAndALiveWriterKeepsEveryObject() throws Exception {
        byte[] live = bytes(4 * CHUNK, 3);
        FSDataOutputStream writer = fs.create(new Path("/live/part-0"));
        writer.write(live, 0, 2 * CHUNK + 100); // two chunks done, a third begun: five objects, none in a file yet

        Configuration shortLease = drives.conf();
        shortLease.setLong(IspdKeys.FS_LEASE_MS.name(), 100);
        shortLease.setBoolean("fs.osd.impl.disable.cache", true);
        FileSystem dying = FileSystem.get(drives.uri(), shortLease);
        FSDataOutputStream dead = dying.create(new Path("/dead/part-0"));
        dead.write(bytes(CHUNK + 1, 4)); // a writer that dies before close: its objects stay
        long stray;
        long leftTasklet;
        try (Drive d = Drive.connect(drives.drives().address(1))) {
            stray = d.createObject(); // as a failed delete leaves one
            d.write(stray, 0, new byte[] {1, 2, 3});
            leftTasklet = d.createTasklet("q1", Params.of("entrySize", "20")); // as a cancelled query leaves one
        }
        Thread.sleep(100 + GRACE + 100); // the dead writer's lease ran out over a grace period ago

        FsckReport first = fs.fsck(true, GRACE);
        List<FsckReport.Finding> orphans = first.of(FsckReport.Kind.ORPHAN);
        assertEquals(4, orphans.size(), "two replicas of the dead writer's chunk, the stray object and the tasklet "
                + "instance: " + first.text());
        assertEquals(2, orphans.stream().filter(FsckReport.Finding::repaired).count(), first.text());
        assertTrue(orphans.stream().anyMatch(f -> !f.repaired() && f.detail().contains("object "
                + Long.toUnsignedString(stray))), "the stray object is new to fsck: kept\n" + first.text());
        assertTrue(orphans.stream().anyMatch(f -> !f.repaired() && f.detail().equals("drive 1 object "
                + Long.toUnsignedString(leftTasklet) + " (a tasklet instance): no job deleted it, an orphan since 0 s; "
                + "kept until its grace period of 1 s is over")), "the tasklet instance is new to fsck: kept\n"
                + first.text());
        assertTrue(first.healthy(), first.text());

        Thread.sleep(GRACE + 100);
        FsckReport second = fs.fsck(true, GRACE);
        assertEquals(2, second.of(FsckReport.Kind.ORPHAN).size(), second.text());
        assertTrue(second.of(FsckReport.Kind.ORPHAN).stream().allMatch(FsckReport.Finding::repaired),
                "orphans for a grace period: " + second.text());
        assertEquals(List.of(), fs.fsck(false, GRACE).of(FsckReport.Kind.ORPHAN), "no orphan is left");

        writer.write(live, 2 * CHUNK + 100, live.length - (2 * CHUNK + 100));
        writer.close();
        try (OsdFileSystem fresh = drives.newClient()) {
            assertArrayEquals(live, read(fresh, "/live/part-0", live.length), "the live writer lost nothing");
        }
        dying.close();
    }

    @Test
    void chunksThatLostAReplicaAreCopiedBackAndChunksWithNoneAreMissing() throws Exception {
        byte[] twice = bytes(5 * CHUNK + 9, 5);
        write(fs, "/r/twice", twice);
        try (FSDataOutputStream once = fs.create(new Path("/r/once"), true, 4096, (short) 1, CHUNK)) {
            once.write(bytes(3 * CHUNK, 6)); // three chunks round robin: one of them on drive 2
        }
        drives.kill(2);

        FsckReport check = fs.fsck(false, GRACE);
        assertFalse(check.healthy(), check.text());
        assertEquals(1, check.of(FsckReport.Kind.DRIVE_DOWN).size(), check.text());
        assertEquals(1, check.of(FsckReport.Kind.MISSING).size(), check.text());
        assertTrue(check.of(FsckReport.Kind.MISSING).get(0).detail().startsWith("/r/once chunk "), check.text());
        int under = check.of(FsckReport.Kind.UNDER_REPLICATED).size();
        assertTrue(under >= 2, "most chunks of /r/twice had a replica on drive 2: " + check.text());

        FsckReport repair = fs.fsck(true, GRACE);
        List<FsckReport.Finding> copied = repair.of(FsckReport.Kind.UNDER_REPLICATED);
        assertEquals(under, copied.size(), repair.text());
        copied.forEach(f -> assertTrue(f.repaired(), f.toString()));
        FsckReport after = fs.fsck(false, GRACE);
        assertEquals(List.of(), after.of(FsckReport.Kind.UNDER_REPLICATED), after.text());
        try (OsdFileSystem fresh = drives.newClient()) {
            assertArrayEquals(twice, read(fresh, "/r/twice", twice.length));
            assertEquals(2, fresh.getFileStatus(new Path("/r/twice")).getReplication());
        }
    }
}
