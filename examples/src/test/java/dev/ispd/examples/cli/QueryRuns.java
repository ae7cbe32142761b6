package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.cli.CommandLines;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** Runs {@code ispd query} in-process, as bin/ispd runs it, and reads the table {@code --sql} prints. */
final class QueryRuns {
    private QueryRuns() {
    }

    /** The table's header cells. */
    static List<String> header(String out) {
        List<String> lines = out.lines().toList();
        return cells(lines.get(tableStart(lines)));
    }

    /** The table's rows, as cells. */
    static List<List<String>> rows(String out) {
        List<String> lines = out.lines().toList();
        List<List<String>> rows = new ArrayList<>();
        for (int i = tableStart(lines) + 1; !lines.get(i).startsWith("("); i++) {
            rows.add(cells(lines.get(i)));
        }
        return rows;
    }

    /** The header's line: the first after the plan line and a blank one. */
    static int tableStart(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("  as plan: ")) {
                return i + 2;
            }
        }
        throw new AssertionError("no plan line in " + lines);
    }

    static List<String> cells(String line) {
        return List.of(line.trim().split("\\s+"));
    }

    static String succeed(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            CommandLine cmd = CommandLines.of(new QueryCommand());
            cmd.setErr(new PrintWriter(err, true));
            status = cmd.execute(args);
        } finally {
            System.setOut(stdout);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out + err);
        return out;
    }

    static String usageError(String... args) {
        PrintStream stdout = System.out;
        StringWriter err = new StringWriter();
        int status;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            CommandLine cmd = CommandLines.of(new QueryCommand());
            cmd.setErr(new PrintWriter(err, true));
            status = cmd.execute(args);
        } finally {
            System.setOut(stdout);
        }
        assertEquals(2, status, err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        return err.toString();
    }

}
