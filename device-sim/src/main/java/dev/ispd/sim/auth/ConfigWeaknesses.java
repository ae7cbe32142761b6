package dev.ispd.sim.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What makes an auth config weak though well formed (docs/security.md, "Weak configs"): a config
 * file its group or others may write (they could grant themselves anything), a key of one
 * repeated byte (all zero, for instance: anyone can guess it), and two identities with the same
 * key (each can sign as the other). Each weakness names the file it is in.
 */
final class ConfigWeaknesses {
    private final List<String> found = new ArrayList<>();
    private final Map<String, String> keyHolders = new HashMap<>();

    /** Notes a config file others may write. */
    void checkConfigFile(Path file) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
            found.add("auth config " + file + " has mode " + PosixFilePermissions.toString(perms) + ": its group or "
                    + "others may write it and so grant themselves anything (chmod 600 " + file + ")");
        }
    }

    /** Notes a guessable key, or one another identity holds too. */
    void checkKey(Identity identity, Path keyFile) {
        byte[] key = identity.key();
        boolean repeated = true;
        for (byte b : key) {
            repeated &= b == key[0];
        }
        if (repeated) {
            found.add("key file " + keyFile + " of " + identity + " is one byte repeated (0x"
                    + HexFormat.of().toHexDigits(key[0]) + "): anyone can guess it (make one with openssl rand -hex 32)");
        }
        String holder = keyHolders.putIfAbsent(HexFormat.of().formatHex(key), identity + " (key file " + keyFile + ")");
        if (holder != null) {
            found.add(holder + " and " + identity + " (key file " + keyFile + ") have the same key: each can sign as "
                    + "the other; give every identity its own key");
        }
    }

    List<String> found() {
        return List.copyOf(found);
    }
}
