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
    void moduleGrantsNameTheirModulesAndNoTwoIdentitiesShareAName() throws IOException {
        AuthConfig config = AuthConfig.load(AuthFixture.write(dir));
        assertTrue(config.identity(AuthFixture.B).mayModule("b.q1"));
        assertFalse(config.identity(AuthFixture.B).mayModule("c.q1"));
        assertFalse(config.identity(AuthFixture.OWNER).mayModule("q1"));
        assertTrue(config.identity(AuthFixture.ADMIN).mayModule("anything"));
        AuthFixture.writeKey(dir.resolve("k2.key"), AuthFixture.key(2));
        assertRefused(identities("{\"permissions\": [\"module\"], \"modules\": [\"etl.*\"]}",
                "{\"permissions\": [\"module\"], \"modules\": [\"etl.q1\"]}"), "identity 1 (one) and identity 2 (two)",
                "etl.* and etl.q1", "replaceable");
        assertRefused(identities("{\"permissions\": [\"module\"]}", "{\"permissions\": [\"read\"], \"objects\": "
                + "[\"all\"]}"), "identity 1", "a grant of module lists the \"modules\"");
        assertRefused(identities("{\"permissions\": [\"module\"], \"modules\": [\"a b\"]}", "{\"permissions\": "
                + "[\"read\"], \"objects\": [\"all\"]}"), "identity 1", "\"a b\"");
    }

    /** A config of two identities, "one" and "two", with one grant each. */
    private String identities(String grantOfOne, String grantOfTwo) throws IOException {
        AuthFixture.writeKey(dir.resolve("k1.key"), AuthFixture.key(1));
        AuthFixture.writeKey(dir.resolve("k2.key"), AuthFixture.key(2));
        return "{\"identities\": [{\"id\": 1, \"name\": \"one\", \"keyFile\": \"k1.key\", \"grants\": [" + grantOfOne
                + "]}, {\"id\": 2, \"name\": \"two\", \"keyFile\": \"k2.key\", \"grants\": [" + grantOfTwo + "]}]}";
    }

    @Test
    void weakConfigsAreRefusedNamingTheFileUnlessAllowed() throws IOException {
        String fine = identities("{\"permissions\": [\"read\"], \"objects\": [\"all\"]}",
                "{\"permissions\": [\"read\"], \"objects\": [\"all\"]}");
        Path config = dir.resolve("weak.json");
        Files.writeString(config, fine);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertWeak(config, "auth config " + config + " has mode rw-rw-rw-", "--insecure-auth-config");

        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        AuthFixture.writeKey(dir.resolve("k1.key"), new byte[32]);
        assertWeak(config, "key file " + dir.resolve("k1.key"), "one byte repeated (0x00)");

        AuthFixture.writeKey(dir.resolve("k1.key"), AuthFixture.key(2));
        assertWeak(config, "identity 1 (one) (key file " + dir.resolve("k1.key") + ") and identity 2 (two) (key file "
                + dir.resolve("k2.key") + ") have the same key");
    }

    private static void assertWeak(Path config, String... fragments) throws IOException {
        IOException e = assertThrows(IOException.class, () -> AuthConfig.load(config));
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "message '" + e.getMessage() + "' lacks '" + f + "'");
        }
        assertEquals(2, AuthConfig.load(config, true).identities().size(), "allowed, with a warning");
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
