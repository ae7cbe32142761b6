package dev.ispd.sim.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.protocol.KeyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A drive's authentication and access configuration (docs/security.md, "Configuration"): the
 * identities it knows, each with a key file and grants, and which local users on a Unix socket
 * are which identity. Read from a JSON file; any fault is an IOException naming the file and
 * the identity or field.
 */
public final class AuthConfig {
    private final Map<Long, Identity> identities;
    private final Map<String, Identity> unixUsers;

    private AuthConfig(Map<Long, Identity> identities, Map<String, Identity> unixUsers) {
        this.identities = Map.copyOf(identities);
        this.unixUsers = Map.copyOf(unixUsers);
    }

    /** The file's shape, as Jackson reads it. */
    record FileContents(List<IdentityEntry> identities, Map<String, Long> unixUsers) {
    }

    record IdentityEntry(long id, String name, String keyFile, List<GrantEntry> grants) {
    }

    record GrantEntry(List<String> permissions, List<String> objects) {
    }

    /** Reads a config file; key files are found relative to its folder. */
    public static AuthConfig load(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        FileContents contents;
        try {
            contents = json.readValue(file.toFile(), FileContents.class);
        } catch (JsonProcessingException e) {
            throw new IOException("auth config " + file + ": " + e.getOriginalMessage() + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")", e);
        }
        if (contents.identities() == null || contents.identities().isEmpty()) {
            throw new IOException("auth config " + file + " names no identities; a drive that authenticates "
                    + "needs at least one");
        }
        Path folder = file.toAbsolutePath().getParent();
        Map<Long, Identity> byId = new HashMap<>();
        for (IdentityEntry e : contents.identities()) {
            Identity identity = identity(file, folder, e);
            if (byId.put(identity.id(), identity) != null) {
                throw new IOException("auth config " + file + ": identity " + e.id() + " is listed twice");
            }
        }
        Map<String, Identity> users = new HashMap<>();
        if (contents.unixUsers() != null) {
            for (Map.Entry<String, Long> u : contents.unixUsers().entrySet()) {
                Identity identity = byId.get(u.getValue());
                if (identity == null) {
                    throw new IOException("auth config " + file + ": unixUsers maps \"" + u.getKey()
                            + "\" to identity " + u.getValue() + ", which is not listed");
                }
                users.put(u.getKey(), identity);
            }
        }
        return new AuthConfig(byId, users);
    }

    private static Identity identity(Path file, Path folder, IdentityEntry e) throws IOException {
        String where = "auth config " + file + ", identity " + e.id();
        if (e.id() < 1 || e.id() > 0xFFFF_FFFFL) {
            throw new IOException(where + ": an identity is a number 1..4294967295 (u32, 0 is anonymous)");
        }
        if (e.keyFile() == null) {
            throw new IOException(where + ": keyFile is missing");
        }
        byte[] key = KeyFile.read(folder.resolve(e.keyFile()));
        try {
            List<Identity.Grant> grants = e.grants() == null ? List.of()
                    : e.grants().stream().map(AuthConfig::grant).toList();
            return new Identity(e.id(), e.name() == null ? "identity " + e.id() : e.name(), key, grants);
        } catch (IllegalArgumentException | NullPointerException bad) {
            throw new IOException(where + ": " + bad.getMessage(), bad);
        }
    }

    private static Identity.Grant grant(GrantEntry g) {
        if (g.permissions() == null || g.objects() == null) {
            throw new IllegalArgumentException("a grant lists \"permissions\" and \"objects\"");
        }
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        g.permissions().forEach(p -> permissions.add(Permission.parse(p)));
        return new Identity.Grant(permissions, g.objects().stream().map(ObjectRange::parse).toList());
    }

    /** The identity with this wire number, or null. */
    public Identity identity(long id) {
        return identities.get(id);
    }

    /** The identity a local user on a Unix socket is, or null. */
    public Identity unixUser(String name) {
        return unixUsers.get(name);
    }

    /** True if some local users are identities without tagging their frames. */
    public boolean mapsUnixUsers() {
        return !unixUsers.isEmpty();
    }
}
