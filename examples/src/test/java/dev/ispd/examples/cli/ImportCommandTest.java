package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.worldcup.logs.WorldCupLogReader;
import dev.ispd.worldcup.WorldCup98;
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
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bin/ispd import} end to end: what it writes, what it prints, and its errors. */
class ImportCommandTest {
    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private int run(String... args) {
        CommandLine cmd = CommandLines.of(new ImportCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private String printed() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theRealSampleBecomesGzippedRecordsAndTheFilledFieldsAreSaid() throws IOException {
        Path sample = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent()
                .resolveSibling("shared").resolve("data/worldcup98/wc_day6_1_sample.tar.bz2");
        Path out = dir.resolve("wc_day6_1_sample.gz");
        assertEquals(0, run("--format", "csv", "--out", out.toString(), sample.toString()), err.toString());

        try (WorldCupLogReader log = WorldCupLogReader.open(out)) { // as bin/ispd load reads it
            ByteBuffer records = ByteBuffer.allocate(1 << 16);
            while (log.read(records.clear()) >= 0) {
                records.flip();
                for (int at = 0; at < records.limit(); at += WorldCup98.RECORD_SIZE) {
                    assertEquals("unknown", WorldCup98.regionName(WorldCup98.region(WorldCup98.server(records, at))));
                }
            }
            assertTrue(log.compressed());
            assertEquals(200_000, log.records());
        }
        String text = printed();
        assertTrue(text.contains("200,000 lines, 200,000 records written, 0 rejected"), text);
        assertTrue(text.contains("region: not in the input; recorded 7 (unknown) in 200,000 records"), text);
        assertTrue(text.contains("method: not in the input; recorded 8 (other) in 200,000 records"), text);
        assertTrue(text.contains("HTTP version: not in the input; recorded 3 (other) in 200,000 records"), text);
        assertTrue(text.contains("wrote 200,000 records (4,000,000 bytes before compression) to " + out), text);
        assertFalse(Files.exists(dir.resolve("wc_day6_1_sample.gz.part")));
    }

    @Test
    void commonLogFormatPrintsItsRejects() throws IOException {
        Path log = dir.resolve("access.log");
        try (InputStream in = getClass().getResourceAsStream("/worldcup/clf-sample.log")) {
            Files.copy(in, log);
        }
        Path out = dir.resolve("access.bin");
        assertEquals(0, run("--format", "clf", "--out", out.toString(), log.toString()), err.toString());

        assertEquals(9 * 20, Files.size(out));
        String text = printed();
        assertTrue(text.contains("20 lines, 9 records written, 11 rejected"), text);
        assertTrue(text.contains("rejected lines (first 10 of 11):"), text);
        assertTrue(text.contains("  line 15: status: not a number in [0, 999]: 'OK'"), text);
        assertTrue(text.contains("clientIDs 0..3 for 4 distinct hosts"), text);
    }

    @Test
    void anInputThatCannotBeReadIsAnErrorNamingIt() {
        Path missing = dir.resolve("no-such.csv");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run("--format", "csv", "--out", dir.resolve("x.bin").toString(),
                missing.toString()));
        assertTrue(err.toString().contains(missing + ": cannot be read"), err.toString());
        assertFalse(Files.exists(dir.resolve("x.bin")));
    }

    @Test
    void aCorruptGzipIsAnErrorNamingTheFileAndLeavesNoOutput() throws IOException {
        Path bad = dir.resolve("bad.csv.gz");
        Files.write(bad, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7});
        Path out = dir.resolve("bad.bin");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run("--format", "csv", "--out", out.toString(), bad.toString()));
        assertTrue(err.toString().contains(bad + ": cannot be read: Gzip-compressed data is corrupt"), err.toString());
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(dir.resolve("bad.bin.part")));
    }

    @Test
    void aGzipCutShortIsAnErrorNamingTheFileAndTheLineReached() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            for (int i = 0; i < 100_000; i++) {
                out.write(("1044,30/Apr/1998,22:46:12,/images/" + i + ".gif,200,508\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        Path cut = dir.resolve("cut.csv.gz");
        Files.write(cut, Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run("--format", "csv", "--out", dir.resolve("cut.bin").toString(),
                cut.toString()));
        assertTrue(Pattern.compile(Pattern.quote(cut + " line ") + "[0-9]+: cannot be read").matcher(err.toString())
                .find(), err.toString());
        assertFalse(Files.exists(dir.resolve("cut.bin")));
    }

    @Test
    void anInputWithNoRecordIsAnInputErrorAndWritesNothing() throws IOException {
        Path junk = dir.resolve("junk.csv");
        Files.writeString(junk, "not,a,log\n");
        Path out = dir.resolve("j.bin");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run("--format", "csv", "--out", out.toString(), junk.toString()));
        assertTrue(printed().contains("0 records written, 1 rejected"), printed());
        assertTrue(printed().contains("objectIDs none (no URLs)"), printed());
        assertTrue(err.toString().strip().endsWith("no line of " + junk + " became a record; " + out
                + " was not written"), err.toString());
        assertFalse(Files.exists(out));
        assertFalse(Files.exists(dir.resolve("j.bin.part")));
    }

    @Test
    void anEmptyInputKeepsAnOutputAlreadyThere() throws IOException {
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, "");
        Path out = dir.resolve("kept.bin");
        Files.writeString(out, "earlier records");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run("--format", "csv", "--out", out.toString(), empty.toString()));
        assertEquals("earlier records", Files.readString(out));
    }

    @Test
    void zoneIsForCsvOnly() {
        assertEquals(2, run("--format", "clf", "--zone", "Europe/Paris", "--out", dir.resolve("z.bin").toString(),
                dir.resolve("in.log").toString()));
        assertTrue(err.toString().contains("--zone is for --format csv"), err.toString());
    }
}
