package dev.ispd.plan;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One fixed-width field of a record layout: an integer of {@code width} bytes (1-8) at
 * {@code offset}, signed or unsigned, big- or little-endian, optionally only the bits
 * {@code [bitOffset, bitOffset + bitCount)} of it counted from the least significant bit (bitCount 0:
 * the whole integer). A nullable field has a raw value that means NULL. {@link #read} loads it
 * without allocating.
 */
public record Field(String name, int offset, int width, boolean signed, boolean bigEndian, int bitOffset,
                    int bitCount, boolean nullable, long nullValue) implements Serializable {
    public Field {
        if (name == null || name.isEmpty() || name.length() > 255) {
            throw new PlanException("layout", "a field needs a name of 1-255 characters, got '" + name + "'");
        }
        if (width < 1 || width > 8) {
            throw new PlanException("layout", "field " + name + ": width must be 1-8 bytes, got " + width);
        }
        if (offset < 0) {
            throw new PlanException("layout", "field " + name + ": offset must not be negative, got " + offset);
        }
        if (bitCount < 0 || bitOffset < 0 || (bitCount > 0 && bitOffset + bitCount > 8 * width)
                || (bitCount == 0 && bitOffset != 0)) {
            throw new PlanException("layout", "field " + name + ": bits [" + bitOffset + ", " + (bitOffset + bitCount)
                    + ") do not lie inside its " + 8 * width + " bits");
        }
        if (nullable && !fits(nullValue, signed, bits(width, bitCount))) {
            throw new PlanException("layout", "field " + name + ": null value " + nullValue + " is outside its range");
        }
    }

    /** An unsigned big-endian integer field, not nullable. */
    public static Field unsigned(String name, int offset, int width) {
        return new Field(name, offset, width, false, true, 0, 0, false, 0);
    }

    /** The bits {@code [bitOffset, bitOffset + bitCount)} of an unsigned big-endian integer, not nullable. */
    public static Field bits(String name, int offset, int width, int bitOffset, int bitCount) {
        return new Field(name, offset, width, false, true, bitOffset, bitCount, false, 0);
    }

    /** Bits of the value: the bit range's, else the whole width's. */
    public int valueBits() {
        return bits(width, bitCount);
    }

    /** Whether values order as unsigned 64-bit integers (Java longs would put the top half below zero). */
    public boolean unsigned64() {
        return !signed && valueBits() == 64;
    }

    /** Whether {@code v} is a value this field can hold. */
    public boolean holds(long v) {
        return fits(v, signed, valueBits());
    }

    /** Smallest value, as a Java long. */
    public long min() {
        int bits = valueBits();
        return signed ? (bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1))) : 0;
    }

    /** Largest value, as a Java long (-1 stands for 2^64-1 of an unsigned 8-byte field). */
    public long max() {
        int bits = valueBits();
        if (bits == 64) {
            return signed ? Long.MAX_VALUE : -1L;
        }
        return signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    }

    /** Whether {@code a} orders before {@code b} in this field's order. */
    public int compare(long a, long b) {
        return unsigned64() ? Long.compareUnsigned(a, b) : Long.compare(a, b);
    }

    /** The field of the record at absolute {@code record} of {@code buf}, sign- or zero-extended. */
    public long read(ByteBuffer buf, int record) {
        int at = record + offset;
        // the common widths in one load each, byte-swapped when the buffer's order is not the field's
        boolean swap = bigEndian != (buf.order() == ByteOrder.BIG_ENDIAN);
        long raw = switch (width) {
            case 1 -> buf.get(at) & 0xFFL;
            case 2 -> (swap ? Short.reverseBytes(buf.getShort(at)) : buf.getShort(at)) & 0xFFFFL;
            case 4 -> (swap ? Integer.reverseBytes(buf.getInt(at)) : buf.getInt(at)) & 0xFFFF_FFFFL;
            case 8 -> swap ? Long.reverseBytes(buf.getLong(at)) : buf.getLong(at);
            default -> readBytes(buf, at);
        };
        int bits = valueBits();
        long v = bitCount > 0 ? raw >>> bitOffset : raw;
        if (bits == 64) {
            return v;
        }
        v &= (1L << bits) - 1;
        return signed ? (v << (64 - bits)) >> (64 - bits) : v;
    }

    private long readBytes(ByteBuffer buf, int at) {
        long raw = 0;
        if (bigEndian) {
            for (int i = 0; i < width; i++) {
                raw = (raw << 8) | (buf.get(at + i) & 0xFF);
            }
        } else {
            for (int i = width - 1; i >= 0; i--) {
                raw = (raw << 8) | (buf.get(at + i) & 0xFF);
            }
        }
        return raw;
    }

    /** Whether the value {@link #read} returned is this field's NULL. */
    public boolean isNull(long value) {
        return nullable && value == nullValue;
    }

    /** The range as text for error messages: {@code [0, 255]}. */
    public String rangeText() {
        return "[" + min() + ", " + (unsigned64() ? Long.toUnsignedString(max()) : Long.toString(max())) + "]";
    }

    private static int bits(int width, int bitCount) {
        return bitCount > 0 ? bitCount : 8 * width;
    }

    private static boolean fits(long v, boolean signed, int bits) {
        if (bits == 64) {
            return true;
        }
        return signed ? v >= -(1L << (bits - 1)) && v < (1L << (bits - 1)) : v >= 0 && v < (1L << bits);
    }
}
