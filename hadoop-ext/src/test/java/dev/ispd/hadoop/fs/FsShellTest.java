package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Layout;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import dev.ispd.profile.Profiles;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.MD5MD5CRC32GzipFileChecksum;
import org.apache.hadoop.io.MD5Hash;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Stock {@code hadoop fs} commands (FsShell through ToolRunner) on osd://, as an admin would type them. */
class FsShellTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    /** What one shell command did. */
    private record Run(int exit, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private static Run shell(String... args) throws Exception {
        Configuration conf = DRIVES.conf();
        conf.set(FileSystem.FS_DEFAULT_NAME_KEY, DRIVES.uri().toString());
        DRIVES.cachedFileSystem(conf); // the instance FsShell will use, closed with the drives
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        int exit;
        try {
            System.setOut(new PrintStream(out, true));
            System.setErr(new PrintStream(err, true));
            exit = ToolRunner.run(conf, new FsShell(), args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Run(exit, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void mkdirPutLsCatMvRm(@TempDir Path tmp) throws Exception {
        byte[] data = new byte[200_000]; // a bit over three 64 KiB chunks
        new Random(7).nextBytes(data);
        Path local = tmp.resolve("access.log");
        Files.write(local, data);
        String base = DRIVES.uri() + "shell";

        assertEquals(0, shell("-mkdir", "-p", base + "/in/2024").exit());
        Run put = shell("-put", local.toString(), base + "/in/2024/access.log");
        assertEquals(0, put.exit(), put.err());

        Run ls = shell("-ls", base + "/in/2024");
        assertEquals(0, ls.exit(), ls.err());
        assertTrue(ls.text().contains("Found 1 items"), ls.text());
        assertTrue(ls.text().contains(" 200000 "), ls.text());
        assertTrue(ls.text().contains("/shell/in/2024/access.log"), ls.text());
        assertFalse(ls.text().contains("_COPYING_"), "the temporary name of -put is gone: " + ls.text());

        Run cat = shell("-cat", base + "/in/2024/access.log");
        assertEquals(0, cat.exit(), cat.err());
        assertArrayEquals(data, cat.out());

        Run mv = shell("-mv", base + "/in/2024/access.log", base + "/in/moved.log");
        assertEquals(0, mv.exit(), mv.err());
        assertNotEquals(0, shell("-ls", base + "/in/2024/access.log").exit());
        assertArrayEquals(data, shell("-cat", base + "/in/moved.log").out());

        Run rmDir = shell("-rm", base + "/in");
        assertNotEquals(0, rmDir.exit(), "-rm without -r refuses a directory");
        assertTrue(rmDir.err().contains("Is a directory"), rmDir.err());

        assertEquals(0, shell("-rm", base + "/in/moved.log").exit());
        Run gone = shell("-cat", base + "/in/moved.log");
        assertNotEquals(0, gone.exit());
        assertTrue(gone.err().contains("No such file"), gone.err());

        assertEquals(0, shell("-rm", "-r", base + "/in").exit());
        Run lsGone = shell("-ls", base + "/in");
        assertNotEquals(0, lsGone.exit());
        assertTrue(lsGone.err().contains("No such file or directory"), lsGone.err());
        assertEquals(0, shell("-ls", base).exit(), "the parent stays");
    }

    @Test
    void getfattrShowsAFilesLayout(@TempDir Path tmp) throws Exception {
        Path local = Files.write(tmp.resolve("wc.bin"), new byte[256 * 10]);
        String file = DRIVES.uri() + "shell/layout/wc.bin";
        assertEquals(0, shell("-mkdir", "-p", DRIVES.uri() + "shell/layout").exit());
        assertEquals(0, shell("-put", local.toString(), file).exit());
        Configuration conf = DRIVES.conf();
        LayoutAttribute.record(DRIVES.cachedFileSystem(conf), new org.apache.hadoop.fs.Path(file),
                Layout.worldCup98(256));

        Run getfattr = shell("-getfattr", "-n", LayoutAttribute.NAME, file);
        assertEquals(0, getfattr.exit(), getfattr.err());
        assertTrue(getfattr.text().contains("user.ispd.layout=\"worldcup98/256\""), getfattr.text());
    }

    @Test
    void checksumIsTheCompositeCrc32cOfTheBytesWhateverTheChunkSize(@TempDir Path tmp) throws Exception {
        byte[] data = new byte[150_000];
        new Random(11).nextBytes(data);
        Path local = tmp.resolve("same.bin");
        Files.write(local, data);
        String base = DRIVES.uri() + "sums";
        assertEquals(0, shell("-mkdir", base).exit());
        assertEquals(0, shell("-put", local.toString(), base + "/64k.bin").exit());
        try (OutputStream out = FileSystem.get(DRIVES.uri(), DRIVES.conf()).create(
                new org.apache.hadoop.fs.Path(base + "/4k.bin"), true, 4096, (short) 1, 4096)) {
            out.write(data);
        }

        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(data);
        String expected = String.format("COMPOSITE-CRC32C\t%08x", crc.getValue());
        for (String file : new String[] {"/64k.bin", "/4k.bin"}) {
            Run sum = shell("-checksum", base + file);
            assertEquals(0, sum.exit(), sum.err() + sum.text());
            assertTrue(sum.text().contains(expected), "the CRC32C of the whole file: " + sum.text());
        }
    }

    @Test
    void anEmptyFileHasTheChecksumHdfsGivesIt(@TempDir Path tmp) throws Exception {
        Path local = Files.write(tmp.resolve("empty.bin"), new byte[0]);
        String file = DRIVES.uri() + "empty/none.bin";
        assertEquals(0, shell("-mkdir", DRIVES.uri() + "empty").exit());
        assertEquals(0, shell("-put", local.toString(), file).exit());

        FileChecksum hdfs = new MD5MD5CRC32GzipFileChecksum(0, 0, MD5Hash.digest(new byte[32]));
        assertEquals(hdfs, FileSystem.get(DRIVES.uri(), DRIVES.conf()).getFileChecksum(new org.apache.hadoop.fs.Path(file)));
        Run sum = shell("-checksum", file);
        assertEquals(0, sum.exit(), sum.err() + sum.text());
        assertTrue(sum.text().contains("MD5-of-0MD5-of-0CRC32\t00000000000000000000000070bc8f4b72a86921468bf8e8441dce51"),
                "what hadoop fs -checksum prints for an empty file on HDFS: " + sum.text());
    }

    @Test
    void extendedAttributesAreACapability() throws Exception {
        FileSystem fs = FileSystem.get(DRIVES.uri(), DRIVES.conf());
        assertTrue(fs.hasPathCapability(new org.apache.hadoop.fs.Path("/"), CommonPathCapabilities.FS_XATTRS));
    }

    @Test
    void dfReportsTheDrivesCapacityAndTheBytesTheyHold(@TempDir Path tmp) throws Exception {
        FileSystem fs = FileSystem.get(DRIVES.uri(), DRIVES.conf());
        FsStatus before = fs.getStatus();
        assertEquals(3 * Profiles.device("smartssd-2013").capacityBytes(), before.getCapacity(),
                "three drives of the default profile");
        byte[] data = new byte[100_000];
        new Random(3).nextBytes(data);
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/df/file.bin"), true, 4096, (short) 2,
                64 * 1024)) {
            out.write(data);
        }
        FsStatus after = fs.getStatus();
        assertTrue(after.getUsed() - before.getUsed() >= 2 * data.length, "two replicas of the file's bytes, and "
                + "the journal's record: " + before.getUsed() + " -> " + after.getUsed());
        assertEquals(after.getCapacity() - after.getUsed(), after.getRemaining());

        Run df = shell("-df", DRIVES.uri() + "df");
        assertEquals(0, df.exit(), df.err());
        assertTrue(df.text().contains(Long.toString(after.getCapacity())), df.text());
    }
}
