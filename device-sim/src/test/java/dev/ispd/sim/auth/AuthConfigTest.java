package dev.ispd.sim.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ReservedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a drive's auth config: the grants it gives, and a clear refusal of every bad file. */
class AuthConfigTest {
    @TempDir
    Path dir;

    @Test
    void grantsCoverTheirRangesOnly() throws IOException {
        AuthConfig config = AuthConfig.load(AuthFixture.write(dir));
        Identity reader = config.identity(AuthFixture.READER);
        assertTrue(reader.may(Permission.READ, 42));
        assertFalse(reader.may(Permission.WRITE, 42));
        assertFalse(reader.may(Permission.READ, ReservedValues.WELL_KNOWN_ID_FIRST));
        Identity journal = config.identity(AuthFixture.JOURNAL);
        assertTrue(journal.may(Permission.WRITE, ReservedValues.WELL_KNOWN_ID_FIRST + 1));
        assertTrue(journal.may(Permission.WRITE, -1L), "the journal's last segment id");
        assertFalse(journal.may(Permission.WRITE, ReservedValues.WELL_KNOWN_ID_FIRST - 1));
        Identity admin = config.identity(AuthFixture.ADMIN);
        assertTrue(admin.may(Permission.DELETE, -1L) && admin.isAdmin());
        assertEquals(config.identity(AuthFixture.LOCAL), config.unixUser(System.getProperty("user.name")));
    }

    @Test
    void aKeyFileOthersMayReadIsRefusedNamingIt() throws IOException {
        Path config = AuthFixture.write(dir);
        Path key = dir.resolve("id2.key");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        IOException e = assertThrows(IOException.class, () -> AuthConfig.load(config));
        assertTrue(e.getMessage().contains("key file " + key) && e.getMessage().contains("rw-r--r--")
                && e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void badContentsAreRefusedNamingTheFieldOrIdentity() throws IOException {
        AuthFixture.writeKey(dir.resolve("k.key"), AuthFixture.key(1));
        assertRefused("{\"identities\": [{\"id\": 1, \"keyFile\": \"k.key\", \"grants\": "
                + "[{\"permissions\": [\"fly\"], \"objects\": [\"all\"]}]}]}", "identity 1", "unknown permission \"fly\"");
        assertRefused("{\"identities\": [{\"id\": 1, \"keyFile\": \"k.key\", \"grants\": "
                + "[{\"permissions\": [\"read\"], \"objects\": [\"9-3\"]}]}]}", "identity 1", "9-3");
        assertRefused("{\"identities\": [{\"id\": 0, \"keyFile\": \"k.key\"}]}", "identity 0", "1..4294967295");
        assertRefused("{\"identities\": [{\"id\": 1, \"keyFile\": \"k.key\"}], \"unixUsers\": {\"bob\": 9}}",
                "\"bob\"", "identity 9");
        assertRefused("{\"identities\": [{\"id\": 1, \"keyfile\": \"k.key\"}]}", "keyfile", "line 1");
        assertRefused("{\"identities\": []}", "no identities");
    }

    @Test
    void aShortOrNonHexKeyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> dev.ispd.protocol.KeyFile.parse("00ff"));
        assertThrows(IllegalArgumentException.class, () -> dev.ispd.protocol.KeyFile.parse("zz".repeat(16)));
        assertEquals(16, dev.ispd.protocol.KeyFile.parse(" " + "ab".repeat(16) + "\n").length);
    }

    private void assertRefused(String json, String... fragments) throws IOException {
        Path config = dir.resolve("bad.json");
        Files.writeString(config, json);
        IOException e = assertThrows(IOException.class, () -> AuthConfig.load(config));
        assertTrue(e.getMessage().contains(config.toString()), e.getMessage());
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "message '" + e.getMessage() + "' lacks '" + f + "'");
        }
    }
}
