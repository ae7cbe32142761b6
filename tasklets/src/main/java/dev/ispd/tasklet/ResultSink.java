package dev.ispd.tasklet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The growing result of one execution, little-endian. Bounded: a tasklet that emits more than
 * the limit fails with a message, instead of exhausting the drive's memory.
 */
public final class ResultSink {
    /** Default bound on one execution's result: 64 MiB. */
    public static final int DEFAULT_LIMIT = 64 << 20;
    /** The host's bound: as large as a byte array holds (the host's memory is the engine's). */
    public static final int HOST_LIMIT = Integer.MAX_VALUE - 64;

    private static final VarHandle LITTLE_ENDIAN_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int limit;
    private ByteBuffer buf = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);

    public ResultSink() {
        this(DEFAULT_LIMIT);
    }

    public ResultSink(int limit) {
        this.limit = limit;
    }

    public ResultSink putByte(int v) {
        ensure(1).put((byte) v);
        return this;
    }

    public ResultSink putShort(int v) {
        ensure(2).putShort((short) v);
        return this;
    }

    public ResultSink putInt(int v) {
        ensure(4).putInt(v);
        return this;
    }

    public ResultSink putLong(long v) {
        ensure(8).putLong(v);
        return this;
    }

    /** Appends {@code n} words from {@code from} of {@code values}, as {@code n} {@link #putLong}s: room made once, no position moved per word. */
    public ResultSink putLongs(long[] values, int from, int n) {
        ByteBuffer b = ensure(n * Long.BYTES);
        byte[] array = b.array();
        int p = b.arrayOffset() + b.position();
        for (int i = 0; i < n; i++, p += Long.BYTES) {
            LITTLE_ENDIAN_LONGS.set(array, p, values[from + i]);
        }
        b.position(b.position() + n * Long.BYTES);
        return this;
    }

    public ResultSink put(byte[] bytes) {
        ensure(bytes.length).put(bytes);
        return this;
    }

    /** Appends the bytes written to {@code other}. */
    public ResultSink put(ResultSink other) {
        ensure(other.size()).put(other.buf.array(), 0, other.size());
        return this;
    }

    /** Bytes written so far. */
    public int size() {
        return buf.position();
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf.array(), buf.position());
    }

    private ByteBuffer ensure(int n) {
        if (buf.remaining() >= n) {
            return buf;
        }
        long needed = (long) buf.position() + n;
        if (needed > limit) {
            throw new ResultTooLargeException("tasklet result exceeds the limit of " + limit + " bytes");
        }
        int capacity = (int) Math.min(limit, Math.max(needed, (long) buf.capacity() * 2));
        ByteBuffer bigger = ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
        buf.flip();
        bigger.put(buf);
        buf = bigger;
        return buf;
    }

    /** Thrown when a result outgrows its bound. */
    public static final class ResultTooLargeException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ResultTooLargeException(String message) {
            super(message);
        }
    }
}
