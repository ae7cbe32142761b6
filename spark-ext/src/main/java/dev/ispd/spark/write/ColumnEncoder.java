package dev.ispd.spark.write;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Encodes one column of the rows being written into its field of each record, as the field's type
 * stores it (docs/spark.md, "Types"): an integer, a float's IEEE 754 bits, a decimal's unscaled
 * value, a date's days, a timestamp's microseconds, a bool's 0 or 1, a string's UTF-8 bytes
 * padded; a NULL as the field's null bit or null value. Built on the driver, which checks that the
 * column's Spark type is one the field takes (an AnalysisException naming both). A value that does
 * not fit (out of range, more digits than the decimal's precision or scale, a string longer than
 * {@code char(N)} or ending in its padding, the field's null value) and a NULL in a field that is
 * not nullable are IllegalArgumentExceptions naming the column, the value and the field.
 */
final class ColumnEncoder implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final List<DataType> INTEGERS =
            List.of(DataTypes.ByteType, DataTypes.ShortType, DataTypes.IntegerType, DataTypes.LongType);

    private final String column;
    private final int ordinal;
    private final DataType type;
    private final Field field;
    private final String layoutName;

    ColumnEncoder(String column, int ordinal, DataType type, Field field, String layoutName) {
        this.column = column;
        this.ordinal = ordinal;
        this.type = type;
        this.field = field;
        this.layoutName = layoutName;
        if (!takes(field, type)) {
            throw analysis("column " + column + " is " + type.sql() + "; field " + field.name() + " of layout "
                    + layoutName + " is " + field.typeText() + ", which takes " + taken(field));
        }
    }

    Field field() {
        return field;
    }

    int ordinal() {
        return ordinal;
    }

    /**
     * Writes the column of {@code row} into the record at absolute {@code at} of {@code buf}
     * (zeroed); a NULL sets the field's null bit, or writes its null value.
     */
    void encode(InternalRow row, ByteBuffer buf, int at) {
        if (row.isNullAt(ordinal)) {
            if (!field.nullable()) {
                throw unfit("NULL", "which is not nullable");
            }
            if (field.hasNullBit()) {
                int b = at + (field.nullBit() >>> 3);
                buf.put(b, (byte) (buf.get(b) | 1 << (field.nullBit() & 7)));
            } else {
                put(field, field.nullValue(), buf, at);
            }
            return;
        }
        switch (field.type().kind()) {
            case CHAR -> chars(row.getUTF8String(ordinal), buf, at);
            case DECIMAL -> {
                BigDecimal v = decimal(row);
                if (field.width() == 16) {
                    wideDecimal(v, buf, at);
                } else {
                    integral(v.unscaledValue().longValueExact(), v.toPlainString(), buf, at);
                }
            }
            case FLOAT -> put(field, field.width() == 4 ? Float.floatToRawIntBits(row.getFloat(ordinal))
                    : Double.doubleToRawLongBits(type.equals(DataTypes.FloatType) ? row.getFloat(ordinal)
                    : row.getDouble(ordinal)), buf, at);
            case BOOL -> put(field, row.getBoolean(ordinal) ? 1 : 0, buf, at);
            default -> {
                long v = integer(row);
                integral(v, Long.toString(v), buf, at);
            }
        }
    }

    /** The column's value as a long: an integer, a date's days, a timestamp's microseconds. */
    long integer(InternalRow row) {
        if (type.equals(DataTypes.LongType) || type.equals(DataTypes.TimestampType)) {
            return row.getLong(ordinal);
        }
        if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.DateType)) {
            return row.getInt(ordinal);
        }
        return type.equals(DataTypes.ShortType) ? row.getShort(ordinal) : row.getByte(ordinal);
    }

    /** A value that reads as one integer: in the field's range, and not its null value. */
    private void integral(long v, String shown, ByteBuffer buf, int at) {
        if (!field.holds(v)) {
            throw unfit(shown, field.type().kind() == FieldType.Kind.DECIMAL
                    ? "(" + field.typeText() + ": at most " + field.type().precision() + " digits)"
                    : "(values " + field.rangeText() + ")");
        }
        if (field.nullable() && !field.hasNullBit() && v == field.nullValue()) {
            throw unfit(shown, "whose null value it is: it would read back as NULL");
        }
        put(field, v, buf, at);
    }

    /** The column's decimal at the field's scale; one with more digits after the point does not fit. */
    private BigDecimal decimal(InternalRow row) {
        BigDecimal v = type instanceof DecimalType d ? row.getDecimal(ordinal, d.precision(), d.scale()).toJavaBigDecimal()
                : BigDecimal.valueOf(integer(row));
        try {
            v = v.setScale(field.type().scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw unfit(v.toPlainString(), "(" + field.typeText() + ": " + field.type().scale() + " digits after the point)");
        }
        if (v.precision() > field.type().precision()) {
            throw unfit(v.toPlainString(), "(" + field.typeText() + ": at most " + field.type().precision() + " digits)");
        }
        return v;
    }

    private void wideDecimal(BigDecimal v, ByteBuffer buf, int at) {
        byte[] be = v.unscaledValue().toByteArray(); // at most 16 bytes: 38 digits fit 127 bits
        byte sign = (byte) (v.signum() < 0 ? -1 : 0);
        for (int i = 0; i < 16; i++) {
            int from = be.length - 16 + i; // the i-th byte of the big-endian 16
            byte b = from >= 0 ? be[from] : sign;
            buf.put(at + field.offset() + (field.bigEndian() ? i : 15 - i), b);
        }
    }

    private void chars(UTF8String s, ByteBuffer buf, int at) {
        byte[] bytes = s.getBytes();
        byte pad = field.type().zeroPad() ? 0 : (byte) ' ';
        if (bytes.length > field.width()) {
            throw unfit("'" + s + "'", "(" + field.typeText() + ": " + bytes.length + " bytes of UTF-8, more than "
                    + field.width() + ")");
        }
        if (bytes.length > 0 && bytes[bytes.length - 1] == pad) {
            throw unfit("'" + s + "'", "(" + field.typeText() + " padded with " + (pad == 0 ? "zero bytes" : "spaces")
                    + ": a string ending in its padding would read back without it)");
        }
        int start = at + field.offset();
        buf.put(start, bytes);
        for (int i = bytes.length; i < field.width(); i++) {
            buf.put(start + i, pad);
        }
    }

    private IllegalArgumentException unfit(String value, String why) {
        return new IllegalArgumentException("ispd: column " + column + " value " + value + " does not fit field "
                + field.name() + " of layout " + layoutName + " " + why);
    }

    /** A value into a field's bytes (its low {@code width} bytes in its order); a bit range keeps the other bits of its integer. */
    static void put(Field f, long value, ByteBuffer buf, int at) {
        long raw = value;
        if (f.bitCount() > 0) {
            long mask = (f.bitCount() == 64 ? -1L : (1L << f.bitCount()) - 1) << f.bitOffset();
            raw = (rawAt(f, buf, at) & ~mask) | ((value << f.bitOffset()) & mask);
        }
        for (int i = 0; i < f.width(); i++) {
            int shift = 8 * (f.bigEndian() ? f.width() - 1 - i : i);
            buf.put(at + f.offset() + i, (byte) (raw >>> shift));
        }
    }

    private static long rawAt(Field f, ByteBuffer buf, int at) {
        long raw = 0;
        for (int i = 0; i < f.width(); i++) {
            int shift = 8 * (f.bigEndian() ? f.width() - 1 - i : i);
            raw |= (buf.get(at + f.offset() + i) & 0xFFL) << shift;
        }
        return raw;
    }

    private static boolean takes(Field f, DataType t) {
        return switch (f.type().kind()) {
            case INTEGER -> INTEGERS.contains(t);
            case FLOAT -> t.equals(DataTypes.FloatType) || (f.width() == 8 && t.equals(DataTypes.DoubleType));
            case DECIMAL -> t instanceof DecimalType || INTEGERS.contains(t);
            case DATE -> t.equals(DataTypes.DateType);
            case TIMESTAMP -> t.equals(DataTypes.TimestampType);
            case BOOL -> t.equals(DataTypes.BooleanType);
            case CHAR -> t.equals(DataTypes.StringType);
        };
    }

    private static String taken(Field f) {
        return switch (f.type().kind()) {
            case INTEGER -> "integers (TINYINT, SMALLINT, INT, BIGINT)";
            case FLOAT -> f.width() == 4 ? "FLOAT" : "FLOAT or DOUBLE";
            case DECIMAL -> "DECIMAL or integers";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case BOOL -> "BOOLEAN";
            case CHAR -> "STRING";
        };
    }
}
