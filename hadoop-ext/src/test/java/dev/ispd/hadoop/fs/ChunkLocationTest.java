package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.offload.storage.ChunkExtent;
import java.io.FileNotFoundException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Where a file's bytes are: chunks round robin over the drives, block locations naming each
 * chunk's host and drive address, {@link OsdFileSystem#locate} extents that read back the file's
 * bytes straight from the drives, and reads across chunk boundaries.
 */
class ChunkLocationTest {
    private static final int CHUNK = 1 << 16;
    private static final int LENGTH = 5 * CHUNK + 1234; // six chunks, the last one short

    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, CHUNK);

    private static OsdFileSystem fs;
    private static byte[] data;
    private static final Path FILE = new Path("/data/big.bin");

    @BeforeAll
    static void writeFile() throws Exception {
        fs = DRIVES.newClient();
        data = new byte[LENGTH];
        new Random(42).nextBytes(data);
        try (FSDataOutputStream out = fs.create(FILE)) {
            for (int at = 0; at < LENGTH; at += 10_000) { // writes that straddle chunk boundaries
                out.write(data, at, Math.min(10_000, LENGTH - at));
            }
        }
    }

    @AfterAll
    static void closeFs() throws Exception {
        fs.close();
    }

    @Test
    void statusReportsLengthAndChunkSizeAsBlockSize() throws Exception {
        FileStatus st = fs.getFileStatus(FILE);
        assertEquals(LENGTH, st.getLen());
        assertEquals(CHUNK, st.getBlockSize());
        assertTrue(st.isFile());
        assertTrue(st.getModificationTime() > 0);
        assertEquals(System.getProperty("user.name"), st.getOwner());
    }

    @Test
    void blockLocationsNameOneChunkEachOnDrivesInTurn() throws Exception {
        BlockLocation[] blocks = fs.getFileBlockLocations(fs.getFileStatus(FILE), 0, LENGTH);
        assertEquals(6, blocks.length);
        int first = drive(blocks[0]);
        Set<String> hosts = new HashSet<>();
        for (int i = 0; i < blocks.length; i++) {
            BlockLocation b = blocks[i];
            int drive = (first + i) % 3;
            assertEquals((long) i * CHUNK, b.getOffset());
            assertEquals(i < 5 ? CHUNK : 1234, b.getLength());
            assertArrayEquals(new String[] {"host" + drive}, b.getHosts(), "chunk " + i);
            assertArrayEquals(new String[] {DRIVES.drives().address(drive)}, b.getNames(), "chunk " + i);
            hosts.add(b.getHosts()[0]);
        }
        assertEquals(Set.of("host0", "host1", "host2"), hosts, "consecutive chunks spread over every drive");

        BlockLocation[] middle = fs.getFileBlockLocations(fs.getFileStatus(FILE), CHUNK + 10, CHUNK);
        assertEquals(2, middle.length, "a range over a chunk boundary touches two chunks");
        assertEquals(CHUNK, middle[0].getOffset());
        assertEquals(0, fs.getFileBlockLocations(fs.getFileStatus(FILE), LENGTH, 10).length);
        assertEquals(0, fs.getFileBlockLocations(fs.getFileStatus(new Path("/data")), 0, 10).length);
    }

    @Test
    void locateGivesClippedExtentsThatHoldTheFilesBytes() throws Exception {
        long start = CHUNK - 100;
        long length = 2L * CHUNK + 300;
        List<ChunkExtent> extents = fs.locate(FILE, start, length);
        assertEquals(4, extents.size());
        assertEquals(new ChunkExtent(extents.get(0).drive(), extents.get(0).objectId(), CHUNK - 100, 100, start),
                extents.get(0));
        assertEquals(0, extents.get(1).objectOffset());
        assertEquals(CHUNK, extents.get(1).length());
        assertEquals(200, extents.get(3).length());
        assertEquals(length, extents.stream().mapToLong(ChunkExtent::length).sum());

        DriveSet drives = fs.drives();
        assertEquals(3, drives.size());
        for (ChunkExtent e : extents) {
            assertEquals("host" + e.drive(), drives.host(e.drive()));
            try (Drive d = drives.open(e.drive())) {
                ByteBuffer got = ByteBuffer.allocateDirect((int) e.length());
                d.read(e.objectId(), e.objectOffset(), got);
                byte[] bytes = new byte[(int) e.length()];
                got.flip().get(bytes);
                byte[] want = new byte[(int) e.length()];
                System.arraycopy(data, (int) e.fileOffset(), want, 0, want.length);
                assertArrayEquals(want, bytes, "extent at file offset " + e.fileOffset());
            }
        }
        assertEquals(1, fs.locate(FILE, LENGTH - 10, 1000).size(), "clipped at the end of the file");
        assertTrue(fs.locate(FILE, LENGTH, 10).isEmpty());
        assertThrows(FileNotFoundException.class, () -> fs.locate(new Path("/data"), 0, 1));
        assertThrows(FileNotFoundException.class, () -> fs.locate(new Path("/nope"), 0, 1));
    }

    @Test
    void sequentialSeekAndPositionedReadsCrossChunks() throws Exception {
        try (FSDataInputStream in = fs.open(FILE)) {
            byte[] all = new byte[LENGTH];
            in.readFully(all);
            assertArrayEquals(data, all);
            assertEquals(-1, in.read());

            in.seek(3L * CHUNK - 5);
            byte[] across = new byte[10];
            in.readFully(across);
            assertArrayEquals(Arrays.copyOfRange(data, 3 * CHUNK - 5, 3 * CHUNK + 5), across);
            assertEquals(3L * CHUNK + 5, in.getPos());
            assertEquals(data[3 * CHUNK + 5] & 0xFF, in.read());

            byte[] positioned = new byte[CHUNK + 20];
            in.readFully(CHUNK - 10, positioned);
            assertArrayEquals(Arrays.copyOfRange(data, CHUNK - 10, 2 * CHUNK + 10), positioned);
            assertEquals(3L * CHUNK + 6, in.getPos(), "a positioned read leaves the position alone");
        }
    }

    private static int drive(BlockLocation b) throws java.io.IOException {
        return Integer.parseInt(b.getHosts()[0].substring("host".length()));
    }
}
