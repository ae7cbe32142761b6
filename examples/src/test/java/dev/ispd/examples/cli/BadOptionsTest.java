package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.admin.DriveCli;
import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.Quickstart;
import dev.ispd.examples.bench.WallClockQ1;
import dev.ispd.examples.reproduce.Reproduce;
import dev.ispd.sim.daemon.DriveDaemon;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every command, every kind of bad value (zero, negative, unknown names, wrong types, missing
 * paths, directories): exit status 2 before any work starts, and one line on standard error that
 * names the option (or the path) and no stack trace.
 */
class BadOptionsTest {
    @TempDir
    static Path dir;
    static String file;
    static String missing;
    /** A directory whose path no socket or file of the cases starts with, so naming it is telling. */
    static String folder;

    @BeforeAll
    static void files() throws IOException {
        file = Files.writeString(dir.resolve("log.bin"), "").toString();
        missing = dir.resolve("no-such-file").toString();
        folder = Files.createDirectory(dir.resolve("folder")).toString();
    }

    static Stream<Arguments> badOptions() {
        List<Arguments> cases = new ArrayList<>();
        Supplier<Object> quickstart = Quickstart::new;
        add(cases, quickstart, "--entries", "--entries", "0");
        add(cases, quickstart, "--entries", "--entries", "-5");
        add(cases, quickstart, "--entries", "--entries", "many");
        add(cases, quickstart, "--entry-size", "--entry-size", "7");
        add(cases, quickstart, "--drive-count", "--drives", "0");
        add(cases, quickstart, "--drive-count", "--drive-count", "0");
        add(cases, quickstart, "--chunk-size", "--chunk-size", "0");
        add(cases, quickstart, "--profile", "--profile", "nosuch");
        add(cases, quickstart, "--policy", "--policy", "cheapest");
        add(cases, quickstart, "--host-profile", "--host-profile", "nosuch");
        add(cases, quickstart, "--nosuch", "--nosuch", "1");

        Supplier<Object> query = QueryCommand::new;
        add(cases, query, "--query", "--entries", "10");
        add(cases, query, "--query", "--query", "q3");
        add(cases, query, "--entries", "--query", "q1", "--entries", "0");
        add(cases, query, "--entries", "--query", "q1", "--entries", "-5");
        add(cases, query, "--entry-size", "--query", "q1", "--entry-size", "100");
        add(cases, query, "--drive-count", "--query", "q1", "--drive-count", "0");
        add(cases, query, "--profile", "--query", "q1", "--profile", "nosuch");
        add(cases, query, "--chunk-size", "--query", "q1", "--chunk-size", "0");
        add(cases, query, "--max-lines", "--query", "q1", "--max-lines", "-1");
        add(cases, query, "--top", "--query", "q2", "--top", "0");
        add(cases, query, "--top", "--query", "q1", "--top", "3");
        add(cases, query, "--predicate", "--query", "filter", "--predicate", "nosuch eq 1");
        add(cases, query, "--variant", "--query", "q1", "--variant", "nosuch");
        add(cases, query, "--input", "--query", "q1", "--input", "osd:///x.bin");
        add(cases, query, "--policy", "--query", "q1", "--policy", "cheapest", "--variant", "device");
        add(cases, query, "--policy", "--query", "q1", "--policy", "cheapest");
        add(cases, query, "--host-profile", "--query", "q1", "--host-profile", "nosuch");
        add(cases, query, "DISTINCT", "--sql", "SELECT DISTINCT type FROM t");
        add(cases, query, "ORDER BY", "--sql", "SELECT type FROM t ORDER BY size");
        add(cases, query, "GROUP BY", "--sql", "SELECT count(*) FROM t GROUP BY type, size, status, region, server");
        add(cases, query, "--sql", "--sql", "SELECT nosuch FROM t");
        add(cases, query, "--sql", "--sql", "SELECT type FROM t WHERE type = 256");
        add(cases, query, "--query", "--sql", "SELECT type FROM t", "--query", "q1");
        add(cases, query, "--layout", "--sql", "SELECT type FROM t", "--layout", "worldcup98");
        add(cases, query, "--layout", "--query", "q1", "--layout", "worldcup98");
        add(cases, query, "--layout-file", "--sql", "SELECT type FROM t", "--drives", "unix:/nosuch", "--input",
                "osd:///x.bin", "--layout-file", missing);

        Supplier<Object> generate = GenerateCommand::new;
        add(cases, generate, "--entries", "--entries", "0", "--out", missing);
        add(cases, generate, "--out", "--entries", "10");
        add(cases, generate, "--out", "--entries", "10", "--out", dir.toString());
        add(cases, generate, "--entry-size", "--entries", "10", "--entry-size", "7", "--out", missing);
        add(cases, generate, "--chunk-size", "--entries", "10", "--chunk-size", "-1", "--out", missing);
        add(cases, generate, "--progress", "--entries", "10", "--progress", "loud", "--out", missing);
        add(cases, generate, "--drives", "--entries", "10", "--out", "osd:///x.bin");

        Supplier<Object> load = LoadCommand::new;
        add(cases, load, missing, "--to", dir.resolve("t.bin").toString(), missing);
        add(cases, load, dir.toString(), "--to", dir.resolve("t.bin").toString(), dir.toString());
        add(cases, load, "--to", "--to", dir.toString(), file);
        add(cases, load, "--entry-size", "--to", dir.resolve("t.bin").toString(), "--entry-size", "0", file);
        add(cases, load, "FILE", "--to", dir.resolve("t.bin").toString());

        Supplier<Object> importer = ImportCommand::new;
        add(cases, importer, "--format", "--format", "xml", "--out", missing, file);
        add(cases, importer, "--zone", "--format", "csv", "--zone", "Mars/Olympus", "--out", missing, file);
        add(cases, importer, missing, "--format", "csv", "--out", dir.resolve("i.bin").toString(), missing);
        add(cases, importer, dir.toString(), "--format", "csv", "--out", dir.resolve("i.bin").toString(),
                dir.toString());

        Supplier<Object> info = InfoCommand::new;
        add(cases, info, "--drives", "osd:///x.bin");
        add(cases, info, "PATH", "--drives", "unix:" + missing);
        add(cases, info, "PATH", "--drives", "unix:" + missing, dir.toString());
        add(cases, info, file, "--drives", "unix:" + missing, file);
        add(cases, info, "osd:x.bin", "--drives", "unix:" + missing, "osd:x.bin");
        add(cases, info, missing, "--drives", "unix:" + missing, "osd:///x.bin");

        Supplier<Object> reproduce = Reproduce::new;
        add(cases, reproduce, "--entries", "--entries", "0");
        add(cases, reproduce, "--entries", "--entries", "-1");
        add(cases, reproduce, "--profile", "--profile", "nosuch");
        add(cases, reproduce, "--host-profile", "--host-profile", "nosuch");
        add(cases, reproduce, "--out", "--out", file + "/report");

        Supplier<Object> wallclock = WallClockQ1::new;
        add(cases, wallclock, "--entries", "--entries", "0");
        add(cases, wallclock, "--runs", "--runs", "0");
        add(cases, wallclock, "--map-slots", "--map-slots", "-2");
        add(cases, wallclock, "--entry-size", "--entry-size", "33");
        add(cases, wallclock, "--profile", "--profile", "nosuch");
        add(cases, wallclock, "--host-profile", "--host-profile", "nosuch");

        Supplier<Object> drive = DriveDaemon::new;
        String socket = dir.resolve("d.sock").toString();
        add(cases, drive, "--drives", "--socket", socket, "--dir", missing, "--drives", "0");
        add(cases, drive, "--pace", "--socket", socket, "--dir", missing, "--pace", "-1");
        add(cases, drive, "--max-inflight", "--socket", socket, "--dir", missing, "--max-inflight", "0");
        add(cases, drive, "--max-connections", "--socket", socket, "--dir", missing, "--max-connections", "0");
        add(cases, drive, "--port", "--port", "99999", "--dir", missing);
        add(cases, drive, "--profile", "--socket", socket, "--dir", missing, "--profile", "nosuch");
        add(cases, drive, "--durability", "--socket", socket, "--dir", missing, "--durability", "never");
        add(cases, drive, "--socket", "--dir", missing);
        add(cases, drive, "--modules", "--socket", socket, "--dir", missing, "--modules", "maybe");
        add(cases, drive, "--module-fuel", "--socket", socket, "--dir", missing, "--module-fuel", "0");
        add(cases, drive, "--module-memory", "--socket", socket, "--dir", missing, "--module-memory", "1000");
        add(cases, drive, "--module-result", "--socket", socket, "--dir", missing, "--module-result", "-1");
        add(cases, drive, "--module-wall-time", "--socket", socket, "--dir", missing, "--module-wall-time", "0");

        Supplier<Object> driveCli = DriveCli::new;
        add(cases, driveCli, "--binding", "-a", "unix:" + socket, "--binding", "CORBA", "info");
        add(cases, driveCli, "nosuch", "-a", "nosuch", "info");
        add(cases, driveCli, socket, "-a", "unix:" + socket, "info");
        add(cases, driveCli, "nosuch", "-a", "unix:" + socket, "nosuch");
        add(cases, driveCli, missing, "-a", "unix:" + socket, "put", missing);
        add(cases, driveCli, folder, "-a", "unix:" + socket, "put", folder);
        add(cases, driveCli, "abc", "-a", "unix:" + socket, "get", "abc", missing);
        add(cases, driveCli, folder, "-a", "unix:" + socket, "get", "1", folder);
        add(cases, driveCli, missing + "/out", "-a", "unix:" + socket, "get", "1", missing + "/out");
        add(cases, driveCli, "x", "-a", "unix:" + socket, "rm", "x");
        add(cases, driveCli, "inputs", "-a", "unix:" + socket, "run", "q1");
        add(cases, driveCli, "--param", "-a", "unix:" + socket, "run", "q1", "1", "--param", "entrySize");
        add(cases, driveCli, folder, "-a", "unix:" + socket, "run", "q1", "1", "--out", folder);
        return cases.stream();
    }

    private static void add(List<Arguments> cases, Supplier<Object> command, String named, String... args) {
        cases.add(Arguments.of(command, String.join(" ", args), named, args));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badOptions")
    void exitsWithTwoAndOneLineNamingTheOption(Supplier<Object> command, String shown, String named, String[] args) {
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(command.get());
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        for (CommandLine sub : cmd.getSubcommands().values()) {
            sub.setErr(cmd.getErr());
        }

        int status = cmd.execute(args);

        String text = err.toString();
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), status, text);
        assertEquals(1, text.lines().count(), "one line, no usage or stack trace: " + text);
        assertTrue(text.contains(named), "names " + named + ": " + text);
    }
}
