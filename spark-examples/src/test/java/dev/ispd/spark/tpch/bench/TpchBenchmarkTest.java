package dev.ispd.spark.tpch.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.spark.tpch.TpchQueries;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The TPC-H benchmark's harness end to end at a tiny scale (SF 0.002, one run, Q1 and Q6): every
 * source runs every query and gives the same answer, and the report is complete: a median for
 * each source, the ratios the aims are stated in, the aims, and the connector's modeled figures,
 * device-only's in the drives.
 */
class TpchBenchmarkTest {
    private static final String NUMBER = " +(\\d+\\.\\d{3})";
    private static final int SOURCES = Source.values().length;
    /** A row of the wall-clock table: the query, a median per source, four speed-ups, fastest over the best static policy. */
    private static final Pattern WALL = Pattern.compile("Q(\\d+)" + NUMBER.repeat(SOURCES)
            + " +(\\d+\\.\\d\\dx) +(\\d+\\.\\d\\dx) +(\\d+\\.\\d\\dx) +(\\d+\\.\\d\\dx) +(\\d+\\.\\d\\d)  (.*)");
    private static final Pattern MODELED = Pattern.compile("Q(\\d+) +(device-only|fastest|host-only) +(\\d+) +(\\d+) +0"
            + " +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)");

    @Test
    void everySourceAnswersAlikeAndTheReportIsComplete(@TempDir Path work) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new TpchBenchmark(new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute("--scale", "0.002", "--queries", "1,6", "--runs", "auto", "--max-runs", "2", "--warm-ups", "0",
                "--fastest-warm-ups", "0", "--chunk-size", "1000000", "--parquet-chunk-size", "1000000", "--master", "local[2]",
                "--work", work.toString());
        List<String> report = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        String all = String.join("\n", report);
        assertEquals(0, status, err + all);

        assertTrue(line(report, "query ").matches("query +device-only +fastest +host-only +device-only-blocked +fastest-blocked"
                + " +parquet-local +parquet-osd +parquet-ispd +raw.* +x device-only +x blocked +x fastest +x fastest-blkd"
                + " +fastest/best  answers"), all);
        for (int q : List.of(1, 6)) {
            Matcher wall = WALL.matcher(line(report, "Q" + q + " "));
            assertTrue(wall.matches(), all);
            assertEquals("equal", wall.group(SOURCES + 7), "every source gave Q" + q + " Parquet's answer: " + all);
            for (int source = 2; source <= SOURCES + 1; source++) {
                assertTrue(Double.parseDouble(wall.group(source)) > 0, all);
            }
            List<Matcher> modeled = report.stream().map(MODELED::matcher).filter(Matcher::matches)
                    .filter(m -> m.group(1).equals(String.valueOf(q))).toList();
            assertEquals(List.of("device-only", "fastest", "host-only"), modeled.stream().map(m -> m.group(2)).toList(),
                    all);
            Matcher deviceOnly = modeled.get(0);
            assertTrue(Long.parseLong(deviceOnly.group(3)) > 0, "device-only scanned lineitem in the drives: " + all);
            assertEquals("0", deviceOnly.group(4), all);
            assertTrue(Double.parseDouble(deviceOnly.group(9)) > 0, "MB scanned in the drives: " + all);
            Matcher hostOnly = modeled.get(2);
            assertEquals("0", hostOnly.group(3), all);
            assertTrue(Double.parseDouble(hostOnly.group(10)) > 0, "host-only moved the records to the host: " + all);
        }
        assertTrue(all.contains("aim: lineitem-heavy queries at least 2x faster than Parquet, device-only: met by "), all);
        // each connector run says where its partitions ran (device-only's all in the drives), and what of GC and JIT
        // fell inside it; auto never settled by 2 rounds ran to its cap
        assertTrue(all.contains("timed: rounds until every verdict settles, looked at after 2 rounds, each look's interval "
                + "at 90% so that all of them hold the median 90% of the time per query"), all);
        assertTrue(report.stream().anyMatch(l -> l.matches("  Q1  ispd device-only +run 2 +[0-9.]+ s, CPU [0-9.]+ s, GC [0-9]+ ms, JIT "
                + "[0-9]+ ms \\(load average [0-9.]+\\), partitions on device [1-9][0-9]*, on host 0")), all);
        assertTrue(report.stream().noneMatch(l -> l.contains(" run 3 ")), all);
        for (int q : List.of(1, 6)) { // the policies side by side, and fastest's verdict: one run settles nothing
            assertTrue(report.stream().anyMatch(l -> l.matches("  Q" + q + ": fastest [0-9.]+, device-only [0-9.]+, "
                    + "host-only [0-9.]+")), all);
            assertTrue(report.stream().anyMatch(l -> l.matches("    Q" + q + ": fastest / best static \\((device|host)-only\\)"
                    + ": medians' ratio [0-9.]+ over 2 runs \\(too few rounds for an interval\\): not settled, at least 5 runs")), all);
        }
        assertTrue(all.contains("aim: fastest within 10% of the best static policy: Q1 not settled, Q6 not settled"), all);
        for (int q : List.of(1, 6)) { // device-only against Parquet by the rounds' ratios: two rounds settle nothing
            assertTrue(report.stream().anyMatch(l -> l.matches("  Q" + q + ": device-only / parquet-local: medians' ratio [0-9.]+ over 2 "
                    + "rounds \\(too few rounds for an interval\\): not settled")), all);
        }
        assertTrue(all.contains("aim: no query more than 10% slower than Parquet, device-only, by the rounds' paired "
                + "ratios: not settled by Q1 Q6"), all);
        for (String policy : List.of("device-only over blocked records", "fastest", "fastest over blocked records")) {
            assertTrue(all.contains("aim: no query more than 10% slower than Parquet, " + policy + ", by the rounds' "
                    + "paired ratios: not settled by Q1 Q6"), all);
        }
        assertTrue(report.stream().anyMatch(l -> l.matches("  Q6: fastest-blocked / parquet-local: medians' ratio [0-9.]+ over 2 "
                + "rounds \\(too few rounds for an interval\\): not settled")), all);
        // the 2x aims by the rounds' paired ratios too: each policy against Parquet, the drives' Parquet against Spark's
        String throughTheDrives = "lineitem-heavy queries at least 2x faster over Parquet through the drives than Spark's "
                + "reader over the same osd:// files";
        assertTrue(all.contains("aim: " + throughTheDrives + ": "), all);
        assertTrue(all.contains("aim: " + throughTheDrives + ", by the rounds' paired ratios: not settled by Q1 Q6"), all);
        assertTrue(report.stream().anyMatch(l -> l.matches("  Q1: parquet-ispd / parquet-osd: medians' ratio [0-9.]+ over 2 "
                + "rounds \\(too few rounds for an interval\\): not settled")), all);
        for (String policy : List.of("device-only", "device-only over blocked records", "fastest",
                "fastest over blocked records")) {
            assertTrue(all.contains("aim: lineitem-heavy queries at least 2x faster than Parquet, " + policy + ", by the "
                    + "rounds' paired ratios: not settled by Q1 Q6"), all);
        }
        assertTrue(report.get(report.size() - 1).startsWith("load average at the end "), all);
        assertTrue(Files.notExists(work.resolve("drives")), "the work directory's contents are deleted");
    }

