package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of every chunk on three real drives: where they are, that the file stays whole
 * when a drive holding it dies (drive 0, which holds the namespace, stays up), that writers go
 * around a dead drive, and that a replica failing in the middle of a write fails the write.
 */
class ReplicationTest {
    private static final int CHUNK = 1 << 16;
    private static final int LENGTH = 5 * CHUNK + 777;
    private static final Path FILE = new Path("/r/data.bin");

    private final OsdDrives drives = new OsdDrives(3, CHUNK).withReplication(2);
    private final byte[] data = new byte[LENGTH];
    private OsdFileSystem fs;

    @BeforeEach
    void start() throws IOException {
        drives.start(null);
        fs = drives.newClient();
        new Random(7).nextBytes(data);
    }

    @AfterEach
    void stop() throws IOException {
        try {
            fs.close();
        } finally {
            drives.stop();
        }
    }

    @Test
    void everyChunkHasTwoReplicasOnDistinctDrivesThatHoldItsBytes() throws Exception {
        write(fs, FILE, data);
        assertEquals(2, fs.getFileStatus(FILE).getReplication());
        assertEquals(2, fs.getDefaultReplication(FILE));

        BlockLocation[] blocks = fs.getFileBlockLocations(fs.getFileStatus(FILE), 0, LENGTH);
        assertEquals(6, blocks.length);
        for (BlockLocation b : blocks) {
            assertEquals(2, b.getHosts().length, Arrays.toString(b.getHosts()));
            assertEquals(2, new HashSet<>(Arrays.asList(b.getNames())).size(), Arrays.toString(b.getNames()));
        }

        List<ChunkExtent> extents = fs.locate(FILE, 0, LENGTH);
        for (ChunkExtent e : extents) {
            assertEquals(2, e.replicas().size());
            assertEquals(e.replicas().get(0).drive(), e.drive());
            Set<Integer> onDrives = new HashSet<>();
            for (Replica r : e.replicas()) {
                onDrives.add(r.drive());
                try (Drive d = fs.drives().open(r.drive())) {
                    byte[] got = d.read(r.objectId(), e.objectOffset(), (int) e.length());
                    assertArrayEquals(Arrays.copyOfRange(data, (int) e.fileOffset(), (int) (e.fileOffset() + e.length())),
                            got, "replica on drive " + r.drive() + " at file offset " + e.fileOffset());
                }
            }
            assertEquals(2, onDrives.size());
        }
        ChunkExtent clipped = extents.get(1).clip(CHUNK + 10, CHUNK + 30);
        assertEquals(extents.get(1).replicas(), clipped.replicas());
        assertEquals(10, clipped.objectOffset());
        assertEquals(20, clipped.length());
    }

    @Test
    void aFileStaysWholeWhenADriveHoldingItDies() throws Exception {
        write(fs, FILE, data);
        drives.kill(2);
        assertArrayEquals(data, read(fs, FILE), "a client that knew the drive");
        try (OsdFileSystem other = drives.newClient(); FSDataInputStream in = other.open(FILE)) {
            byte[] all = new byte[LENGTH];
            in.readFully(all);
            assertArrayEquals(data, all, "a new client");
            byte[] positioned = new byte[CHUNK + 100];
            in.readFully(2L * CHUNK - 50, positioned);
            assertArrayEquals(Arrays.copyOfRange(data, 2 * CHUNK - 50, 3 * CHUNK + 50), positioned);
        }
    }

    @Test
    void aWriterGoesAroundADeadDriveAndStillPlacesEveryReplica() throws Exception {
        drives.kill(2);
        write(fs, FILE, data);
        for (ChunkExtent e : fs.locate(FILE, 0, LENGTH)) {
            assertEquals(Set.of(0, 1), Set.of(e.replicas().get(0).drive(), e.replicas().get(1).drive()));
        }
        assertArrayEquals(data, read(fs, FILE));
    }

    @Test
    void aReplicaFailingInTheMiddleOfAWriteFailsItAndLeavesNothing() throws Exception {
        Path path = pathWhoseFirstChunkGoesTo(1, 2);
        long onDrive1 = objects(1);
        byte[] mib = new byte[1 << 20];
        FSDataOutputStream out = fs.create(path, true, 4096, (short) 2, 4L << 20); // 4 MiB chunks, 1 MiB writes
        out.write(mib);
        out.write(mib, 0, 1000); // the first MiB went to both replicas
        assertEquals(onDrive1 + 1, objects(1));
        drives.kill(2);
        IOException failed = assertThrows(IOException.class, () -> out.write(mib));
        assertTrue(failed.getMessage().contains(path.toUri().getPath()) && failed.getMessage().contains("drive 2"),
                failed.getMessage());
        out.close();
        assertFalse(fs.exists(path), "nothing was committed");
        assertEquals(onDrive1, objects(1), "the live replica was deleted");
    }

    @Test
    void deletingAFileDeletesEveryReplica() throws Exception {
        long[] before = {objects(0), objects(1), objects(2)};
        write(fs, FILE, data);
        assertEquals(12, objects(0) + objects(1) + objects(2) - before[0] - before[1] - before[2]);
        assertTrue(fs.delete(FILE, false));
        assertArrayEquals(before, new long[] {objects(0), objects(1), objects(2)});
    }

    @Test
    void moreReplicasThanDrivesIsAnErrorNamingTheKey() {
        Configuration conf = drives.conf();
        conf.setInt(IspdKeys.FS_REPLICATION.name(), 4);
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        IOException e = assertThrows(IOException.class, () -> FileSystem.get(drives.uri(), conf));
        assertTrue(e.getMessage().contains("ispd.fs.replication is 4") && e.getMessage().contains("lists 3"),
                e.getMessage());
    }

    /** A path whose chunk 0 is first offered to drives {@code a} then {@code b}. */
    private Path pathWhoseFirstChunkGoesTo(int a, int b) {
        for (int k = 0; ; k++) {
            List<Integer> order = ChunkPlacement.candidates("/mid/f" + k, 0, fs.drives());
            if (order.get(0) == a && order.get(1) == b) {
                return new Path("/mid/f" + k);
            }
        }
    }

    private long objects(int drive) throws IOException {
        try (Drive d = fs.drives().open(drive)) {
            return d.list().size();
        }
    }

    static void write(FileSystem fs, Path path, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(path)) {
            out.write(bytes);
        }
    }

    static byte[] read(FileSystem fs, Path path) throws IOException {
        byte[] bytes = new byte[(int) fs.getFileStatus(path).getLen()];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(bytes);
        }
        return bytes;
    }
}
