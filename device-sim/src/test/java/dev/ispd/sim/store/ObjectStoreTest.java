package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Field;
import dev.ispd.plan.KeyBloom;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.ReservedValues;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectStoreTest {
    private static final long CAPACITY = 1 << 20;

    @TempDir
    Path dir;

    private ObjectStore open() throws IOException {
        return ObjectStore.open(dir, CAPACITY, Durability.PROCESS);
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes());
    }

    private static String read(ObjectStore s, long id, long offset, int len) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(len);
        s.read(id, offset, b);
        byte[] a = new byte[len];
        b.flip().get(a);
        return new String(a);
    }

    private static StoreException refused(StoreException.Reason reason, ThrowingRunnable r) {
        StoreException e = assertThrows(StoreException.class, r::run);
        assertEquals(reason, e.reason(), e.getMessage());
        return e;
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void writesAppendAndOverwriteAndSurviveReopen() throws Exception {
        long id;
        long tasklet;
        long plan;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            assertEquals(5, s.write(id, 0, bytes("hello")));
            assertEquals(11, s.write(id, 5, bytes(" drive")));
            assertEquals(11, s.write(id, 0, bytes("J")));
            assertEquals("Jello drive", read(s, id, 0, 11));
            tasklet = s.createTasklet(new TaskletDefinition(1, "q1", Params.of("entrySize", "32")));
            plan = s.createTasklet(new TaskletDefinition(2, "plan", Params.EMPTY, new byte[] {1, 2, 3}));
            assertEquals(11, s.usedBytes());
        }
        try (ObjectStore s = open()) {
            assertEquals(new ObjectInfo(id, ObjectKind.DATA, 11), s.stat(id));
            assertEquals("Jello drive", read(s, id, 0, 11));
            assertEquals(new TaskletDefinition(1, "q1", Params.of("entrySize", "32")), s.tasklet(tasklet));
            assertEquals(new TaskletDefinition(2, "plan", Params.EMPTY, new byte[] {1, 2, 3}), s.tasklet(plan),
                    "a plan's body is kept");
            assertEquals(new ObjectInfo(tasklet, ObjectKind.TASKLET, 0), s.stat(tasklet));
            assertEquals(11, s.usedBytes());
            long next = s.createData(0);
            assertTrue(next > plan, "ids are not reused after a restart");
        }
    }

    @Test
    void aPlanWithTheLargestBloomFilterIsKeptAcrossAReopen() throws Exception {
        Layout keys = new Layout("keys", 8, List.of(new Field("k", 0, 8, true, false, 0, 0, false, 0)));
        long[] orderKeys = LongStream.range(0, 900_000).map(i -> i * 32 + 5).toArray(); // TPC-H SF 3's Q3 orders
        byte[] body = PlanCodec.encode(Plan.rows(keys, KeyBloom.of("k", orderKeys), List.of("k")));
        assertTrue(body.length > KeyBloom.MAX_WORDS * Long.BYTES && body.length <= PlanCodec.MAX_BYTES, body.length + " bytes");
        long plan;
        try (ObjectStore s = open()) {
            plan = s.createTasklet(new TaskletDefinition(2, "plan", Params.EMPTY, body));
        }
        try (ObjectStore s = open()) {
            assertEquals(new TaskletDefinition(2, "plan", Params.EMPTY, body), s.tasklet(plan));
        }
    }

    @Test
    void refusesHolesReadsPastTheEndAndWrongKinds() throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            s.write(id, 0, bytes("abc"));
            StoreException e = refused(StoreException.Reason.OUT_OF_RANGE, () -> s.write(id, 4, bytes("x")));
            assertTrue(e.getMessage().contains("offset 4 would leave a hole: its size is 3"), e.getMessage());
            e = refused(StoreException.Reason.OUT_OF_RANGE, () -> read(s, id, 2, 5));
            assertEquals("read of object " + id + " at offset 2, length 5 goes past its size 3", e.getMessage());
            refused(StoreException.Reason.OUT_OF_RANGE, () -> s.read(id, -1, ByteBuffer.allocate(1)));
            long t = s.createTasklet(new TaskletDefinition(1, "noop", Params.EMPTY));
            e = refused(StoreException.Reason.WRONG_KIND, () -> s.write(t, 0, bytes("x")));
            assertTrue(e.getMessage().contains("object " + t + " is a tasklet instance"), e.getMessage());
            refused(StoreException.Reason.WRONG_KIND, () -> s.tasklet(id));
            refused(StoreException.Reason.NO_SUCH_OBJECT, () -> s.stat(999));
            refused(StoreException.Reason.OBJECT_EXISTS, () -> s.createData(id));
        }
    }

    @Test
    void capacityIsEnforced() throws Exception {
        try (ObjectStore s = ObjectStore.open(dir, 10, Durability.PROCESS)) {
            long id = s.createData(0);
            s.write(id, 0, bytes("0123456789"));
            StoreException e = refused(StoreException.Reason.NO_SPACE, () -> s.write(id, 10, bytes("x")));
            assertTrue(e.getMessage().contains("capacity of 10 bytes"), e.getMessage());
            s.write(id, 0, bytes("abcdefghij")); // overwriting needs no space
            s.delete(id);
            assertEquals(0, s.usedBytes());
            long other = s.createData(0);
            s.write(other, 0, bytes("0123456789"));
        }
    }

    @Test
    void requestedIdsListInUnsignedOrder() throws Exception {
        try (ObjectStore s = open()) {
            s.createData(-1L); // 2^64-1
            s.createData(5);
            s.createData(1L << 63);
            long picked = s.createData(0);
            assertEquals(1, picked, "the drive picks the lowest id no object ever had");
            ObjectStore.Listing all = s.list(0, 10);
            assertEquals(List.of(1L, 5L, 1L << 63, -1L), all.objects().stream().map(ObjectInfo::id).toList());
            ObjectStore.Listing page = s.list(1, 2);
            assertEquals(List.of(5L, 1L << 63), page.objects().stream().map(ObjectInfo::id).toList());
            assertTrue(page.more());
            assertFalse(s.list(1L << 63, 5).more());
        }
    }

    @Test
    void aDeletedObjectsIdIsNeverPickedAgainNotEvenAfterARestart() throws Exception {
        try (ObjectStore s = open()) {
            assertEquals(1, s.createData(0));
            assertEquals(2, s.createData(0));
            s.createData(4);
            s.delete(2);
            s.delete(4);
            assertEquals(3, s.createData(0));
        }
        try (ObjectStore s = open()) { // the log was compacted as it reopened
            assertEquals(5, s.createData(0), "ids 2 and 4 were given out before");
            assertEquals(8, s.createData(0, List.of(new IdRange(8, 9))));
            assertEquals(9, s.createData(0, List.of(new IdRange(8, 9))));
            StoreException e = refused(StoreException.Reason.IDS_EXHAUSTED,
                    () -> s.createData(0, List.of(new IdRange(8, 9))));
            assertTrue(e.getMessage().contains("no id left to pick in 0x8-0x9"), e.getMessage());
        }
    }

    private static String text(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return new String(a);
    }

    @Test
    void viewsLendTheBackingFileInPlace() throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            s.write(id, 0, bytes("hello mapped drive"));
            ByteBuffer v = s.view(id, 6, 6);
            assertEquals("mapped", text(v));
            assertTrue(v.isReadOnly());
            assertEquals(0, v.position());
            s.write(id, 6, bytes("MAPPED"));
            assertEquals("MAPPED", text(v), "a view shows overwrites of its bytes");
            assertEquals("MAPPED drive", text(s.view(id, 6, 12)));
            assertEquals("", text(s.view(id, 18, 0)));
            StoreException e = refused(StoreException.Reason.OUT_OF_RANGE, () -> s.view(id, 10, 9));
            assertTrue(e.getMessage().contains("offset 10") && e.getMessage().contains("size 18"), e.getMessage());

            s.replace(id, bytes("replaced contents"));
            assertEquals("MAPPED", text(v), "an old view keeps the old contents");
            assertEquals("contents", text(s.view(id, 9, 8)));
            s.write(id, ReservedValues.APPEND, bytes(" grown"));
            assertEquals("contents grown", text(s.view(id, 9, 14)), "a view past the mapped window maps again");

            s.delete(id);
            refused(StoreException.Reason.NO_SUCH_OBJECT, () -> s.view(id, 0, 1));
        }
    }

    @Test
    void deleteRemovesTheObjectAndItsFile() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, bytes("data"));
            s.delete(id);
            refused(StoreException.Reason.NO_SUCH_OBJECT, () -> s.delete(id));
            refused(StoreException.Reason.NO_SUCH_OBJECT, () -> read(s, id, 0, 1));
            try (var files = Files.list(dir.resolve("data"))) {
                assertEquals(0, files.count());
            }
        }
        try (ObjectStore s = open()) {
            refused(StoreException.Reason.NO_SUCH_OBJECT, () -> s.stat(id));
        }
    }

    @Test
    void replaceSwapsTheContentsDurably() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, bytes("old contents"));
            s.replace(id, bytes("new"));
            assertEquals("new", read(s, id, 0, 3));
            assertEquals(3, s.usedBytes());
            s.replace(id, bytes("newer and longer"));
            assertEquals(16, s.usedBytes());
        }
        try (ObjectStore s = open()) {
            assertEquals("newer and longer", read(s, id, 0, 16));
            try (var files = Files.list(dir.resolve("data"))) {
                assertEquals(List.of(id + "-2.crc", id + "-2.obj"), files.map(f -> f.getFileName().toString()).sorted()
                        .toList(), "old generations are removed");
            }
        }
    }

    @Test
    void tornTailRecordIsDroppedAndEverythingBeforeItKept() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, bytes("acknowledged"));
        }
        Path log = dir.resolve("objects.log");
        long good = Files.size(log);
        // a SIZE record whose append was cut short by a crash: the header and half the body
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(new byte[] {17, 0, 0, 0, 1, 2, 3, 4, 3, 9, 9, 9}));
        }
        try (ObjectStore s = open()) {
            assertEquals("acknowledged", read(s, id, 0, 12));
            assertEquals(good, Files.size(log), "the torn tail is truncated away");
            s.write(id, 12, bytes("!"));
        }
        try (ObjectStore s = open()) {
            assertEquals("acknowledged!", read(s, id, 0, 13));
        }
    }

    @Test
    void completeFinalRecordWithBadCrcIsDamageNotATornTail() throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            s.write(id, 0, bytes("one"));
            s.write(id, 3, bytes("two"));
        }
        Path log = dir.resolve("objects.log");
        long last = Files.size(log) - (8 + 1 + 16);
        flipLastByte(log);
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("is damaged at offset " + last + ": CRC mismatch"), e.getMessage());
    }

    @Test
    void corruptionBeforeTheTailRefusesToStart() throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            s.write(id, 0, bytes("one"));
            s.write(id, 3, bytes("two"));
        }
        Path log = dir.resolve("objects.log");
        byte[] b = Files.readAllBytes(log);
        b[8 + 9] ^= 0x40; // inside the first record's body
        Files.write(log, b);
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("is damaged at offset 8: CRC mismatch"), e.getMessage());
    }

    @Test
    void unacknowledgedBytesInTheFileAreNeverServedAndOverwrittenByTheNextAppend() throws Exception {
        long id;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            s.write(id, 0, bytes("abc"));
        }
        Path data = dir.resolve("data").resolve(id + "-0.obj");
        Files.write(data, "abcXYZ".getBytes()); // a write whose size record never made it to the log
        try (ObjectStore s = open()) {
            assertEquals(3, s.stat(id).size());
            refused(StoreException.Reason.OUT_OF_RANGE, () -> read(s, id, 0, 4));
            s.write(id, 3, bytes("d"));
            assertEquals("abcd", read(s, id, 0, 4));
        }
    }

    @Test
    void largeLogIsCompactedOnStart() throws Exception {
        long id;
        long deleted;
        try (ObjectStore s = open()) {
            id = s.createData(0);
            for (int i = 0; i < 3000; i++) {
                s.write(id, i, bytes("x"));
            }
            deleted = s.createData(0);
            s.delete(deleted);
        }
        Path log = dir.resolve("objects.log");
        long before = Files.size(log);
        try (ObjectStore s = open()) {
            assertTrue(Files.size(log) < before / 10, "log of " + before + " bytes not compacted: " + Files.size(log));
            assertEquals(3000, s.stat(id).size());
            assertTrue(s.createData(0) > deleted, "compaction keeps the next id");
        }
        try (ObjectStore s = open()) {
            assertEquals(3000, s.stat(id).size());
        }
    }

    @Test
    void fsyncDurabilityWorksTheSame() throws Exception {
        long id;
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.FSYNC)) {
            id = s.createData(0);
            s.write(id, 0, bytes("synced"));
            s.replace(id, bytes("resynced"));
        }
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.FSYNC)) {
            assertEquals("resynced", read(s, id, 0, 8));
        }
    }

    @Test
    void directBuffersAreReadAndWrittenInPlace() throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            ByteBuffer src = ByteBuffer.allocateDirect(100_000);
            for (int i = 0; i < src.capacity(); i++) {
                src.put((byte) i);
            }
            s.write(id, 0, src.flip());
            assertEquals(0, src.position(), "the caller's buffer position is left alone");
            ByteBuffer dst = ByteBuffer.allocateDirect(1000);
            s.read(id, 50_000, dst);
            for (int i = 0; i < 1000; i++) {
                assertEquals((byte) (50_000 + i), dst.get(i));
            }
        }
    }

    private static void flipLastByte(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        b[b.length - 1] ^= 1;
        Files.write(file, b);
    }

    @Test
    void aDirectoryServesOneDriveAtATime() throws Exception {
        try (ObjectStore s = open()) {
            IOException e = assertThrows(IOException.class, this::open);
            assertTrue(e.getMessage().contains("is in use by another running drive"), e.getMessage());
            s.createData(0);
        }
        try (ObjectStore s = open()) {
            assertEquals(1, s.list(0, 10).objects().size());
        }
    }

    @Test
    void notALogIsRefused() throws Exception {
        Files.write(dir.resolve("objects.log"), "hello world".getBytes());
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("is not an ispd metadata log"), e.getMessage());
        assertArrayEquals("hello world".getBytes(), Files.readAllBytes(dir.resolve("objects.log")));
    }
}
