package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 10, failure D: damaged bytes are found by their page checksums and never served. */
class IntegrityTest {
    private static final long CAPACITY = 16 << 20;
    private static final int PAGE = PageChecksums.PAGE;

    @TempDir
    Path dir;

    private ObjectStore open() throws IOException {
        return ObjectStore.open(dir, CAPACITY, Durability.PROCESS);
    }

    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 3);
        }
        return b;
    }

    private static byte[] read(ObjectStore s, long id, long offset, int len) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(len);
        s.read(id, offset, b);
        byte[] a = new byte[len];
        b.flip().get(a);
        return a;
    }

    private long stored(byte[] contents) throws Exception {
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap(contents));
            return id;
        }
    }

    private Path dataFile(long id) {
        return dir.resolve("data").resolve(id + "-0.obj");
    }

    private void flipByte(Path file, long at) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x01));
            ch.write(b.rewind(), at);
        }
    }

    @Test
    void aFlippedByteIsAMediaErrorOnReadViewAndScrub() throws Exception {
        byte[] contents = pattern(3 * PAGE + 100);
        long id = stored(contents);
        flipByte(dataFile(id), PAGE + 17);
        try (ObjectStore s = open()) {
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> read(s, id, 0, contents.length));
            assertEquals(id, e.objectId());
            assertEquals(PAGE, e.offset());
            assertTrue(e.getMessage().contains("object " + id + ", page at offset " + PAGE + ": its " + PAGE
                    + " bytes fail their CRC32C"), e.getMessage());
            assertThrows(MediaErrorException.class, () -> read(s, id, PAGE + 17, 1), "a read inside the page");
            assertThrows(MediaErrorException.class, () -> s.view(id, 0, 2 * PAGE), "a scan's view");
            assertArrayEquals(java.util.Arrays.copyOfRange(contents, 2 * PAGE, contents.length),
                    read(s, id, 2 * PAGE, contents.length - 2 * PAGE), "undamaged pages are served");
            ObjectStore.ScrubReport r = s.scrub(0);
            assertEquals(1, r.objects());
            assertEquals(1, r.damaged().size());
            assertEquals(PAGE, r.damaged().get(0).offset());
            assertEquals(4, s.mediaErrors(), "every media error is counted");
        }
    }

    @Test
    void aTruncatedDataFileIsDamageNotAShorterObject() throws Exception {
        byte[] contents = pattern(3 * PAGE);
        long id = stored(contents);
        try (FileChannel ch = FileChannel.open(dataFile(id), StandardOpenOption.WRITE)) {
            ch.truncate(PAGE + 10);
        }
        try (ObjectStore s = open()) {
            assertEquals(contents.length, s.stat(id).size(), "the object keeps its acknowledged size");
            assertArrayEquals(java.util.Arrays.copyOf(contents, PAGE), read(s, id, 0, PAGE));
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> read(s, id, PAGE, PAGE));
            assertEquals(PAGE, e.offset());
            assertThrows(MediaErrorException.class, () -> s.view(id, 2 * PAGE, PAGE), "never mapped past the end");
            assertEquals(PAGE, s.scrub(id).damaged().get(0).offset());
        }
    }

    @Test
    void aDataFileTruncatedUnderAMappedWindowIsDamage() throws Exception {
        long id = stored(pattern(3 * PAGE));
        try (ObjectStore s = open()) {
            s.view(id, 0, PAGE); // maps a window over the whole object
            try (FileChannel ch = FileChannel.open(dataFile(id), StandardOpenOption.WRITE)) {
                ch.truncate(PAGE + 10);
            }
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> s.view(id, 2 * PAGE, PAGE),
                    "the window still covers the bytes, the file no longer holds them");
            assertEquals(2 * PAGE, e.offset());
        }
    }

    @Test
    void aPartialWriteNeverVouchesForDamagedBytesAndAWholePageRepairsThem() throws Exception {
        long id = stored(pattern(2 * PAGE));
        flipByte(dataFile(id), 100);
        try (ObjectStore s = open()) {
            assertThrows(MediaErrorException.class, () -> s.write(id, 10, ByteBuffer.wrap(new byte[5])));
            assertThrows(MediaErrorException.class, () -> read(s, id, 0, 1), "still damaged");
            s.write(id, 0, ByteBuffer.wrap(new byte[PAGE]));
            assertArrayEquals(new byte[PAGE], read(s, id, 0, PAGE), "rewritten whole, so good again");
        }
    }

    @Test
    void writesAcrossPageEdgesKeepEveryPageVerifiable() throws Exception {
        byte[] expect = pattern(5 * PAGE + 3);
        try (ObjectStore s = open()) {
            long id = s.createData(0);
            for (int at = 0; at < expect.length; at += 1000) {
                s.write(id, at, ByteBuffer.wrap(expect, at, Math.min(1000, expect.length - at)).slice());
            }
            byte[] patch = pattern(PAGE + 50);
            s.write(id, PAGE - 25, ByteBuffer.wrap(patch));
            System.arraycopy(patch, 0, expect, PAGE - 25, patch.length);
            s.replace(id, ByteBuffer.wrap(expect));
            s.write(id, dev.ispd.protocol.ReservedValues.APPEND, ByteBuffer.wrap(new byte[] {9}));
            assertEquals(0, s.scrub(0).damaged().size());
            assertArrayEquals(expect, read(s, id, 0, expect.length));
        }
    }

    @Test
    void aStoreWrittenBeforeChecksumsIsMigratedOnOpen() throws Exception {
        Files.createDirectories(dir.resolve("data"));
        try (MetadataLog log = MetadataLog.open(dir.resolve("objects.log"), Durability.PROCESS, r -> { }, null)) {
            log.append(new LogRecord.CreateData(5));
            log.append(new LogRecord.Size(5, 11));
        }
        Files.writeString(dataFile(5), "hello world");
        try (ObjectStore s = open()) {
            assertEquals("hello world", new String(read(s, 5, 0, 11)));
        }
        assertTrue(Files.exists(dir.resolve("data").resolve("5-0.crc")));
        flipByte(dataFile(5), 0);
        try (ObjectStore s = open()) {
            assertThrows(MediaErrorException.class, () -> read(s, 5, 0, 11), "checksums are kept from then on");
        }
    }

    @Test
    void checksumsHoldWhenTheBackingFilesTakeTurnsInOneOpenFile() throws Exception {
        byte[] contents = pattern(2 * PAGE + 50);
        long[] ids = new long[3];
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.REFUSE, 1)) {
            for (int i = 0; i < ids.length; i++) {
                ids[i] = s.createData(0);
                s.write(ids[i], 0, ByteBuffer.wrap(contents));
            }
            for (long id : ids) { // a partial page: its old bytes are read back and checked through a new lease
                s.write(id, PAGE + 10, ByteBuffer.wrap(new byte[] {42}));
            }
        }
        contents[PAGE + 10] = 42;
        flipByte(dataFile(ids[1]), 5);
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.REFUSE, 1)) {
            assertArrayEquals(contents, read(s, ids[0], 0, contents.length));
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> read(s, ids[1], 0, contents.length));
            assertEquals(ids[1], e.objectId());
            assertEquals(0, e.offset());
            assertArrayEquals(contents, read(s, ids[2], 0, contents.length));
            assertThrows(MediaErrorException.class, () -> s.view(ids[1], 0, PAGE), "a scan's view");
            ObjectStore.ScrubReport r = s.scrub(0);
            assertEquals(3, r.objects());
            assertEquals(1, r.damaged().size());
            assertEquals(ids[1], r.damaged().get(0).objectId());
        }
    }
}
