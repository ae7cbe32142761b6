package dev.ispd.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.worldcup.WorldCup98;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** quickstart --logs: real log files in place of generated data, Q1 over exactly their records. */
class QuickstartLogsTest {
    @TempDir
    Path dir;

    @Test
    void q1CountsTheRegionsOfTheLoggedRecords() throws Exception {
        int n = 12_000;
        ByteBuffer records = ByteBuffer.allocate(n * 20);
        WorldCupGenerator.withDefaults(77, n).fill(records, n, 20);
        long[] perRegion = new long[8];
        for (int i = 0; i < n; i++) {
            perRegion[WorldCup98.region(WorldCup98.server(records, i * 20))]++;
        }
        Path log = dir.resolve("wc_day6_1.gz");
        try (GZIPOutputStream gz = new GZIPOutputStream(Files.newOutputStream(log))) {
            gz.write(records.array());
        }

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        int status;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            status = new CommandLine(new Quickstart()).execute("--logs", log.toString(), "--entry-size", "64",
                    "--chunk-size", "262144");
        } finally {
            System.setOut(saved);
            FileSystem.closeAll(); // the quickstart's cached osd:// client points at drives that have stopped
        }
        String out = printed.toString(StandardCharsets.UTF_8);

        assertEquals(0, status, out);
        assertTrue(out.contains("wrote 12,000 WorldCup98 entries of 64 B (0.8 MB) from 1 log file(s) to "), out);
        for (int region = 0; region < 4; region++) {
            assertTrue(out.contains(String.format("  %-12s %,12d%n", WorldCup98.regionName(region), perRegion[region])),
                    WorldCup98.regionName(region) + " count " + perRegion[region] + " missing in:\n" + out);
        }
    }
}
