package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.examples.worldcup.logs.WorldCupLogReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** generate and load run in-process (as bin/ispd runs them) against two in-JVM drives over TCP. */
class LoadCommandsTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    @TempDir
    Path dir;

    /** What a command printed and returned. */
    record Run(int status, String out, String err) {
    }

    private static Run run(Function<PrintStream, CommandLine> command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = command.apply(new PrintStream(out, true, StandardCharsets.UTF_8));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute(args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    private static Run generate(String... args) {
        return run(out -> CommandLines.of(new GenerateCommand(out)), args);
    }

    private static Run load(String... args) {
        return run(out -> CommandLines.of(new LoadCommand(out)), args);
    }

    private static byte[] generated(long seed, int count, int entrySize) {
        ByteBuffer buf = ByteBuffer.allocate(count * entrySize);
        WorldCupGenerator.withDefaults(seed, count).fill(buf, count, entrySize);
        return buf.array();
    }

    private static byte[] readOsd(String path) throws IOException {
        try (FileSystem fs = DRIVES.osd(); FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
            byte[] all = new byte[(int) fs.getFileStatus(new org.apache.hadoop.fs.Path(path)).getLen()];
            in.readFully(0, all);
            return all;
        }
    }

    private static List<String> osdNames(String dir) throws IOException {
        try (FileSystem fs = DRIVES.osd()) {
            return Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path(dir)))
                    .map(FileStatus::getPath).map(org.apache.hadoop.fs.Path::getName).sorted().toList();
        }
    }

    private static byte[] readLog(Path file) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(20 * 1000);
        try (WorldCupLogReader r = WorldCupLogReader.open(file)) {
            assertTrue(r.compressed(), file + " is not gzip");
            while (r.read(buf.clear()) >= 0) {
                all.write(buf.array(), 0, buf.position());
            }
        }
        return all.toByteArray();
    }

    @Test
    void generatedGzAt20BytesLoadsIntoOsdAt256BytesAsTheGeneratorsPaddedBytes() throws IOException {
        Path log = dir.resolve("wc_day5_1.gz");
        Run gen = generate("--entries", "30000", "--entry-size", "20", "--seed", "42", "--out", log.toString());
        assertEquals(0, gen.status(), gen.err());
        assertTrue(gen.out().startsWith("generated 30,000 entries of 20 B (600,000 bytes) with seed 42 into " + log),
                gen.out());
        assertArrayEquals(generated(42, 30_000, 20), readLog(log));

        Run loaded = load("--drives", DRIVES.addresses(), "--entry-size", "256", "--chunk-size", "1000000",
                "--to", "osd:///e2e/wc-256.bin", log.toString());
        assertEquals(0, loaded.status(), loaded.err());
        assertTrue(loaded.out().startsWith("loaded 30,000 records from 1 file(s) into osd:///e2e/wc-256.bin: "
                + "7,680,000 bytes at 256 B per entry in "), loaded.out());
        assertArrayEquals(generated(42, 30_000, 256), readOsd("osd:///e2e/wc-256.bin"));
    }

    @Test
    void generateWritesStraightIntoOsd() throws IOException {
        Run gen = generate("--entries", "20000", "--entry-size", "64", "--seed", "7", "--drives", DRIVES.addresses(),
                "--out", "osd:///gen/wc-64.bin");
        assertEquals(0, gen.status(), gen.err());
        assertArrayEquals(generated(7, 20_000, 64), readOsd("osd:///gen/wc-64.bin"));
    }

    @Test
    void logsLoadInChronologicalOrderAndFromStandardInput() throws IOException {
        Path day10 = Files.write(dir.resolve("wc_day10_1"), generated(2, 1_000, 20));
        Path day9 = Files.write(dir.resolve("wc_day9_1"), generated(1, 500, 20));
        Run loaded = load("--drives", DRIVES.addresses(), "--entry-size", "32", "--to", "osd:///order/wc-32.bin",
                day10.toString(), day9.toString());
        assertEquals(0, loaded.status(), loaded.err());
        assertTrue(loaded.out().startsWith("loading in chronological order: " + day9 + " " + day10), loaded.out());
        byte[] stored = readOsd("osd:///order/wc-32.bin");
        assertArrayEquals(generated(1, 500, 32), Arrays.copyOf(stored, 500 * 32));
        assertArrayEquals(generated(2, 1_000, 32), Arrays.copyOfRange(stored, 500 * 32, stored.length));

        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(generated(3, 700, 20)));
            Run fromStdin = load("--drives", DRIVES.addresses(), "--entry-size", "128", "--to", "osd:///stdin/wc-128.bin", "-");
            assertEquals(0, fromStdin.status(), fromStdin.err());
            assertTrue(fromStdin.out().startsWith("loaded 700 records from 1 file(s)"), fromStdin.out());
        } finally {
            System.setIn(saved);
        }
        assertArrayEquals(generated(3, 700, 128), readOsd("osd:///stdin/wc-128.bin"));
    }

    @Test
    void aBadLogIsNamedWithItsOffsetAndTheStoredFileSurvives() throws IOException {
        Run first = generate("--entries", "5000", "--entry-size", "256", "--drives", DRIVES.addresses(),
                "--out", "osd:///kept/wc-256.bin");
        assertEquals(0, first.status(), first.err());
        byte[] before = readOsd("osd:///kept/wc-256.bin");
        Path good = Files.write(dir.resolve("good.bin"), generated(4, 3_000, 20));
        Path bad = Files.write(dir.resolve("bad.bin"), Arrays.copyOf(generated(5, 100, 20), 2_013));

        Run loaded = load("--drives", DRIVES.addresses(), "--entry-size", "256", "--to", "osd:///kept/wc-256.bin",
                good.toString(), bad.toString());

        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), loaded.status(), loaded.out());
        assertEquals("ispd load: " + bad + ": 13 trailing bytes after the last whole record at uncompressed offset 2000"
                + " (the log must be whole 20-byte records); osd:///kept/wc-256.bin was left as it was\n", loaded.err());
        assertArrayEquals(before, readOsd("osd:///kept/wc-256.bin"));
        assertEquals(List.of("wc-256.bin"), osdNames("osd:///kept"));
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        Run noDrives = load("--to", "osd:///x/wc.bin", "some.gz");
        assertEquals(2, noDrives.status());
        assertTrue(noDrives.err().contains("--to osd:///x/wc.bin needs --drives"), noDrives.err());

        Run gzOnOsd = generate("--entries", "10", "--drives", DRIVES.addresses(), "--out", "osd:///x/wc.gz");
        assertTrue(gzOnOsd.err().contains("osd:// files hold uncompressed entries"), gzOnOsd.err());

        Run size = generate("--entries", "10", "--entry-size", "40", "--out", dir.resolve("x").toString());
        assertTrue(size.err().contains("--entry-size must be one of [20, 32, 64, 128, 256], got 40"), size.err());

        Run drivesForLocal = generate("--entries", "10", "--drives", DRIVES.addresses(), "--out", dir.resolve("x").toString());
        assertTrue(drivesForLocal.err().contains("--drives is for osd:// targets only"), drivesForLocal.err());

        Run missing = load("--drives", DRIVES.addresses(), "--to", "osd:///x/wc.bin", dir.resolve("wc_day9_9.gz").toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), missing.status());
        assertTrue(missing.err().contains(dir.resolve("wc_day9_9.gz") + ": no such file"), missing.err());
    }
}
