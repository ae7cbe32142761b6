package dev.ispd.examples.worldcup.logs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorldCupLogReaderTest {
    private static final int N = 10_000;

    @TempDir
    Path dir;

    static byte[] generated(long seed, int count, int entrySize) {
        WorldCupGenerator g = WorldCupGenerator.withDefaults(seed, count);
        ByteBuffer buf = ByteBuffer.allocate(count * entrySize);
        g.fill(buf, count, entrySize);
        return buf.array();
    }

    /** One gzip member holding {@code content} (any length, unlike the writer's whole entries). */
    static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(content);
        }
        return bytes.toByteArray();
    }

    /** Everything the reader delivers, read in batches of {@code batch} entries. */
    static byte[] readAll(WorldCupLogReader reader, int entrySize, int batch) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(batch * entrySize);
        while (reader.read(buf.clear(), entrySize) >= 0) {
            all.write(buf.array(), 0, buf.position());
        }
        return all.toByteArray();
    }

    private Path file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    private LogFormatException failure(Path file) {
        return assertThrows(LogFormatException.class, () -> {
            try (WorldCupLogReader r = WorldCupLogReader.open(file)) {
                readAll(r, 20, 1000);
            }
        });
    }

    @Test
    void writerAndReaderRoundTripGzipAndRawWhateverTheBatch() throws IOException {
        byte[] records = generated(5, N, 20);
        for (String name : new String[] {"wc_day5_1.gz", "wc_day5_1"}) {
            Path file = dir.resolve(name);
            try (WorldCupLogWriter w = WorldCupLogWriter.create(file, 20)) {
                w.write(ByteBuffer.wrap(records));
                assertEquals(N, w.entries());
            }
            assertEquals(name.endsWith(".gz"), Files.readAllBytes(file)[0] == 0x1f, name);
            for (int batch : new int[] {1, 333, N + 7}) {
                try (WorldCupLogReader r = WorldCupLogReader.open(file)) {
                    assertArrayEquals(records, readAll(r, 20, batch), name + " in batches of " + batch);
                    assertEquals(N, r.records());
                    assertEquals(name.endsWith(".gz"), r.compressed());
                    assertEquals(Files.size(file), r.bytesConsumed());
                }
            }
        }
    }

    @Test
    void paddedReadsEqualTheGeneratorsPaddedEntries() throws IOException {
        Path file = file("wc_day6_1.gz", gzip(generated(6, N, 20)));
        for (int entrySize : new int[] {32, 64, 128, 256}) {
            try (WorldCupLogReader r = WorldCupLogReader.open(file)) {
                assertArrayEquals(generated(6, N, entrySize), readAll(r, entrySize, 77), "entry size " + entrySize);
            }
        }
    }

    @Test
    void concatenatedGzipMembersReadAsOneLog() throws IOException {
        byte[] records = generated(7, N, 20);
        byte[] first = gzip(Arrays.copyOfRange(records, 0, 4000 * 20));
        byte[] second = gzip(Arrays.copyOfRange(records, 4000 * 20, records.length));
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        try (WorldCupLogReader r = WorldCupLogReader.open(file("wc_day7_1.gz", both))) {
            assertArrayEquals(records, readAll(r, 20, 1000));
            assertEquals(both.length, r.bytesConsumed());
        }
    }

    @Test
    void emptyFilesHoldNoRecords() throws IOException {
        for (Path file : new Path[] {file("wc_day1_1.gz", new byte[0]), file("empty.gz", gzip(new byte[0]))}) {
            try (WorldCupLogReader r = WorldCupLogReader.open(file)) {
                assertEquals(-1, r.read(ByteBuffer.allocate(200)), file.toString());
                assertEquals(0, r.records());
            }
        }
    }

    @Test
    void rawLogWithTrailingBytesNamesFileAndOffset() throws IOException {
        byte[] records = Arrays.copyOf(generated(8, 10, 20), 10 * 20 + 7);
        Path file = file("wc_day8_1", records);
        LogFormatException e = failure(file);
        assertEquals(file + ": 7 trailing bytes after the last whole record at uncompressed offset 200 "
                + "(the log must be whole 20-byte records)", e.getMessage());
        assertEquals(200, e.uncompressedOffset());
        assertEquals(-1, e.compressedOffset());
        assertEquals(file.toString(), e.source());
    }

    @Test
    void gzipLogWithTrailingBytesNamesFileAndOffset() throws IOException {
        byte[] compressed = gzip(Arrays.copyOf(generated(8, N, 20), N * 20 + 7));
        Path file = file("wc_day8_2.gz", compressed);
        LogFormatException e = failure(file);
        assertTrue(e.getMessage().startsWith(file + ": 7 trailing bytes after the last whole record at uncompressed "
                + "offset " + N * 20L), e.getMessage());
        assertEquals(N * 20L, e.uncompressedOffset());
        assertEquals(compressed.length, e.compressedOffset());
    }

    @Test
    void truncatedGzipNamesCompressedAndUncompressedOffsets() throws IOException {
        byte[] compressed = gzip(generated(9, N, 20));
        Path file = file("wc_day9_1.gz", Arrays.copyOf(compressed, compressed.length / 2));
        LogFormatException e = failure(file);
        assertTrue(e.getMessage().startsWith(file + ": corrupt or truncated gzip stream at compressed offset "
                + compressed.length / 2 + " (uncompressed offset " + e.uncompressedOffset() + "): the file ends inside a gzip "
                + "member"), e.getMessage());
        assertEquals(compressed.length / 2, e.compressedOffset());
        assertTrue(e.uncompressedOffset() > 0 && e.uncompressedOffset() < N * 20L, e.getMessage());
    }

    @Test
    void corruptDeflateDataOrGarbageAfterAMemberIsAnError() throws IOException {
        byte[] compressed = gzip(generated(10, N, 20));
        byte[] flipped = compressed.clone();
        for (int i = compressed.length / 2; i < compressed.length / 2 + 64; i++) {
            flipped[i] ^= (byte) 0x5a;
        }
        LogFormatException e = failure(file("flipped.gz", flipped));
        assertTrue(e.getMessage().contains("corrupt or truncated gzip stream at compressed offset"), e.getMessage());
        assertTrue(e.compressedOffset() > compressed.length / 2, e.getMessage());

        byte[] badHeader = compressed.clone();
        badHeader[2] = 7; // compression method: only 8 (deflate) exists
        e = assertThrows(LogFormatException.class, () -> WorldCupLogReader.open(file("header.gz", badHeader)));
        assertTrue(e.getMessage().contains("corrupt or truncated gzip stream at compressed offset"), e.getMessage());
        assertEquals(0, e.uncompressedOffset());

        byte[] garbage = Arrays.copyOf(compressed, compressed.length + 30);
        e = failure(file("garbage.gz", garbage));
        assertTrue(e.getMessage().contains("corrupt or truncated gzip stream"), e.getMessage());
        // the decoder fails inside the read that crosses the member's end: the offsets are those reached before it
        assertTrue(e.uncompressedOffset() > N * 20L - (64 << 10) && e.uncompressedOffset() <= N * 20L, e.getMessage());
        assertTrue(e.compressedOffset() >= compressed.length, e.getMessage());
    }

    @Test
    void standardInputIsNamedInRecordsAndErrors() throws IOException {
        byte[] records = generated(11, N, 20);
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(gzip(records)));
            try (WorldCupLogReader r = WorldCupLogReader.stdin()) {
                assertEquals(WorldCupLogReader.STDIN, r.name());
                assertArrayEquals(records, readAll(r, 20, 500));
            }
            System.setIn(new ByteArrayInputStream(Arrays.copyOf(records, 45)));
            LogFormatException e = assertThrows(LogFormatException.class, () -> {
                try (WorldCupLogReader r = WorldCupLogReader.stdin()) {
                    readAll(r, 20, 500);
                }
            });
            assertEquals("<stdin>: 5 trailing bytes after the last whole record at uncompressed offset 40 "
                    + "(the log must be whole 20-byte records)", e.getMessage());
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void refusesABufferWithoutRoomForOneEntry() throws IOException {
        try (WorldCupLogReader r = WorldCupLogReader.of(new ByteArrayInputStream(new byte[40]), "x")) {
            assertThrows(IllegalArgumentException.class, () -> r.read(ByteBuffer.allocate(63), 64));
            assertThrows(IllegalArgumentException.class, () -> r.read(ByteBuffer.allocate(100), 21));
            assertFalse(r.compressed());
        }
    }
}
