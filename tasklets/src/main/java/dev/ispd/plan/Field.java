package dev.ispd.plan;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

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
    /** The width of a decimal that does not read as one integer: a signed 128-bit unscaled value. */
    public static final int WIDE_DECIMAL_BYTES = 16;

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
        return !signed && valueBits() == 64 && type.kind() == FieldType.Kind.INTEGER;
    }

    /** Whether {@code v} is a value this field can hold, as {@link #read} returns values. */
    public boolean holds(long v) {
        return switch (type.kind()) {
            case INTEGER, DATE, TIMESTAMP -> fits(v, signed, valueBits());
            case DECIMAL -> v != Long.MIN_VALUE && type.precision() <= 18 && Math.abs(v) < TEN_TO[type.precision()];
            case BOOL -> v == 0 || v == 1;
            case FLOAT -> FloatKeys.holds(v, width);
            case CHAR -> false;
        };
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

    /**
     * The value of the field of the record at absolute {@code record} of {@code buf}, as a long
     * that orders as the values do ({@link #compare}): an integer sign- or zero-extended, a
     * decimal's unscaled value, a date's days, a timestamp's microseconds, a bool's 0 or 1, a
     * float's {@link FloatKeys key}. Not for a {@code char(N)} or a 16-byte decimal. The
     * interpreter's loops call {@link #readInteger} for the fields where the two agree
     * ({@link #readsAsInteger}), deciding once per field rather than per record.
     */
    public long read(ByteBuffer buf, int record) {
        return fromInteger(readInteger(buf, record));
    }

    /** {@link #read}'s value of a field whose {@link #readInteger} is {@code v}. */
    public long fromInteger(long v) {
        return switch (type.kind()) {
            case FLOAT -> FloatKeys.of(FloatKeys.number(v, width));
            case BOOL -> v != 0 ? 1 : 0;
            default -> v;
        };
    }

    /** Whether {@link #readInteger} gives this field's values ({@link #read}'s): all but floats and bools. */
    public boolean readsAsInteger() {
        return type.kind() != FieldType.Kind.FLOAT && type.kind() != FieldType.Kind.BOOL;
    }

    /** {@link #readsAsInteger} of each of {@code fields} (null: none, as COUNT(*)'s). */
    static boolean[] readAsIntegers(Field[] fields) {
        boolean[] integers = new boolean[fields.length];
        for (int i = 0; i < fields.length; i++) {
            integers[i] = fields[i] == null || fields[i].readsAsInteger();
        }
        return integers;
    }

    /**
     * The value as a plan returns it in a row ({@link #read}'s, but a float's key keeps -0.0
     * apart from 0.0: {@link FloatKeys#shown}), so that a selected -0.0 comes back as -0.0.
     */
    public long readShown(ByteBuffer buf, int record) {
        return type.kind() == FieldType.Kind.FLOAT ? FloatKeys.shown(FloatKeys.number(readInteger(buf, record), width))
                : read(buf, record);
    }

    /**
     * The field's bits as an integer, sign- or zero-extended: its value where
     * {@link #readsAsInteger}, a float's IEEE 754 bits, a bool's byte (or bit).
     */
    public long readInteger(ByteBuffer buf, int record) {
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
        return integer(raw);
    }

    /**
     * {@link #readInteger}'s value from the field's bytes read as one unsigned integer in the
     * field's byte order ({@code raw}): its bit range taken, sign- or zero-extended.
     */
    public long integer(long raw) {
        int bits = valueBits();
        long v = bitCount > 0 ? raw >>> bitOffset : raw;
        if (bits != 64) {
            v &= (1L << bits) - 1;
            v = signed ? (v << (64 - bits)) >> (64 - bits) : v;
        }
        return v;
    }

    /**
     * How the string of a {@code char(N)} field of the record at absolute {@code record} of
     * {@code buf} compares with {@code literal} (UTF-8), byte by byte as unsigned values, as Spark
     * compares strings: negative, 0 or positive. The string is the field's bytes less the trailing
     * padding; nothing is allocated.
     */
    public int compareChars(ByteBuffer buf, int record, byte[] literal) {
        int at = record + offset;
        byte pad = type.zeroPad() ? 0 : (byte) ' ';
        // most strings of a scan differ from the literal in their first bytes: compare from the
        // front, and look for the trailing padding only where it decides
        int n = Math.min(width, literal.length);
        for (int i = 0; i < n; i++) {
            byte b = buf.get(at + i);
            if (b != literal[i]) {
                if (b == pad && padFrom(buf, at, i + 1, pad)) {
                    return stringEnd(buf, at, i, pad) - literal.length; // the string is a prefix of the literal
                }
                return (b & 0xFF) - (literal[i] & 0xFF);
            }
        }
        return stringEnd(buf, at, width, pad) - literal.length;
    }

    /** Whether the field's bytes from {@code from} on are all padding. */
    private boolean padFrom(ByteBuffer buf, int at, int from, byte pad) {
        long padWord = (pad & 0xFFL) * 0x0101_0101_0101_0101L;
        int i = from;
        for (; i + Long.BYTES <= width; i += Long.BYTES) {
            if (buf.getLong(at + i) != padWord) {
                return false;
            }
        }
        for (; i < width; i++) {
            if (buf.get(at + i) != pad) {
                return false;
            }
        }
        return true;
    }

    /**
     * The length of the string at {@code at} whose bytes from {@code end} on are padding: {@code end}
     * less the padding before it, looked for eight bytes at a time (a short string in a wide
     * place is mostly padding).
     */
    static int stringEnd(ByteBuffer buf, int at, int end, byte pad) {
        long padWord = (pad & 0xFFL) * 0x0101_0101_0101_0101L;
        while (end >= Long.BYTES && buf.getLong(at + end - Long.BYTES) == padWord) {
            end -= Long.BYTES;
        }
        while (end > 0 && buf.get(at + end - 1) == pad) {
            end--;
        }
        return end;
    }

    /** The low 64 bits of a 16-byte decimal's unscaled value ({@link #WIDE_DECIMAL_BYTES}). */
    public long readLow(ByteBuffer buf, int record) {
        return wideWord(buf, record + offset + (bigEndian ? Long.BYTES : 0));
    }

    /** The high 64 bits (signed) of a 16-byte decimal's unscaled value. */
    public long readHigh(ByteBuffer buf, int record) {
        return wideWord(buf, record + offset + (bigEndian ? 0 : Long.BYTES));
    }

    private long wideWord(ByteBuffer buf, int at) {
        long v = buf.getLong(at);
        return bigEndian != (buf.order() == ByteOrder.BIG_ENDIAN) ? Long.reverseBytes(v) : v;
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
        return nullable && value == nullValue && nullBit == NO_NULL_BIT;
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

    /** The unscaled value of decimal {@code v} at this decimal field's scale; a PlanException if it has more digits after the point or than the precision. */
    public long decimalLiteral(BigDecimal v) {
        requireKind(FieldType.Kind.DECIMAL, v);
        long unscaled;
        try {
            unscaled = v.setScale(type.scale(), RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw new PlanException("where", "literal " + v.toPlainString() + " is not a " + typeText() + " (field "
                    + name + ")");
        }
        return checked(unscaled, v.toPlainString());
    }

    /** The days since 1970-01-01 of {@code d}, for this date field. */
    public long dateLiteral(LocalDate d) {
        requireKind(FieldType.Kind.DATE, d);
        return checked(d.toEpochDay(), d.toString());
    }

    /** The microseconds since 1970-01-01 UTC of {@code t}, for this timestamp field; a PlanException if it has finer digits. */
    public long timestampLiteral(Instant t) {
        requireKind(FieldType.Kind.TIMESTAMP, t);
        if (t.getNano() % 1000 != 0) {
            throw new PlanException("where", "literal " + t + " is finer than the microseconds of field " + name);
        }
        try {
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
        } catch (ArithmeticException e) {
            throw new PlanException("where", "literal " + t + " is outside the microseconds a timestamp holds (field "
                    + name + ")");
        }
    }

    /** The {@link FloatKeys key} of {@code d}, for this float field. */
    public long floatLiteral(double d) {
        requireKind(FieldType.Kind.FLOAT, d);
        return FloatKeys.of(d);
    }

    /** 1 or 0, for this bool field. */
    public long boolLiteral(boolean b) {
        requireKind(FieldType.Kind.BOOL, b);
        return b ? 1 : 0;
    }

    private void requireKind(FieldType.Kind kind, Object literal) {
        if (type.kind() != kind) {
            throw new PlanException("where", "literal " + literal + " is a " + kind.name().toLowerCase(Locale.ROOT)
                    + ", but field " + name + " is " + typeText());
        }
    }

    private long checked(long v, String shown) {
        if (!holds(v)) {
            throw new PlanException("where", "literal " + shown + " is outside the range of field " + name + " ("
                    + typeText() + ")");
        }
        return v;
    }

    /** A value as {@link #read} returns it, as SQL writes it: {@code 12.50}, {@code DATE '2024-02-29'}, {@code NaN}. */
    public String literalText(long v) {
        return switch (type.kind()) {
            case DATE -> "DATE '" + valueText(v) + "'";
            case TIMESTAMP -> "TIMESTAMP '" + valueText(v) + "'";
            case BOOL -> v != 0 ? "TRUE" : "FALSE";
            default -> valueText(v);
        };
    }

    /**
     * A value as {@link #read} returns it, as a result shows it: {@code 12.50}, {@code 2024-02-29},
     * {@code 2023-11-14T22:13:20Z} (UTC), {@code true}, {@code -0.0}; an unsigned 8-byte integer
     * unsigned.
     */
    public String valueText(long v) {
        return switch (type.kind()) {
            case INTEGER -> unsigned64() ? Long.toUnsignedString(v) : Long.toString(v);
            case DECIMAL -> BigDecimal.valueOf(v, type.scale()).toPlainString();
            case DATE -> LocalDate.ofEpochDay(v).toString();
            case TIMESTAMP -> Instant.EPOCH.plus(v, ChronoUnit.MICROS).toString();
            case BOOL -> Boolean.toString(v != 0);
            case FLOAT -> Double.toString(FloatKeys.toDouble(v));
            case CHAR -> throw new PlanException("where", "field " + name + " is " + typeText()
                    + ": its values are strings, not numbers");
        };
    }

    /** The range as text for error messages: {@code [0, 255]}. */
    public String rangeText() {
        return "[" + min() + ", " + (unsigned64() ? Long.toUnsignedString(max()) : Long.toString(max())) + "]";
    }

    /** 10^0 ... 10^18: the bounds of decimals of up to 18 digits. */
    private static final long[] TEN_TO = tenTo();

    private static long[] tenTo() {
        long[] t = new long[19];
        t[0] = 1;
        for (int i = 1; i < t.length; i++) {
            t[i] = t[i - 1] * 10;
        }
        return t;
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
