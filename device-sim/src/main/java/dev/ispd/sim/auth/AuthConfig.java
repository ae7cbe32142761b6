package dev.ispd.sim.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.protocol.KeyFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * A drive's authentication and access configuration (docs/security.md, "Configuration"): the
 * identities it knows, each with a key file and grants, and which local users on a Unix socket
 * are which identity. Read from a JSON file; any fault is an IOException naming the file and
 * the identity or field.
 */
public final class AuthConfig {
    private static final Logger LOG = Logger.getLogger(AuthConfig.class.getName());

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

    record GrantEntry(List<String> permissions, List<String> objects, List<String> modules) {
    }

    /** The daemon's option that lets a weak config start (docs/security.md, "Weak configs"). */
    public static final String INSECURE_OPTION = "--insecure-auth-config";

    /** Reads a config file, refusing a weak one; key files are found relative to its folder. */
    public static AuthConfig load(Path file) throws IOException {
        return load(file, false);
    }

    /**
     * Reads a config file; key files are found relative to its folder. A weak config (see
     * {@link ConfigWeaknesses}) is refused naming the file, unless {@code allowWeak}: then each
     * weakness is logged as a warning.
     */
    public static AuthConfig load(Path file, boolean allowWeak) throws IOException {
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
        ConfigWeaknesses weaknesses = new ConfigWeaknesses();
        weaknesses.checkConfigFile(file);
        Map<Long, Identity> byId = new HashMap<>();
        for (IdentityEntry e : contents.identities()) {
            Identity identity = identity(file, folder, e);
            if (byId.put(identity.id(), identity) != null) {
                throw new IOException("auth config " + file + ": identity " + e.id() + " is listed twice");
            }
            weaknesses.checkKey(identity, folder.resolve(e.keyFile()));
        }
        for (String weakness : weaknesses.found()) {
            if (!allowWeak) {
                throw new IOException(weakness + "; fix it, or start the drive with " + INSECURE_OPTION
                        + " to accept a weak config (a warning is logged)");
            }
            LOG.warning(weakness + " (accepted: " + INSECURE_OPTION + ")");
        }
        checkModuleNamesApart(file, contents.identities().stream().map(e -> byId.get(e.id())).toList());
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
        if (g.permissions() == null) {
            throw new IllegalArgumentException("a grant lists \"permissions\"");
        }
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        g.permissions().forEach(p -> permissions.add(Permission.parse(p)));
        boolean module = permissions.contains(Permission.MODULE);
        boolean onObjects = permissions.stream().anyMatch(p -> p != Permission.MODULE);
        if (onObjects && g.objects() == null) {
            throw new IllegalArgumentException("a grant of " + permissions + " lists the \"objects\" it covers");
        }
        if (module != (g.modules() != null)) {
            throw new IllegalArgumentException(module ? "a grant of module lists the \"modules\" (names) it covers"
                    : "a grant lists \"modules\" only with the module permission");
        }
        return new Identity.Grant(permissions,
                g.objects() == null ? List.of() : g.objects().stream().map(ObjectRange::parse).toList(),
                module ? g.modules().stream().map(ModuleNames::parse).toList() : List.of());
    }

    /**
     * One tenant's module names are never another's: two identities (admins aside, who may load
     * any module) whose module grants cover a common name stop the drive at start.
     */
    private static void checkModuleNamesApart(Path file, List<Identity> identities) throws IOException {
        for (int i = 0; i < identities.size(); i++) {
            Identity a = identities.get(i);
            for (Identity b : identities.subList(i + 1, identities.size())) {
                if (a.isAdmin() || b.isAdmin()) {
                    continue;
                }
                for (ModuleNames x : a.moduleNames()) {
                    for (ModuleNames y : b.moduleNames()) {
                        if (x.overlaps(y)) {
                            throw new IOException("auth config " + file + ": " + a + " and " + b + " are both granted "
                                    + "module on names they share (" + x + " and " + y + "); one identity's modules "
                                    + "must not be replaceable by another, so give each its own names");
                        }
                    }
                }
            }
        }
    }

    /** Every identity it lists. */
    public Collection<Identity> identities() {
        return identities.values();
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
