package dev.ispd.sim.auth;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.sim.hostif.FrameHeader;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The auth_tag of a frame (docs/security.md, "Tags"): HMAC-SHA256 under the identity's key over
 * the 64-byte header with the tag zeroed, then the payload.
 */
public final class FrameTag {
    private static final String ALGORITHM = "HmacSHA256";

    private FrameTag() {
    }

    /** The tag of a frame with this header (its own tag ignored) and payload (not consumed). */
    public static byte[] compute(byte[] key, FrameHeader header, ByteBuffer payload) {
        ByteBuffer head = ByteBuffer.allocate(FrameFormat.HEADER_SIZE);
        header.withoutTag().encode(head);
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            mac.update(head.flip());
            mac.update(payload.duplicate());
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM lacks " + ALGORITHM + ", which every Java SE has", e);
        }
    }

    /** True if the header's tag is the frame's, compared in constant time. */
    public static boolean verifies(byte[] key, FrameHeader header, ByteBuffer payload) {
        return MessageDigest.isEqual(compute(key, header, payload), header.authTag());
    }

    /** The header signed: AUTH set, the identity and sequence, and the tag over it and the payload. */
    public static FrameHeader sign(byte[] key, FrameHeader header, long identity, long sequence, ByteBuffer payload) {
        FrameHeader unsigned = header.withAuth(identity, sequence, new byte[FrameFormat.AUTH_TAG_SIZE]);
        return unsigned.withAuth(identity, sequence, compute(key, unsigned, payload));
    }
}
