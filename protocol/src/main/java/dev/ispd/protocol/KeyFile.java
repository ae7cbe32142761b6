package dev.ispd.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * An identity's secret key as both ends keep it (docs/security.md, "Keys"): a file holding the
 * key in hex (at least {@link #MIN_KEY_BYTES} bytes), readable only by its owner. A file that
 * its group or others may read or write is refused, naming it and its mode.
 */
public final class KeyFile {
    /** The shortest key accepted: 128 bits. */
    public static final int MIN_KEY_BYTES = 16;
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private KeyFile() {
    }

    /** Reads and checks a key file; IOException naming the file for any fault. */
    public static byte[] read(Path file) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (view != null) {
            Set<PosixFilePermission> perms = view.readAttributes().permissions();
            if (!OWNER_ONLY.containsAll(perms)) {
                throw new IOException("key file " + file + " has mode " + PosixFilePermissions.toString(perms)
                        + ": its group or others have access to it; make it readable only by its owner (chmod 600 "
                        + file + ")");
            }
        }
        try {
            return parse(Files.readString(file));
        } catch (IllegalArgumentException e) {
            throw new IOException("key file " + file + ": " + e.getMessage(), e);
        }
    }

    /** A key written in hex (surrounding white space ignored); IllegalArgumentException if it is not one. */
    public static byte[] parse(String hex) {
        String text = hex.strip();
        byte[] key;
        try {
            key = HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a key is written as hex digits (an even number of 0-9, a-f), got "
                    + text.length() + " characters that are not", e);
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("a key must be at least " + MIN_KEY_BYTES + " bytes (" + 2 * MIN_KEY_BYTES
                    + " hex digits), got " + key.length);
        }
        return key;
    }
}
