package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.OptionChecks;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The daemon's option defaults are DriveOptions' own: a daemon started without options runs what an embedded drive does. */
class DriveDaemonDefaultsTest {
    @Test
    void aDaemonWithoutOptionsRunsTheDriveOptionsDefaults() throws Exception {
        DriveDaemon daemon = new DriveDaemon();
        CommandLine cmd = new CommandLine(daemon);
        cmd.parseArgs("--socket", "/tmp/unused.sock", "--dir", "/tmp/unused");
        assertEquals(DriveOptions.defaults(), daemon.options(OptionChecks.of(cmd)));
    }

    @Test
    void anOptionGivenChangesOnlyItsOwnValue() throws Exception {
        DriveDaemon daemon = new DriveDaemon();
        CommandLine cmd = new CommandLine(daemon);
        cmd.parseArgs("--socket", "/tmp/unused.sock", "--dir", "/tmp/unused", "--max-inflight", "3");
        DriveOptions options = daemon.options(OptionChecks.of(cmd));
        assertNotEquals(DriveOptions.defaults(), options);
        assertEquals(DriveOptions.defaults().toBuilder().maxInflight(3).build(), options);
    }

    @Test
    void paceFromMakesADriveThatSlowsDownMidRun() throws Exception {
        DriveDaemon daemon = new DriveDaemon();
        CommandLine cmd = new CommandLine(daemon);
        cmd.parseArgs("--socket", "/tmp/unused.sock", "--dir", "/tmp/unused", "--pace", "4", "--pace-from", "7");
        DriveOptions options = daemon.options(OptionChecks.of(cmd));
        assertEquals(DriveOptions.defaults().toBuilder().pace(4, 7).build(), options);
        assertEquals(7, options.pacedFrom());
    }

    @Test
    void aPaceFromBelowOneIsRefusedNamingTheOption() {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new DriveDaemon());
        cmd.setErr(new PrintWriter(err));
        assertEquals(2, cmd.execute("--socket", "/tmp/unused.sock", "--dir", "/tmp/unused", "--pace-from", "0"));
        assertTrue(err.toString().contains("--pace-from"), err.toString());
    }

    @Test
    void theHelpShowsTheDefaultsTheDriveRuns() {
        StringWriter help = new StringWriter();
        new CommandLine(new DriveDaemon()).usage(new PrintWriter(help));
        String text = help.toString().replaceAll("\\s+", " ");
        DriveOptions d = DriveOptions.defaults();
        for (String shown : new String[] {"BUSY (default: " + d.maxInflight() + ")",
                "(default: " + d.server().idleTimeout().toMillis() + ")",
                "(default: " + d.modules().limits().instructions() + ")", "Default: " + d.durability() + "."}) {
            assertTrue(text.contains(shown), "help lacks " + shown + ":\n" + text);
        }
    }
}
