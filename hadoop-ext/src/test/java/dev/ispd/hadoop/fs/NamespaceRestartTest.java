package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The namespace and the files' bytes live on the drives: they survive closing and restarting every drive. */
class NamespaceRestartTest {
    @Test
    void aNewClientSeesEverythingAfterTheDrivesRestart(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = new OsdDrives(2, 4096);
        byte[] big = new byte[3 * 4096 + 17];
        new Random(1).nextBytes(big);
        byte[] small = "one line\n".getBytes();

        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            assertTrue(fs.mkdirs(new Path("/keep/a/b")));
            write(fs, "/keep/a/big.bin", big);
            write(fs, "/keep/a/b/small.txt", small);
            write(fs, "/keep/empty", new byte[0]);
            write(fs, "/keep/gone.txt", small);
            assertTrue(fs.rename(new Path("/keep/a/b/small.txt"), new Path("/keep/small.txt")));
            assertTrue(fs.delete(new Path("/keep/gone.txt"), false));
        } finally {
            drives.stop();
        }
        assertTrue(Files.isDirectory(dir.resolve("drive0")), "a directory of the caller's is kept on close");

        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            FileStatus[] keep = fs.listStatus(new Path("/keep"));
            assertEquals("[a, empty, small.txt]", Arrays.toString(Arrays.stream(keep).map(s -> s.getPath().getName())
                    .sorted().toArray()));
            assertTrue(fs.getFileStatus(new Path("/keep/a/b")).isDirectory());
            assertEquals(0, fs.listStatus(new Path("/keep/a/b")).length);
            assertEquals(0, fs.getFileStatus(new Path("/keep/empty")).getLen());
            assertFalse(fs.exists(new Path("/keep/gone.txt")));
            assertArrayEquals(big, read(fs, "/keep/a/big.bin"));
            assertArrayEquals(small, read(fs, "/keep/small.txt"));

            write(fs, "/keep/after.txt", small); // the journal goes on where it was
            assertArrayEquals(small, read(fs, "/keep/after.txt"));
        } finally {
            drives.stop();
        }
    }

    @Test
    void aClientThatStaysOpenReconnectsToTheRestartedDrives(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = new OsdDrives(2, 4096);
        drives.start(dir);
        OsdFileSystem survivor = drives.newClient();
        try {
            assertTrue(survivor.mkdirs(new Path("/before")));
            drives.stop();
            drives.start(dir);
            // the stopped drives closed the client's connections, which the next call finds before it sends
            assertTrue(survivor.getFileStatus(new Path("/before")).isDirectory(), "the call reconnects");
            assertTrue(survivor.mkdirs(new Path("/after")));
        } finally {
            survivor.close();
            drives.stop();
        }
    }

    private static void write(OsdFileSystem fs, String path, byte[] bytes) throws Exception {
        try (FSDataOutputStream out = fs.create(new Path(path))) {
            out.write(bytes);
        }
    }

    private static byte[] read(OsdFileSystem fs, String path) throws Exception {
        Path p = new Path(path);
        byte[] bytes = new byte[(int) fs.getFileStatus(p).getLen()];
        try (FSDataInputStream in = fs.open(p)) {
            in.readFully(bytes);
        }
        return bytes;
    }
}
