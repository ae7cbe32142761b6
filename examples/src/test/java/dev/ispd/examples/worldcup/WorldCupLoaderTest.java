package dev.ispd.examples.worldcup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.logs.LogFormatException;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loads into Hadoop's raw local file system; the osd:// loads are in the CLI tests. */
class WorldCupLoaderTest {
    @TempDir
    Path dir;

    private FileSystem fs;

    @BeforeEach
    void localFs() throws IOException {
        fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    private static byte[] generated(long seed, int count, int entrySize) {
        ByteBuffer buf = ByteBuffer.allocate(count * entrySize);
        WorldCupGenerator.withDefaults(seed, count).fill(buf, count, entrySize);
        return buf.array();
    }

    private Path log(String name, byte[] records) throws IOException {
        Path file = dir.resolve(name);
        try (WorldCupLogWriter w = WorldCupLogWriter.create(file, 20)) {
            w.write(ByteBuffer.wrap(records));
        }
        return file;
    }

    private org.apache.hadoop.fs.Path target(String name) {
        return new org.apache.hadoop.fs.Path(dir.resolve("fs").resolve(name).toUri());
    }

    private byte[] read(org.apache.hadoop.fs.Path file) throws IOException {
        return Files.readAllBytes(Path.of(file.toUri()));
    }

    @Test
    void generatedEntriesAreTheGeneratorsBytes() throws IOException {
        org.apache.hadoop.fs.Path file = target("gen-64.bin");
        long bytes = new WorldCupLoader(3, 50_000, 64).load(fs, file);
        assertEquals(50_000L * 64, bytes);
        assertArrayEquals(generated(3, 50_000, 64), read(file));
    }

    @Test
    void logsArePaddedAndLoadedChronologically() throws IOException {
        byte[] early = generated(1, 3_000, 20);
        byte[] late = generated(2, 5_000, 20);
        Path day10 = log("wc_day10_1.gz", late);
        Path day9 = log("wc_day9_1", early);
        Path empty = Files.write(dir.resolve("wc_day1_1.gz"), new byte[0]);
        org.apache.hadoop.fs.Path file = target("logs-128.bin");

        long bytes = WorldCupLoader.ofLogs(List.of(day10.toString(), empty.toString(), day9.toString()), 128)
                .load(fs, file);

        assertEquals(8_000L * 128, bytes);
        byte[] expected = new byte[8_000 * 128];
        for (int i = 0; i < 8_000; i++) {
            byte[] from = i < 3_000 ? early : late;
            System.arraycopy(from, (i < 3_000 ? i : i - 3_000) * 20, expected, i * 128, 20);
        }
        assertArrayEquals(expected, read(file));
    }

    @Test
    void standardInputLoadsAsALog() throws IOException {
        byte[] records = generated(4, 2_000, 20);
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(records));
            org.apache.hadoop.fs.Path file = target("stdin-20.bin");
            assertEquals(records.length, WorldCupLoader.ofLogs(List.of("-"), 20).load(fs, file));
            assertArrayEquals(records, read(file));
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void aBadLogLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        org.apache.hadoop.fs.Path file = target("kept.bin");
        new WorldCupLoader(5, 1_000, 32).load(fs, file);
        byte[] before = read(file);
        Path good = log("wc_day6_1.gz", generated(6, 1_000, 20));
        Path bad = Files.write(dir.resolve("wc_day6_2"), Arrays.copyOf(generated(7, 10, 20), 207));

        LogFormatException e = assertThrows(LogFormatException.class,
                () -> WorldCupLoader.ofLogs(List.of(good.toString(), bad.toString()), 32).load(fs, file));

        assertTrue(e.getMessage().startsWith(bad + ": 7 trailing bytes after the last whole record at "
                + "uncompressed offset 200"), e.getMessage());
        assertArrayEquals(before, read(file));
        try (var left = Files.list(dir.resolve("fs"))) {
            assertEquals(List.of("kept.bin"), left.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aTemporaryFileLeftByACrashedLoadIsReplaced() throws IOException {
        org.apache.hadoop.fs.Path file = target("again.bin");
        Files.createDirectories(dir.resolve("fs"));
        Files.write(dir.resolve("fs").resolve(".again.bin.loading"), new byte[] {1, 2, 3});
        new WorldCupLoader(8, 1_000, 20).load(fs, file);
        assertArrayEquals(generated(8, 1_000, 20), read(file));
        try (var left = Files.list(dir.resolve("fs"))) {
            assertEquals(List.of("again.bin"), left.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aMissingLogIsNamed() {
        String missing = dir.resolve("wc_day7_1.gz").toString();
        IOException e = assertThrows(IOException.class,
                () -> WorldCupLoader.ofLogs(List.of(missing), 20).load(fs, target("x.bin")));
        assertEquals(missing + ": no such file", e.getMessage());
    }
}