    @Test
    void keptTablesAreReusedByALaterRunOfTheSameSettingsAndRefusedByAnother(@TempDir Path keep) {
        String[] run = {"--scale", "0.002", "--queries", "6", "--sources", "device-only,parquet-local", "--runs", "1",
            "--warm-ups", "0", "--chunk-size", "100000", "--parquet-chunk-size", "50000", "--master", "local[2]", "--keep",
            keep.toString()};
        String first = bench(run);
        assertTrue(first.contains("generated TPC-H at scale factor 0.002"), first);
        Matcher rowGroups = Pattern.compile("Parquet in osd:///tpch-parquet: (\\d+) row groups, (\\d+) straddling a chunk "
                + "boundary").matcher(first);
        assertTrue(rowGroups.find(), first);
        assertTrue(Integer.parseInt(rowGroups.group(1)) > TpchGenerator.TABLES.size(), "several row groups in a table");
        assertEquals("0", rowGroups.group(2), "every row group in one chunk: " + first);
        // lineitem's chunks of 50,000 bytes go round robin over both drives: one holds at most a row group more
        Matcher perDrive = Pattern.compile("lineitem's Parquet rows per drive: ([0-9,]+), ([0-9,]+) \\(most over fewest "
                + "([0-9.]+)\\)").matcher(first);
        assertTrue(perDrive.find(), first);
        assertTrue(Double.parseDouble(perDrive.group(3)) < 1.5, first);
        String second = bench(run);
        assertTrue(second.contains("reusing the tables in " + keep), second);
        assertTrue(!second.contains("generated TPC-H"), second);
        assertTrue(line(second.lines().toList(), "Q6 ").endsWith("equal"), second);
        assertTrue(Files.notExists(keep.resolve("spark")), "Spark's scratch is deleted, the tables kept");

        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new TpchBenchmark(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        assertEquals(2, cmd.execute("--scale", "0.003", "--keep", keep.toString()));
        assertTrue(err.toString().contains(keep + " holds tables generated for scale 0.002, 2 smartssd-2013 drives, "
                + "chunks of 100000 bytes, Parquet row groups in chunks of 50000 bytes, blocked copy of 432 records to a block, not scale 0.003"), err.toString());
    }

    private static String bench(String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new TpchBenchmark(new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute(args);
        String report = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, err + report);
        return report;
    }

    @Test
    void queriesAreNumbersAndRanges() {
        assertEquals(List.of(1, 6, 12, 13, 14, 19), TpchBenchmark.queryNumbers("19,1,6,12-14,13"));
        assertEquals(22, TpchBenchmark.queryNumbers("1-22").size());
        assertThrows(IllegalArgumentException.class, () -> TpchBenchmark.queryNumbers("0-3"));
        assertThrows(IllegalArgumentException.class, () -> TpchBenchmark.queryNumbers("23"));
        assertThrows(IllegalArgumentException.class, () -> TpchBenchmark.queryNumbers("q6"));
    }

    @Test
    void aQueryReadsTheTablesItNames() {
        assertEquals(List.of("lineitem"), TpchQueries.tables(6));
        assertEquals(List.of("region", "nation", "supplier", "part", "partsupp"), TpchQueries.tables(2));
    }

    @Test
    void aBadOptionIsOneLineNamingIt() {
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new TpchBenchmark(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        assertEquals(2, cmd.execute("--sources", "fastest,orc"));
        assertTrue(err.toString().startsWith("ispd tpch-bench: --sources [fastest, orc]: no source orc; the sources are "
                + "[device-only, fastest, host-only, device-only-blocked, fastest-blocked, parquet-local, parquet-osd, "
                + "parquet-ispd, raw]"),
                err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cmd.execute("--runs", "many"));
        assertTrue(err.toString().startsWith("ispd tpch-bench: --runs many: give a number of rounds or auto, not many"),
                err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cmd.execute("--chunk-size", "100000", "--block", "1000"));
        assertTrue(err.toString().startsWith("ispd tpch-bench: --block 1000: a block holds 1 to 432 records here: a block"
                + " of the widest table (231 B records) must fit a chunk (100000 bytes, --chunk-size)"), err.toString());
    }

    private static String line(List<String> report, String start) {
        return report.stream().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(
                "no line starting " + start + " in\n" + String.join("\n", report)));
    }
}
