package dev.ispd.sim.auth;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.store.IdRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;

/**
 * The identities of the authentication tests, written as a drive's config file with owner-only
 * key files: 1 "owner" (read, write, delete, execute on ordinary objects), 2 "reader" (read and
 * execute on ordinary objects), 3 "journal" (read and write on the osd:// namespace), 4 "admin"
 * (admin on all), 5 "local" (read on all), which the current user is on a Unix socket, and 6
 * "hadoop" (an osd:// client: read, write, delete, execute on ordinary objects and read, write on
 * the namespace), 7 "tenant" (read and write on the objects {@link #TENANT_FIRST} to
 * {@link #TENANT_LAST}), 8 "tenant-b" and 9 "tenant-c" (read, write, delete, execute on
 * {@link #TENANT_B} and {@link #TENANT_C}, and module on the module names {@code b.*} and
 * {@code c.*}), and 10 "small" (read, write, delete, execute on the four ids of {@link #SMALL}).
 */
public final class AuthFixture {
    public static final long OWNER = 1;
    public static final long READER = 2;
    public static final long JOURNAL = 3;
    public static final long ADMIN = 4;
    public static final long LOCAL = 5;
    public static final long HADOOP = 6;
    public static final long TENANT = 7;
    public static final long TENANT_FIRST = 0x100000;
    public static final long TENANT_LAST = 0x1fffff;
    public static final long B = 8;
    public static final long C = 9;
    public static final long SMALL_ID = 10;
    public static final IdRange TENANT_B = new IdRange(0x200000, 0x2fffff);
    public static final IdRange TENANT_C = new IdRange(0x300000, 0x3fffff);
    public static final IdRange SMALL = new IdRange(0x400000, 0x400003);

    private AuthFixture() {
    }

    /** A fixed key per identity: 32 bytes, each the identity's number plus the byte's index. */
    public static byte[] key(long identity) {
        byte[] k = new byte[32];
        for (int i = 0; i < k.length; i++) {
            k[i] = (byte) (identity * 16 + i);
        }
        return k;
    }

    /** A connection to {@code address} authenticated as {@code identity} (fails unless the hello is OK). */
    public static TestClient connect(String address, long identity) throws IOException {
        TestClient c = TestClient.connect(address);
        TestClient.Reply hello = c.authenticate(identity, key(identity));
        if (hello.status() != Status.OK) {
            c.close();
            throw new AssertionError("the hello of identity " + identity + " was " + hello.status() + ": "
                    + hello.message());
        }
        return c;
    }

    /** Writes the config and key files into {@code dir}; returns the config file. */
    public static Path write(Path dir) throws IOException {
        for (long id = OWNER; id <= SMALL_ID; id++) {
            writeKey(dir.resolve("id" + id + ".key"), key(id));
        }
        String json = """
                {
                  "identities": [
                    {"id": 1, "name": "owner", "keyFile": "id1.key",
                     "grants": [{"permissions": ["read", "write", "delete", "execute"], "objects": ["ordinary"]}]},
                    {"id": 2, "name": "reader", "keyFile": "id2.key",
                     "grants": [{"permissions": ["read", "execute"], "objects": ["ordinary"]}]},
                    {"id": 3, "name": "journal", "keyFile": "id3.key",
                     "grants": [{"permissions": ["read", "write"], "objects": ["namespace"]}]},
                    {"id": 4, "name": "admin", "keyFile": "id4.key",
                     "grants": [{"permissions": ["admin"], "objects": ["all"]}]},
                    {"id": 5, "name": "local", "keyFile": "id5.key",
                     "grants": [{"permissions": ["read"], "objects": ["all"]}]},
                    {"id": 6, "name": "hadoop", "keyFile": "id6.key",
                     "grants": [{"permissions": ["read", "write", "delete", "execute"], "objects": ["ordinary"]},
                                {"permissions": ["read", "write"], "objects": ["namespace"]}]},
                    {"id": 7, "name": "tenant", "keyFile": "id7.key",
                     "grants": [{"permissions": ["read", "write"], "objects": ["0x100000-0x1fffff"]}]},
                    {"id": 8, "name": "tenant-b", "keyFile": "id8.key",
                     "grants": [{"permissions": ["read", "write", "delete", "execute"], "objects": ["0x200000-0x2fffff"]},
                                {"permissions": ["module"], "modules": ["b.*"]}]},
                    {"id": 9, "name": "tenant-c", "keyFile": "id9.key",
                     "grants": [{"permissions": ["read", "write", "delete", "execute"], "objects": ["0x300000-0x3fffff"]},
                                {"permissions": ["module"], "modules": ["c.*"]}]},
                    {"id": 10, "name": "small", "keyFile": "id10.key",
                     "grants": [{"permissions": ["read", "write", "delete", "execute"], "objects": ["0x400000-0x400003"]}]}
                  ],
                  "unixUsers": {"%s": 5}
                }
                """.formatted(System.getProperty("user.name"));
        Path config = dir.resolve("auth.json");
        Files.writeString(config, json);
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------")); // whatever the umask
        return config;
    }

    /** A key file in hex, readable only by its owner. */
    public static void writeKey(Path file, byte[] key) throws IOException {
        Files.writeString(file, HexFormat.of().formatHex(key) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
}
