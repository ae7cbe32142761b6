package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.FsckReport;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23 point 7: {@code bin/ispd fs -put} in a process of its own, killed with SIGKILL while it
 * writes a 160 MiB file to three drives (two copies per chunk) that already hold another file. Its
 * chunk objects are the only new data objects on the drives. Once its lease has run out, fsck
 * names every one of them as an orphan of a writer whose lease ran out, and {@code fsck --repair}
 * deletes exactly those: every object that was there before stays, the other file reads back
 * whole, no path of the put is left, and a further fsck finds nothing.
 */
@Tag("cluster")
class KilledPutTest {
    private static final int CHUNK = 1 << 20;
    private static final int PUT_BYTES = 160 * CHUNK;
    private static final long LEASE_MS = 2000;
    private static final long GRACE_MS = 1000;
    /** "drive 1 object 42 (...)": an orphan finding's drive and object. */
    private static final Pattern OBJECT = Pattern.compile("^drive (\\d+) object (\\d+) ");

    @TempDir
    Path dir;

    private EmbeddedDrives drives;
    private Configuration conf;

    @BeforeEach
    void startDrives() throws IOException {
        drives = EmbeddedDrives.builder().drives(3).tcp(true).start();
        conf = new Configuration();
        conf.set(IspdKeys.FS_DRIVES.name(), drives.addresses().stream().map(a -> "localhost=" + a)
                .collect(Collectors.joining(",")));
        conf.setInt(IspdKeys.FS_CHUNK_SIZE.name(), CHUNK);
        conf.setInt(IspdKeys.FS_REPLICATION.name(), 2);
    }

    @AfterEach
    void stopDrives() throws IOException {
        FileSystem.closeAll();
        drives.close();
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void fsckAccountsForAKilledPutsChunksAndRepairDeletesOnlyThose() throws Exception {
        byte[] kept = bytes(3 * CHUNK + 7, 1);
        try (OsdFileSystem fs = client()) {
            try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/kept/a.bin"))) {
                out.write(kept);
            }
            fs.mkdirs(new org.apache.hadoop.fs.Path("/put"));
        }
        Set<String> before = dataObjects();
        Path local = dir.resolve("big.bin");
        Files.write(local, bytes(PUT_BYTES, 2));

        Process put = putProcess(local);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (newObjects(before).size() < 4) { // two chunks begun, two copies each: mid-put
            assertTrue(put.isAlive(), () -> "the put ended before it could be killed: " + log());
            assertTrue(System.nanoTime() < deadline, () -> "the put wrote no chunks within 90 s: " + log());
            Thread.sleep(5);
        }
        put.destroyForcibly(); // SIGKILL: no close, no shutdown hook
        put.waitFor();
        Set<String> orphansOfThePut = newObjects(before);
        assertTrue(orphansOfThePut.size() < 2 * PUT_BYTES / CHUNK, "killed before it wrote every chunk: "
                + orphansOfThePut.size() + " objects");
        Thread.sleep(LEASE_MS + GRACE_MS); // its lease ran out a grace period ago

        FsckReport found;
        List<FsckReport> repairs = new ArrayList<>();
        try (OsdFileSystem fs = client()) {
            found = fs.fsck(false, GRACE_MS);
            repairs.add(fs.fsck(true, GRACE_MS));
            Thread.sleep(GRACE_MS + 100); // a chunk begun before its writer's lease named it is new to the first fsck
            repairs.add(fs.fsck(true, GRACE_MS));
        }
        assertEquals(orphansOfThePut, objectsOf(found.of(FsckReport.Kind.ORPHAN)),
                "fsck names exactly the killed put's objects as orphans:\n" + found.text());
        assertTrue(found.healthy(), found.text());
        Set<String> deleted = new HashSet<>();
        for (FsckReport r : repairs) {
            deleted.addAll(objectsOf(r.of(FsckReport.Kind.ORPHAN).stream().filter(FsckReport.Finding::repaired)
                    .toList()));
        }
        assertEquals(orphansOfThePut, deleted, "repair deleted the put's objects and nothing else:\n"
                + repairs.get(0).text() + "\n" + repairs.get(1).text());

        Set<String> after = dataObjects();
        assertTrue(after.containsAll(before), "every object there before the put is still there");
        assertTrue(after.stream().noneMatch(orphansOfThePut::contains), "no object of the put is left");
        try (OsdFileSystem fs = client()) {
            FsckReport last = fs.fsck(false, GRACE_MS);
            assertEquals(List.of(), last.findings(), last.text());
            assertEquals(0, fs.listStatus(new org.apache.hadoop.fs.Path("/put")).length, "no path of the put is left");
            byte[] back = new byte[kept.length];
            try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/kept/a.bin"))) {
                in.readFully(0, back);
            }
            assertArrayEquals(kept, back, "the other file reads back whole");
        }
    }

    /** {@code bin/ispd fs --drives ... -put LOCAL osd:///put/big.bin} in its own JVM, with a short lease. */
    private Process putProcess(Path local) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), FsCommand.class.getName(), "--drives",
                String.join(",", drives.addresses()), "-D", IspdKeys.FS_REPLICATION.name() + "=2", "-D",
                IspdKeys.FS_CHUNK_SIZE.name() + "=" + CHUNK, "-D", IspdKeys.FS_LEASE_MS.name() + "=" + LEASE_MS,
                "-put", local.toString(), "osd:///put/big.bin");
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("put.log").toFile())
                .start();
    }

    private String log() {
        try {
            return Files.readString(dir.resolve("put.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private OsdFileSystem client() throws IOException {
        return (OsdFileSystem) FileSystem.newInstance(URI.create("osd:///"), conf);
    }

    /** Every data object on the drives, as "drive object". */
    private Set<String> dataObjects() throws IOException {
        Set<String> objects = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            try (Drive d = Drive.connect(drives.address(i))) {
                for (ObjectStat o : d.list()) {
                    if (o.kind() == ObjectKind.DATA) {
                        objects.add(i + " " + Long.toUnsignedString(o.id()));
                    }
                }
            }
        }
        return objects;
    }

    private Set<String> newObjects(Set<String> before) throws IOException {
        Set<String> now = dataObjects();
        now.removeAll(before);
        return now;
    }

    private static Set<String> objectsOf(List<FsckReport.Finding> findings) {
        Set<String> objects = new HashSet<>();
        for (FsckReport.Finding f : findings) {
            Matcher m = OBJECT.matcher(f.detail());
            assertTrue(m.find(), "an orphan names its drive and object: " + f);
            objects.add(m.group(1) + " " + m.group(2));
        }
        return objects;
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
