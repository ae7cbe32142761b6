package dev.ispd.client;

import dev.ispd.protocol.KeyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Who a client is to drives that authenticate (docs/security.md): an identity (1..2^32-1) and its
 * secret key. {@link #toString} never shows the key; two are equal if identity and key are.
 */
public final class Credentials {
    private final long identity;
    private final byte[] key;

    public Credentials(long identity, byte[] key) {
        if (identity < 1 || identity > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("an identity is 1..4294967295 (0 is anonymous), got " + identity);
        }
        if (key.length < KeyFile.MIN_KEY_BYTES) {
            throw new IllegalArgumentException("a key is at least " + KeyFile.MIN_KEY_BYTES + " bytes, got "
                    + key.length);
        }
        this.identity = identity;
        this.key = key.clone();
    }

    /** The identity with the key of an owner-only key file (hex). */
    public static Credentials fromKeyFile(long identity, Path keyFile) throws IOException {
        return new Credentials(identity, KeyFile.read(keyFile));
    }

    /** The identity with a key written in hex, as a credential store or config holds it. */
    public static Credentials fromHex(long identity, String hexKey) {
        return new Credentials(identity, KeyFile.parse(hexKey));
    }

    public long identity() {
        return identity;
    }

    int keyLength() {
        return key.length;
    }

    void copyKeyTo(ByteBuffer b) {
        b.put(0, key);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Credentials c && identity == c.identity && java.security.MessageDigest.isEqual(key, c.key);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(identity);
    }

    @Override
    public String toString() {
        return "identity " + identity;
    }
}
