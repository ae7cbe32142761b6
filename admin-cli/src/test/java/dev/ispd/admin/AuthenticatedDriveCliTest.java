package dev.ispd.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** drive-cli against a drive that authenticates: --identity and --key-file, and each refusal. */
class AuthenticatedDriveCliTest {
    @TempDir
    static Path dir;
    private static EmbeddedDrives drives;

    @BeforeAll
    static void startDrive() throws Exception {
        drives = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir))).start();
    }

    @AfterAll
    static void stopDrive() throws Exception {
        drives.close();
    }

    private record Run(int status, String out, String err) {
    }

    private static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 2];
        all[0] = "-a";
        all[1] = drives.address(0);
        System.arraycopy(args, 0, all, 2, args.length);
        int status = CommandLines.of(new DriveCli(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .setErr(new PrintWriter(err, true)).execute(all);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    @Test
    void anIdentityWithItsKeyFileIsServed() throws Exception {
        Path file = Files.write(dir.resolve("data.bin"), new byte[1000]);
        Run put = cli("--identity", "1", "--key-file", dir.resolve("id1.key").toString(), "put", file.toString());
        assertEquals(0, put.status(), put.err());
        Run ls = cli("--identity", "2", "--key-file", dir.resolve("id2.key").toString(), "ls");
        assertEquals(0, ls.status(), ls.err());
    }

    @Test
    void eachRefusalNamesItsCause() throws Exception {
        Run anonymous = cli("ls");
        assertNotEquals(0, anonymous.status());
        assertTrue(anonymous.err().contains("AUTH_REQUIRED"), anonymous.err());

        Run wrongKey = cli("--identity", "1", "--key-file", dir.resolve("id2.key").toString(), "ls");
        assertTrue(wrongKey.err().contains("AUTH_FAILED"), wrongKey.err());

        Path loose = dir.resolve("loose.key");
        AuthFixture.writeKey(loose, AuthFixture.key(1));
        Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rw-r--r--"));
        Run looseKey = cli("--identity", "1", "--key-file", loose.toString(), "ls");
        assertTrue(looseKey.err().contains("key file " + loose) && looseKey.err().contains("chmod 600"),
                looseKey.err());

        Run half = cli("--identity", "1", "ls");
        assertTrue(half.err().contains("--identity and --key-file go together"), half.err());
    }
}
