package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 10, failure C: a missing, truncated or damaged metadata log never costs data. */
class RecoveryTest {
    private static final long CAPACITY = 64 << 20;
    /** Bytes of a DELETE record: length, CRC, type, id. */
    private static final int DELETE_RECORD = 8 + 1 + 8;
    /** Bytes of a REPLACE record: length, CRC, type, id, generation, size. */
    private static final int REPLACE_RECORD = 8 + 1 + 24;

    @TempDir
    Path dir;

    private ObjectStore open() throws IOException {
        return ObjectStore.open(dir, CAPACITY, Durability.PROCESS);
    }

    private ObjectStore recover() throws IOException {
        return ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.QUARANTINE);
    }

    private Path log() {
        return dir.resolve("objects.log");
    }

    private Path data() {
        return dir.resolve("data");
    }

    /** Every file under the store directory but the log and lock, by name, with its bytes. */
    private Map<String, byte[]> dataFilesAnywhere() throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".obj") || name.endsWith(".txt")) {
                    out.put(name, Files.readAllBytes(p));
                }
            }
        }
        return out;
    }

    private static byte[] read(ObjectStore s, long id) throws Exception {
        ByteBuffer b = ByteBuffer.allocate((int) s.stat(id).size());
        s.read(id, 0, b);
        return b.array();
    }

    private static IOException refusal(ThrowingOpen open, String... expected) {
        IOException e = assertThrows(IOException.class, open::run);
        for (String s : expected) {
            assertTrue(e.getMessage().contains(s), "'" + s + "' not in: " + e.getMessage());
        }
        return e;
    }

    interface ThrowingOpen {
        void run() throws IOException;
    }

    /** Stores 35 objects of different sizes, deletes some, replaces some; returns the live ones' contents. */
    private Map<Long, byte[]> workload() throws Exception {
        Map<Long, byte[]> live = new TreeMap<>();
        try (ObjectStore s = open()) {
            for (int i = 0; i < 35; i++) {
                long id = s.createData(0);
                byte[] b = new byte[1000 + 977 * i];
                for (int j = 0; j < b.length; j++) {
                    b[j] = (byte) (i * 31 + j);
                }
                s.write(id, 0, ByteBuffer.wrap(b));
                live.put(id, b);
                if (i % 5 == 4) {
                    s.delete(id);
                    live.remove(id);
                } else if (i % 7 == 6) {
                    byte[] r = ("replaced " + i).getBytes();
                    s.replace(id, ByteBuffer.wrap(r));
                    live.put(id, r);
                }
            }
        }
        return live;
    }

    @Test
    void missingLogWithDataRefusesToStartAndDeletesNothing() throws Exception {
        Map<Long, byte[]> live = workload();
        Map<String, byte[]> before = dataFilesAnywhere();
        Files.delete(log());
        refusal(this::open, log().toString(), "is missing", "offset 0", "--recover quarantine");
        assertEquals(before.keySet(), dataFilesAnywhere().keySet(), "nothing deleted");

        try (ObjectStore s = recover()) {
            assertEquals(0, s.list(0, 100).objects().size(), "the log is gone, so the store starts empty");
        }
        Map<String, byte[]> after = dataFilesAnywhere();
        assertEquals(before.keySet(), after.keySet(), "every data file is kept, in quarantine");
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name));
        try (Stream<Path> q = Files.list(dir.resolve("quarantine"))) {
            Path folder = q.findFirst().orElseThrow();
            for (long id : live.keySet()) {
                assertTrue(Stream.of(folder.toFile().list()).anyMatch(n -> n.startsWith(id + "-")), "object " + id);
            }
        }
    }

    @Test
    void truncatedLogLosingAcknowledgedObjectsRefusesToStart() throws Exception {
        Map<Long, byte[]> live = workload();
        Map<String, byte[]> before = dataFilesAnywhere();
        cutLog(Files.size(log()) / 2); // mid-record: it looks like a torn tail
        refusal(this::open, log().toString(), "does not account for", ".obj");
        assertEquals(before.keySet(), dataFilesAnywhere().keySet());

        try (ObjectStore s = recover()) {
            for (var o : s.list(0, 100).objects()) {
                byte[] served = read(s, o.id());
                assertArrayEquals(Arrays.copyOf(live.get(o.id()), served.length), served,
                        "object " + o.id() + " as far as the log still knows it");
            }
        }
        List<byte[]> kept = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".obj")).toList()) {
                kept.add(Files.readAllBytes(p));
            }
        }
        for (Map.Entry<Long, byte[]> en : live.entrySet()) {
            assertTrue(kept.stream().anyMatch(b -> Arrays.equals(b, en.getValue())),
                    "acknowledged contents of object " + en.getKey() + " kept in data/ or quarantine/");
        }
    }

    @Test
    void truncatedLogCannotResurrectADeletedObject() throws Exception {
        long kept;
        long deleted;
        try (ObjectStore s = open()) {
            kept = s.createData(0);
            s.write(kept, 0, ByteBuffer.wrap("kept".getBytes()));
            deleted = s.createData(0);
            s.write(deleted, 0, ByteBuffer.wrap("deleted".getBytes()));
            s.delete(deleted);
        }
        cutLog(DELETE_RECORD); // at a record boundary: no torn tail to warn of
        refusal(this::open, "object " + deleted + " of 7 bytes, whose file " + deleted + "-0.obj is missing");
    }

    @Test
    void truncatedLogCannotServeReplacedObjectWithOldContent() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap("old contents".getBytes()));
            s.replace(id, ByteBuffer.wrap("new contents".getBytes()));
        }
        cutLog(REPLACE_RECORD);
        refusal(this::open, id + "-1.obj", "at generation 0");
        try (ObjectStore s = recover()) {
            ByteBuffer b = ByteBuffer.allocate(12);
            assertThrows(MediaErrorException.class, () -> s.read(id, 0, b), "never the old or no content");
        }
        assertEquals("new contents", new String(dataFilesAnywhere().get(id + "-1.obj")), "kept in quarantine");
    }

    @Test
    void damagedLastRecordDoesNotUndoAnAcknowledgedDelete() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap("gone".getBytes()));
            s.delete(id);
        }
        long deleteAt = Files.size(log()) - DELETE_RECORD;
        byte[] b = Files.readAllBytes(log());
        b[b.length - 1] ^= 0x10; // a bit of the id in the DELETE record: complete, so not torn
        Files.write(log(), b);
        refusal(this::open, log().toString(), "damaged at offset " + deleteAt);

        try (ObjectStore s = recover()) {
            assertEquals(1, s.list(0, 10).objects().size(), "the records before the damage stand");
        }
        try (Stream<Path> q = Files.walk(dir.resolve("quarantine"))) {
            assertTrue(q.anyMatch(p -> p.getFileName().toString().equals("objects.log")), "the damaged log is kept");
        }
    }

    @Test
    void foreignFileInTheDataFolderIsNeverDeleted() throws Exception {
        try (ObjectStore s = open()) {
            s.write(s.createData(0), 0, ByteBuffer.wrap("x".getBytes()));
        }
        Path foreign = data().resolve("notes.txt");
        Files.writeString(foreign, "an admin's notes");
        try (ObjectStore s = open()) {
            assertEquals(1, s.list(0, 10).objects().size());
        }
        try (ObjectStore s = recover()) {
            assertEquals(1, s.list(0, 10).objects().size());
        }
        assertEquals("an admin's notes", Files.readString(foreign));
    }

    @Test
    void leftoversOfInterruptedOperationsAreStillCleanedUp() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap("abc".getBytes()));
        }
        List<Path> leftovers = new ArrayList<>(List.of(
                data().resolve("77-0.obj"),             // a CREATE never logged: empty
                data().resolve(id + "-1.obj")));         // a REPLACE never logged
        for (Path p : leftovers) {
            Files.write(p, p.getFileName().toString().startsWith("77") ? new byte[0] : "unacknowledged".getBytes());
        }
        try (ObjectStore s = open()) {
            assertEquals("abc", new String(read(s, id)));
        }
        for (Path p : leftovers) {
            assertTrue(Files.notExists(p), p + " removed");
        }
    }

    /** Cuts {@code bytes} off the end of the log. */
    private void cutLog(long bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(log(), StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - bytes);
        }
    }
    /**
     * The kill -9 durability audit's finding: a crash between an overwrite's data and its checksums
     * left the pages it touched failing them, acknowledged bytes sharing those pages included.
     * Written as ObjectStore.write does it up to the crash: intent, then data, no checksums.
     */
    @Test
    void anOverwriteCutShortBeforeItsChecksumsLeavesEveryPageReadable() throws Exception {
        byte[] acked = random(3 * PageChecksums.PAGE, 1);
        byte[] fresh = random(5000, 2);
        int at = 3000; // into pages 0 and 1, keeping acknowledged bytes of both
        long id = overwriteCutShort(acked, at, fresh, true);
        byte[] expected = acked.clone();
        System.arraycopy(fresh, 0, expected, at, fresh.length);
        try (ObjectStore s = open()) {
            assertArrayEquals(expected, read(s, id), "the overwrite's bytes, and every acknowledged byte around them");
        }
        assertFalse(Files.exists(data().resolve(id + "-0.intent")), "the intent is settled and gone");
    }

    @Test
    void anOverwriteCutShortBeforeItsDataLeavesTheAcknowledgedBytes() throws Exception {
        byte[] acked = random(3 * PageChecksums.PAGE, 3);
        long id = overwriteCutShort(acked, 100, random(9000, 4), false);
        try (ObjectStore s = open()) {
            assertArrayEquals(acked, read(s, id));
        }
    }

    /** Stores {@code acked} as one object, then begins an overwrite with {@code fresh} at {@code at}. */
    private long overwriteCutShort(byte[] acked, int at, byte[] fresh, boolean dataWritten) throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap(acked));
        }
        Path file = data().resolve(id + "-0.obj");
        PageChecksums sums = new PageChecksums(id, file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            sums.intend(sums.prepare(ch, acked.length, at, ByteBuffer.wrap(fresh)), false);
            if (dataWritten) {
                ch.write(ByteBuffer.wrap(fresh), at);
            }
        }
        return id;
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }
}
