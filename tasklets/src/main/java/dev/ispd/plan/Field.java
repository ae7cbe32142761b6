package dev.ispd.plan;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One fixed-width field of a record layout: {@code width} bytes at {@code offset} holding a value
 * of {@link #type}: an integer (1-8 bytes, signed or unsigned), a float, a decimal, a date, a
 * timestamp, a bool or a fixed-width string ({@link FieldType}); big- or little-endian;
 * an integer or bool may be only the bits {@code [bitOffset, bitOffset + bitCount)} of it counted
 * from the least significant bit (bitCount 0: the whole value). A nullable field is NULL where its
 * null bit is set ({@code nullBit}: bit {@code nullBit % 8}, 0 the least significant, of byte
 * {@code nullBit / 8} of the record) or, without a null bit, where its raw value is
 * {@code nullValue} (a sentinel, for fields that read as one integer). {@link #read} loads a field
 * that reads as one integer without allocating.
 *
 * @param nullBit the null bit's position in the record, in bits ({@link #NO_NULL_BIT}: none)
 */
public record Field(String name, int offset, int width, boolean signed, boolean bigEndian, int bitOffset,
                    int bitCount, boolean nullable, long nullValue, FieldType type, int nullBit) implements Serializable {
    /** {@link #nullBit} of a field that has none. */
    public static final int NO_NULL_BIT = -1;

    public Field {
        if (name == null || name.isEmpty() || name.length() > 255) {
            throw new PlanException("layout", "a field needs a name of 1-255 characters, got '" + name + "'");
        }
        if (type == null) {
            throw new PlanException("layout", "field " + name + " needs a type");
        }
        if (offset < 0) {
            throw new PlanException("layout", "field " + name + ": offset must not be negative, got " + offset);
        }
        type.check(name, width, signed, bitCount, nullable && nullBit == NO_NULL_BIT);
        if (bitCount < 0 || bitOffset < 0 || (bitCount > 0 && bitOffset + bitCount > 8 * width)
                || (bitCount == 0 && bitOffset != 0)) {
            throw new PlanException("layout", "field " + name + ": bits [" + bitOffset + ", " + (bitOffset + bitCount)
                    + ") do not lie inside its " + 8 * width + " bits");
        }
        if (nullBit < NO_NULL_BIT || (nullBit != NO_NULL_BIT && (!nullable || nullValue != 0))) {
            throw new PlanException("layout", "field " + name + ": a null bit (" + nullBit
                    + ") belongs to a nullable field without a null value");
        }
        if (nullable && nullBit == NO_NULL_BIT && !fits(nullValue, signed, bits(width, bitCount))) {
            throw new PlanException("layout", "field " + name + ": null value " + nullValue + " is outside its range");
        }
    }

    /** An integer field, NULL where its raw value is {@code nullValue} if {@code nullable}. */
    public Field(String name, int offset, int width, boolean signed, boolean bigEndian, int bitOffset, int bitCount,
                 boolean nullable, long nullValue) {
        this(name, offset, width, signed, bigEndian, bitOffset, bitCount, nullable, nullValue, FieldType.INTEGER,
                NO_NULL_BIT);
    }

    /** A field of {@code type} that is whole bytes, not nullable; signed as its type is. */
    public static Field of(String name, int offset, int width, FieldType type, boolean bigEndian) {
        return new Field(name, offset, width, type.signedKind(), bigEndian, 0, 0, false, 0, type, NO_NULL_BIT);
    }

    /** This field, NULL where bit {@code bit} (0 the least significant) of byte {@code byteOffset} of the record is set. */
    public Field withNullBit(int byteOffset, int bit) {
        if (byteOffset < 0 || bit < 0 || bit > 7) {
            throw new PlanException("layout", "field " + name + ": null bit @" + byteOffset + "." + bit
                    + " is not a byte offset and a bit 0-7");
        }
        return new Field(name, offset, width, signed, bigEndian, bitOffset, bitCount, true, 0, type, 8 * byteOffset + bit);
    }

    /** This field, NULL where its raw value is {@code value}. */
    public Field withNullValue(long value) {
        return new Field(name, offset, width, signed, bigEndian, bitOffset, bitCount, true, value, type, NO_NULL_BIT);
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

    /** Whether the value {@link #read} returned is this field's NULL (a field with a null value, not a null bit). */
    public boolean isNull(long value) {
        return nullable && value == nullValue;
    }

    /** Whether this field is NULL where a bit of the record is set, rather than where it holds a null value. */
    public boolean hasNullBit() {
        return nullBit != NO_NULL_BIT;
    }

    /** Whether this field's null bit is set in the record at absolute {@code record} of {@code buf}. */
    public boolean nullBitSet(ByteBuffer buf, int record) {
        return (buf.get(record + (nullBit >>> 3)) >>> (nullBit & 7) & 1) != 0;
    }

    /** The type as the layout text writes it ({@code u8}, {@code decimal(12,2)}, {@code char(10)}, ...). */
    public String typeText() {
        return type.text(width, signed);
    }

    /** Whether this field reads as one integer ({@link #read}): an integer, a decimal of up to 8 bytes, a date or a timestamp. */
    public boolean integral() {
        return type.integral(width);
    }

    /**
     * Whether bit {@code recordBit} of the record (8 x byte + bit, 0 the least significant) is
     * one of this field's value bits.
     */
    public boolean covers(int recordBit) {
        int at = recordBit >>> 3;
        if (at < offset || at >= offset + width) {
            return false;
        }
        if (bitCount == 0) {
            return true;
        }
        int byteOfValue = bigEndian ? width - 1 - (at - offset) : at - offset;
        int valueBit = 8 * byteOfValue + (recordBit & 7);
        return valueBit >= bitOffset && valueBit < bitOffset + bitCount;
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
