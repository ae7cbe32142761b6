package dev.ispd.sim.hostif;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Status;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The fixed 64-byte frame header (docs/protocol.md "Frame header"). {@code reserved} (bytes
 * 22-23) is written as zero by this side and means nothing, but is kept as received: the auth tag
 * covers every header byte as sent (docs/security.md, "Frames"). {@code payloadLen},
 * {@code identity} and {@code sequence} are u32 held in longs; the last two and the tag are
 * meaningful only with the AUTH flag.
 */
public record FrameHeader(int magic, int version, int opcode, int flags, long requestId, long payloadLen,
                          int status, int reserved, long identity, long sequence, byte[] authTag) {
    private static final byte[] NO_TAG = new byte[FrameFormat.AUTH_TAG_SIZE];

    public FrameHeader {
        if (authTag.length != FrameFormat.AUTH_TAG_SIZE) {
            throw new IllegalArgumentException("auth_tag must be 32 bytes, got " + authTag.length);
        }
        authTag = authTag.clone();
    }

    @Override
    public byte[] authTag() {
        return authTag.clone();
    }

    /** A request header (anonymous, no tag). */
    public static FrameHeader request(int opcode, long requestId, long payloadLen) {
        return new FrameHeader(FrameFormat.MAGIC, FrameFormat.PROTOCOL_VERSION, opcode, 0, requestId, payloadLen, 0, 0, 0,
                0, NO_TAG);
    }

    /** The header of the answer to a request with this opcode and id. */
    public static FrameHeader response(int opcode, long requestId, long payloadLen, Status status) {
        return new FrameHeader(FrameFormat.MAGIC, FrameFormat.PROTOCOL_VERSION, opcode, FrameFormat.FLAG_RESPONSE,
                requestId, payloadLen, status.code(), 0, 0, 0, NO_TAG);
    }

    /** This header with the AUTH flag, the identity, the sequence number and the tag set. */
    public FrameHeader withAuth(long identity, long sequence, byte[] tag) {
        return new FrameHeader(magic, version, opcode, flags | FrameFormat.FLAG_AUTH, requestId, payloadLen, status,
                reserved, identity, sequence, tag);
    }

    /** This header with the tag zeroed: what a tag is computed over. */
    public FrameHeader withoutTag() {
        return new FrameHeader(magic, version, opcode, flags, requestId, payloadLen, status, reserved, identity, sequence,
                NO_TAG);
    }

    public boolean isAuthenticated() {
        return (flags & FrameFormat.FLAG_AUTH) != 0;
    }

    public boolean isResponse() {
        return (flags & FrameFormat.FLAG_RESPONSE) != 0;
    }

    /** Reads 64 bytes at the buffer's position (the position moves past them). */
    public static FrameHeader decode(ByteBuffer in) {
        ByteBuffer b = in.slice().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < FrameFormat.HEADER_SIZE) {
            throw new IllegalArgumentException("a header needs " + FrameFormat.HEADER_SIZE + " bytes, got "
                    + b.remaining());
        }
        in.position(in.position() + FrameFormat.HEADER_SIZE);
        int magic = b.getInt(0);
        int version = b.get(4) & 0xFF;
        int opcode = b.get(5) & 0xFF;
        int flags = b.getShort(6) & 0xFFFF;
        long requestId = b.getLong(8);
        long payloadLen = b.getInt(16) & 0xFFFF_FFFFL;
        int status = b.getShort(20) & 0xFFFF;
        int reserved = b.getShort(22) & 0xFFFF;
        long identity = b.getInt(24) & 0xFFFF_FFFFL;
        long sequence = b.getInt(28) & 0xFFFF_FFFFL;
        byte[] tag = new byte[FrameFormat.AUTH_TAG_SIZE];
        b.position(32).get(tag);
        return new FrameHeader(magic, version, opcode, flags, requestId, payloadLen, status, reserved, identity, sequence,
                tag);
    }

    /** Writes 64 bytes at the buffer's position (the position moves past them). */
    public void encode(ByteBuffer out) {
        ByteBuffer b = out.slice().order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(magic).put((byte) version).put((byte) opcode).putShort((short) flags).putLong(requestId)
                .putInt((int) payloadLen).putShort((short) status).putShort((short) reserved).putInt((int) identity)
                .putInt((int) sequence).put(authTag);
        out.position(out.position() + FrameFormat.HEADER_SIZE);
    }

    /**
     * Checks what a drive checks before reading the payload, in the order of
     * {@code ispd_header_decode}: magic, version, flags, payload length. The failures all end the
     * connection. Returns null when the header can be trusted.
     */
    public StatusException checkFraming() {
        if (magic != FrameFormat.MAGIC) {
            return new StatusException(Status.BAD_MAGIC, String.format(
                    "bad magic 0x%08x in frame header, expected 0x%08x (\"ISPD\")", magic, FrameFormat.MAGIC));
        }
        if (version != FrameFormat.PROTOCOL_VERSION) {
            return new StatusException(Status.BAD_VERSION,
                    "protocol version " + version + " is not supported; this drive speaks version "
                            + FrameFormat.PROTOCOL_VERSION);
        }
        int unknown = flags & ~(FrameFormat.FLAG_RESPONSE | FrameFormat.FLAG_AUTH);
        if (unknown != 0) {
            return new StatusException(Status.BAD_FLAGS, String.format("undefined flag bits 0x%04x set in frame header", unknown));
        }
        if (payloadLen > Limits.MAX_PAYLOAD) {
            return new StatusException(Status.PAYLOAD_TOO_LARGE,
                    "payload_len " + payloadLen + " exceeds the limit of " + Limits.MAX_PAYLOAD + " bytes");
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrameHeader h && magic == h.magic && version == h.version && opcode == h.opcode
                && flags == h.flags && requestId == h.requestId && payloadLen == h.payloadLen && status == h.status
                && reserved == h.reserved
                && identity == h.identity && sequence == h.sequence && Arrays.equals(authTag, h.authTag);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(requestId) * 31 + opcode;
    }

    @Override
    public String toString() {
        return "FrameHeader{opcode=0x" + Integer.toHexString(opcode) + ", flags=" + flags + ", requestId=" + requestId
                + ", payloadLen=" + payloadLen + ", status=" + status + "}";
    }
}
