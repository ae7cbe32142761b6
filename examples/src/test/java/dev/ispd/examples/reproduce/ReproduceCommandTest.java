package dev.ispd.examples.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad options of {@code ispd reproduce} are one line naming the option, before anything runs. */
class ReproduceCommandTest {
    @TempDir
    Path dir;

    @Test
    void unknownDeviceProfileIsNamed() {
        String err = runExpectingUsageError("--profile", "smartssd-2099", "--out", dir.resolve("r").toString());
        assertTrue(err.contains("--profile must be one of [") && err.contains("got 'smartssd-2099'") && err.contains("smartssd-2013"), err);
        assertFalse(Files.exists(dir.resolve("r")), "nothing written");
    }

    @Test
    void unknownHostProfileIsNamed() {
        String err = runExpectingUsageError("--host-profile", "host-z80");
        assertTrue(err.contains("--host-profile must be one of [") && err.contains("got 'host-z80'") && err.contains("host-i5-2500"), err);
    }

    @Test
    void tooFewEntriesAreRejected() {
        String err = runExpectingUsageError("--entries", "10");
        assertTrue(err.contains("--entries 10: entries must be between 5000"), err);
    }

    @Test
    void entriesDoNotApplyToTheSpuReproduction() {
        String err = runExpectingUsageError("--spu", "--entries", "20000", "--out", dir.resolve("r").toString());
        assertTrue(err.contains("--entries and --full do not apply to --spu"), err);
        assertFalse(Files.exists(dir.resolve("r")), "nothing written");
    }

    @Test
    void helpStatesTheRangeOfEntries() {
        StringWriter out = new StringWriter();
        assertEquals(0, CommandLines.of(new Reproduce()).setOut(new PrintWriter(out)).execute("--help"));
        assertTrue(out.toString().replaceAll("\\s+", " ").contains("entries per dataset, 5000 to 70000000"),
                out.toString());
    }

    @Test
    void scaledBytesFollowTheEntryCount() {
        Settings tenth = new Settings(Settings.DEFAULT_ENTRIES, 1, "smartssd-2013", "host-i5-2500");
        assertEquals((Settings.PAPER_GIGABYTE / 8192 / 10) * 8192, tenth.scaledBytes(Settings.PAPER_GIGABYTE, 8192));
        Settings full = new Settings(Settings.PAPER_ENTRIES, 1, "smartssd-2013", "host-i5-2500");
        assertEquals(Settings.PAPER_GIGABYTE, full.scaledBytes(Settings.PAPER_GIGABYTE, 8192));
        assertTrue(full.full() && !tenth.full());
    }

    private String runExpectingUsageError(String... args) {
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new Reproduce())
                .setErr(new PrintWriter(err)).execute(args);
        assertEquals(2, status, err.toString());
        return err.toString();
    }
}
