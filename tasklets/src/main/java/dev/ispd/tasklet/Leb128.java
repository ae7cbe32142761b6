package dev.ispd.tasklet;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * LEB128 integers: the WebAssembly binary format's (a module's sections, counts and constants)
 * and a plan result's string lengths (docs/protocol.md). One codec for both, so that they read
 * and write the same bytes. An unsigned 32-bit value takes 1-5 bytes, 7 bits each, low bits
 * first, the top bit set on every byte but the last. Nothing is allocated to read or write
 * (except {@link #readU32(byte[], int)}'s answer).
 */
public final class Leb128 {
    /** The most bytes an unsigned 32-bit value takes. */
    public static final int MAX_U32_BYTES = 5;

    private Leb128() {
    }

    /** An unsigned 32-bit value read at an offset, and how many bytes it took. */
    public record U32(int value, int length) {
    }

    /** The unsigned 32-bit value at {@code offset} of {@code b}; an IllegalArgumentException if none is there. */
    public static U32 readU32(byte[] b, int offset) {
        ByteBuffer buf = ByteBuffer.wrap(b, offset, Math.max(0, b.length - offset));
        try {
            long value = readU32(buf);
            return new U32((int) value, buf.position() - offset);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("the LEB128 number at byte " + offset + " is cut off by the end, byte "
                    + b.length);
        }
    }

    /**
     * The unsigned 32-bit value at {@code b}'s position (0 to 2^32 - 1), the position moved past
     * it: an IllegalArgumentException naming the byte where it starts if it takes more than
     * {@value #MAX_U32_BYTES} bytes or does not fit 32 bits, a BufferUnderflowException if the
     * buffer ends within it.
     */
    public static long readU32(ByteBuffer b) {
        int start = b.position();
        long value = 0;
        for (int shift = 0; shift < 7 * MAX_U32_BYTES; shift += 7) {
            byte x = b.get();
            value |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                if (value > 0xFFFF_FFFFL) {
                    throw new IllegalArgumentException("the LEB128 number at byte " + start + " is beyond 32 bits");
                }
                return value;
            }
        }
        throw new IllegalArgumentException("the LEB128 number at byte " + start + " takes more than " + MAX_U32_BYTES
                + " bytes");
    }

    /** How many bytes {@code value} (an unsigned 32-bit value) takes. */
    public static int sizeU32(long value) {
        int n = 1;
        for (long v = value >>> 7; v != 0; v >>>= 7) {
            n++;
        }
        return n;
    }

    /** Writes {@code value}, an unsigned 32-bit value, to {@code out}. */
    public static void writeU32(ResultSink out, long value) {
        long bytes = encodeU32(value);
        for (int i = 0, n = sizeU32(value); i < n; i++) {
            out.putByte((int) (bytes >>> (8 * i)));
        }
    }

    /** Writes {@code value}, an unsigned 32-bit value, to {@code out}. */
    public static void writeU32(ByteArrayOutputStream out, long value) {
        long bytes = encodeU32(value);
        for (int i = 0, n = sizeU32(value); i < n; i++) {
            out.write((int) (bytes >>> (8 * i)));
        }
    }

    /** Writes {@code value} as a signed LEB128 number (the WebAssembly format's i64 constants). */
    public static void writeS64(ByteArrayOutputStream out, long value) {
        long v = value;
        while (true) {
            int x = (int) (v & 0x7f);
            v >>= 7;
            boolean done = (v == 0 && (x & 0x40) == 0) || (v == -1 && (x & 0x40) != 0);
            out.write(done ? x : x | 0x80);
            if (done) {
                return;
            }
        }
    }

    /** {@code value}'s {@link #sizeU32} bytes, the first in the lowest 8 bits. */
    private static long encodeU32(long value) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(value + " is not an unsigned 32-bit value");
        }
        long bytes = 0;
        long v = value;
        for (int i = 0; ; i++, v >>>= 7) {
            if (v < 0x80) {
                return bytes | v << (8 * i);
            }
            bytes |= ((v & 0x7F) | 0x80) << (8 * i);
        }
    }
}
