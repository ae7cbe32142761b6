package dev.ispd.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The benchmark end to end at a small size: Q1 and Q2, four jobs each, identical outputs, a table, nothing left behind. */
class WallClockQ1Test {
    @TempDir
    Path dir;

    @Test
    void smallRunPrintsEveryJobWithIdenticalOutputs() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = new CommandLine(new WallClockQ1(new PrintStream(bytes, true, StandardCharsets.UTF_8))).execute(
                "--entries", "20000", "--chunk-size", "1048576", "--runs", "1", "--dir", dir.toString());
        String printed = bytes.toString(StandardCharsets.UTF_8);

        assertEquals(0, status, printed);
        assertTrue(Pattern.compile("(?m)^timed: 1 runs per query$").matcher(printed).find(), printed);
        assertTrue(Pattern.compile("(?m)^run 1: Q1 DeviceJob device-only +[0-9.]+ s wall, +[0-9.]+ s JVM CPU, GC [0-9]+ ms, "
                + "JIT [0-9]+ ms \\(load average").matcher(printed).find(), printed);
        for (String query : List.of("Q1", "Q2")) {
            for (String job : List.of("stock Hadoop", "DeviceJob fastest", "DeviceJob device-only",
                    "DeviceJob host-only")) {
                assertTrue(Pattern.compile("(?m)^  " + query + " " + job + " +[0-9.]+ +[0-9.]+x +[0-9.]+ +yes$")
                        .matcher(printed).find(), query + " " + job + " row missing or not identical in:\n" + printed);
            }
            // device-only: 5 chunks on 2 drives, each drive's pieces grouped into one split
            assertTrue(Pattern.compile("(?m)^  " + query + " DeviceJob device-only +splits on device 2, on host 0, "
                    + "fallbacks 0;").matcher(printed).find(), printed);
            assertTrue(Pattern.compile("(?m)^  " + query + " DeviceJob, median wall s \\(measured basis, fastest after 3 "
                    + "warm-up jobs\\): fastest [0-9.]+, device-only [0-9.]+, host-only [0-9.]+$").matcher(printed).find(),
                    printed);
            assertTrue(Pattern.compile("(?m)^  " + query + ": fastest / best static \\((device|host)-only\\): "
                    + "medians' ratio [0-9.]+ over 1 runs \\(too few rounds for an interval\\): not settled, at least 5 "
                    + "runs$").matcher(printed).find(),
                    printed);
        }
        assertTrue(Pattern.compile("(?m)^Q2: [1-9][0-9]* \\(region, type\\) pairs").matcher(printed).find(), printed);
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count(), "the benchmark's work directory was not deleted");
        }
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, WallClockQ1.median(DoubleStream.of(3, 1, 2)));
        assertEquals(2.5, WallClockQ1.median(DoubleStream.of(4, 1, 3, 2)));
    }

    @Test
    void rejectsAnEntrySizeWorldCup98DoesNotHave() {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new WallClockQ1());
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute("--entry-size", "100", "--dir", dir.toString());
        assertEquals(2, status);
        assertTrue(err.toString().contains("--entry-size must be one of"), err.toString());
    }
}
