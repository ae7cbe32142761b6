package dev.ispd.protocol;

/**
 * The fixed frame header's constants (docs/protocol.md "Frame header"); each is the
 * {@code ISPD_}-prefixed {@code #define} of the same name in {@code ispd.h}.
 */
public final class FrameFormat {
    /** The version this code speaks; a frame of another version ends the connection. */
    public static final int PROTOCOL_VERSION = 1;
    /** The bytes {@code I S P D} read as a little-endian u32. */
    public static final int MAGIC = 0x44505349;
    /** Bytes of the header before every payload. */
    public static final int HEADER_SIZE = 64;
    /** Set by the drive on every response. */
    public static final int FLAG_RESPONSE = 0x0001;
    /** The identity, sequence and authentication tag are valid (docs/security.md). */
    public static final int FLAG_AUTH = 0x0002;
    /** Bytes of the HMAC-SHA256 tag at the end of the header. */
    public static final int AUTH_TAG_SIZE = 32;

    private FrameFormat() {
    }
}
