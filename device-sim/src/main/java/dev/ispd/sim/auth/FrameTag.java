package dev.ispd.sim.auth;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.sim.hostif.FrameHeader;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The auth_tag of frames under one identity's key (docs/security.md, "Tags"): HMAC-SHA256 over
 * the 64-byte header with the tag zeroed, then the payload. Looking the algorithm up and keying
 * it cost more than hashing a small frame, so a connection keys one {@code FrameTag} and uses it
 * for all its frames (each tag leaves the MAC keyed for the next).
 */
public final class FrameTag {
    private static final String ALGORITHM = "HmacSHA256";

    private final Mac mac;
    private final ByteBuffer head = ByteBuffer.allocate(FrameFormat.HEADER_SIZE);

    private FrameTag(Mac mac) {
        this.mac = mac;
    }

    /** A tagger keyed with {@code key}. */
    public static FrameTag keyed(byte[] key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return new FrameTag(mac);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM lacks " + ALGORITHM + ", which every Java SE has", e);
        }
    }

    /** The tag of a frame with this header (its own tag ignored) and payload (not consumed). */
    public synchronized byte[] compute(FrameHeader header, ByteBuffer payload) {
        header.withoutTag().encode(head.clear());
        mac.update(head.flip());
        mac.update(payload.duplicate());
        return mac.doFinal();
    }

    /** True if the header's tag is the frame's, compared in constant time. */
    public boolean verifies(FrameHeader header, ByteBuffer payload) {
        return MessageDigest.isEqual(compute(header, payload), header.authTag());
    }

    /** The header signed: AUTH set, the identity and sequence, and the tag over it and the payload. */
    public FrameHeader sign(FrameHeader header, long identity, long sequence, ByteBuffer payload) {
        FrameHeader unsigned = header.withAuth(identity, sequence, new byte[FrameFormat.AUTH_TAG_SIZE]);
        return unsigned.withAuth(identity, sequence, compute(unsigned, payload));
    }
}
