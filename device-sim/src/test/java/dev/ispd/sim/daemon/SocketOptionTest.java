package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code drive --socket BADPATH --dir NEW} refuses before it creates a store under NEW. */
class SocketOptionTest {
    @TempDir
    Path dir;

    private String refused(String socket, Path data) {
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new DriveDaemon()).setErr(new PrintWriter(err, true))
                .execute("--socket", socket, "--dir", data.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), status, err.toString());
        assertFalse(Files.exists(data), "no store was created: " + data);
        return err.toString();
    }

    @Test
    void aSocketInAMissingDirectoryOrTooLongIsRefusedBeforeAnyStoreExists() {
        Path missing = dir.resolve("no/such/dir/d.sock");
        String err = refused(missing.toString(), dir.resolve("new"));
        assertTrue(err.contains("--socket") && err.contains(missing.toString())
                && err.contains("a path in an existing directory"), err);

        String tooLong = dir.resolve("s".repeat(120) + ".sock").toString();
        err = refused(tooLong, dir.resolve("new2"));
        assertTrue(err.contains("at most 107 bytes long"), err);
    }
}
