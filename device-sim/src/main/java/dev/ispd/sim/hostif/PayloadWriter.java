package dev.ispd.sim.hostif;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes the fields of one payload, little-endian, into a direct buffer that grows on demand
 * (up to {@link Limits#MAX_PAYLOAD}) and is kept for the next payload: a connection reuses
 * one writer, so steady-state requests allocate no buffers.
 */
public final class PayloadWriter {
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private ByteBuffer buf;

    public PayloadWriter() {
        this(INITIAL_CAPACITY);
    }

    public PayloadWriter(int initialCapacity) {
        buf = ByteBuffer.allocateDirect(initialCapacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Starts a new payload. */
    public PayloadWriter clear() {
        buf.clear();
        return this;
    }

    /** Bytes written so far. */
    public int size() {
        return buf.position();
    }

    /** A read view of the payload written (position 0, limit size). */
    public ByteBuffer payload() {
        return buf.duplicate().flip();
    }

    public PayloadWriter u8(int v) {
        ensure(1).put((byte) v);
        return this;
    }

    public PayloadWriter u16(int v) {
        ensure(2).putShort((short) v);
        return this;
    }

    public PayloadWriter u32(long v) {
        ensure(4).putInt((int) v);
        return this;
    }

    public PayloadWriter u64(long v) {
        ensure(8).putLong(v);
        return this;
    }

    /** A str; fails for more than {@link Limits#MAX_STRING} bytes. */
    public PayloadWriter str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > Limits.MAX_STRING) {
            throw new IllegalArgumentException("string of " + b.length + " bytes exceeds " + Limits.MAX_STRING);
        }
        return strBytes(b);
    }

    /** A str cut to {@link Limits#MAX_STRING} bytes: for messages that quote client input. */
    public PayloadWriter message(String s) {
        return strBytes(WireStrings.utf8Truncated(s, Limits.MAX_STRING));
    }

    private PayloadWriter strBytes(byte[] b) {
        u16(b.length);
        ensure(b.length).put(b);
        return this;
    }

    public PayloadWriter params(Params p) {
        Map<String, String> m = p.asMap();
        if (m.size() > Limits.MAX_PARAMS) {
            throw new IllegalArgumentException(m.size() + " params exceed " + Limits.MAX_PARAMS);
        }
        u16(m.size());
        m.forEach((k, v) -> {
            String problem = WireStrings.checkParamKey(k);
            if (problem != null) {
                throw new IllegalArgumentException("params key " + problem);
            }
            str(k).str(v);
        });
        return this;
    }

    /** A blob: u32 length and the remaining bytes of {@code data} (its position is not moved). */
    public PayloadWriter blob(ByteBuffer data) {
        u32(data.remaining());
        return bytes(data);
    }

    /** The remaining bytes of {@code data} (its position is not moved). */
    public PayloadWriter bytes(ByteBuffer data) {
        ensure(data.remaining()).put(data.duplicate());
        return this;
    }

    /**
     * Reserves the next {@code n} bytes and returns a view of them for the caller to fill (e.g.
     * straight from a backing file); the payload includes them whether or not they are filled.
     */
    public ByteBuffer claim(int n) {
        ByteBuffer b = ensure(n);
        ByteBuffer view = b.slice().limit(n);
        b.position(b.position() + n);
        return view;
    }

    private ByteBuffer ensure(int n) {
        if (buf.remaining() >= n) {
            return buf;
        }
        long needed = (long) buf.position() + n;
        if (needed > Limits.MAX_PAYLOAD) {
            throw new IllegalStateException("payload of " + needed + " bytes would exceed " + Limits.MAX_PAYLOAD);
        }
        int capacity = (int) Math.min(Limits.MAX_PAYLOAD, Math.max(needed, 2L * buf.capacity()));
        ByteBuffer bigger = ByteBuffer.allocateDirect(capacity).order(ByteOrder.LITTLE_ENDIAN);
        bigger.put(buf.flip());
        buf = bigger;
        return buf;
    }
}
