package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Failure G's checks outside the frames: a drive reachable from the network without
 * authentication needs an explicit flag, a key file others may read stops the daemon, and an
 * EXECUTE may not write its result over its own input on any drive.
 */
class DaemonSecurityTest {
    @TempDir
    Path dir;

    private String refusal(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new DriveDaemon()).setErr(new PrintWriter(err));
        assertNotEquals(0, cmd.execute(args), err::toString);
        return err.toString();
    }

    @Test
    void aNonLoopbackBindWithoutAuthenticationNeedsTheInsecureFlag() {
        String err = refusal("--port", "0", "--bind", "0.0.0.0", "--dir", dir.toString());
        assertTrue(err.contains("--bind 0.0.0.0 is not a loopback address") && err.contains("--insecure-bind")
                && err.contains("--auth-config"), err);
    }

    @Test
    void aKeyFileOthersMayReadStopsTheDaemonNamingIt() throws Exception {
        Path config = AuthFixture.write(dir);
        Path key = dir.resolve("id1.key");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw----"));
        String err = refusal("--port", "0", "--auth-config", config.toString(), "--dir", dir.resolve("d").toString());
        assertTrue(err.contains("key file " + key) && err.contains("rw-rw----"), err);
    }

    @Test
    void aWeakAuthConfigStopsTheDaemonNamingTheFileAndTheFlag() throws Exception {
        Path config = AuthFixture.write(dir);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-rw-"));
        String err = refusal("--port", "0", "--auth-config", config.toString(), "--dir", dir.resolve("d").toString());
        assertTrue(err.contains("auth config " + config + " has mode rw-rw-rw-") && err.contains("--insecure-auth-config"),
                err);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        AuthFixture.writeKey(dir.resolve("id3.key"), new byte[32]);
        err = refusal("--port", "0", "--auth-config", config.toString(), "--dir", dir.resolve("d").toString());
        assertTrue(err.contains("key file " + dir.resolve("id3.key")) && err.contains("one byte repeated"), err);
    }

    @Test
    void anExecuteWhoseOutputIsItsInputIsRefusedAndChangesNothing() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1); TestClient c = TestClient.connect(drives.address(0))) {
            long in = c.create(0);
            byte[] data = new byte[4096];
            c.write(in, 0, data);
            long noop = c.createTasklet("noop", Params.EMPTY);
            TestClient.Reply r = c.call(new Requests.Execute(noop, in, Params.EMPTY, List.of(new Extent(in, 0, 4096))));
            assertEquals(Status.BAD_PARAMETER, r.status());
            assertTrue(r.message().contains("output_id " + in + " is also the object of extent 0"), r.message());
            assertEquals(4096, c.stat(in).size());
        }
    }
}
