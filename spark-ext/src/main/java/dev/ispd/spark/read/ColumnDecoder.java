package dev.ispd.spark.read;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.spark.layout.LayoutColumn;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Decodes one column of a batch of fixed-width records, or of a row plan's rows
 * ({@link FieldValues}: the same values wherever they are read from), into a column vector, as the
 * layout says (docs/spark.md, "Types"): one tight loop per column, the type decided once per
 * batch, nothing allocated per record. A field is NULL where its null bit is set or it holds its null value; a
 * {@code char(N)} is its bytes less the trailing padding, left in the records ({@link StringSlices}); a decimal goes into the vector as Spark
 * stores its precision (an int, a long, or the 16 bytes of a wider one). A decimal with more
 * digits than its precision is bad data: an IllegalArgumentException naming the field and value.
 */
final class ColumnDecoder {
    private final Field field;
    private final FieldType.Kind kind;
    private final boolean wide;
    /** Whether the integers are a decimal's unscaled values, which must have at most its precision's digits. */
    private final boolean decimal;
    /**
     * 10^precision of a decimal of up to 18 digits (Long.MIN_VALUE for more, which no integer
     * holds): an unscaled value has at most its precision's digits where it lies strictly
     * between -bound and bound ({@link Field#holds}, tested here without its switch per value).
     */
    private final long narrowBound;
    private final boolean nullBit;
    /** The bound of a 16-byte decimal, 10^precision, as a 128-bit integer's high and low halves. */
    private final long boundHigh;
    private final long boundLow;
    /** -10^precision, likewise. */
    private final long negativeBoundHigh;
    private final long negativeBoundLow;
    /** The big-endian bytes of a 16-byte decimal, as Spark stores one wider than 18 digits. */
    private final byte[] decimalBytes = new byte[16];
    /** The field in the records of the batch being decoded by {@link #decode(ByteBuffer, int, int, ColumnVector)}. */
    private final RecordValues records = new RecordValues();

    ColumnDecoder(LayoutColumn column) {
        this.field = column.field();
        this.kind = field.type().kind();
        this.wide = column.type().equals(DataTypes.LongType) || column.type().equals(DataTypes.TimestampType)
                || (column.type() instanceof DecimalType d && d.precision() > 9);
        this.decimal = kind == FieldType.Kind.DECIMAL;
        this.nullBit = field.hasNullBit();
        BigInteger bound = BigInteger.TEN.pow(field.type().precision());
        this.narrowBound = field.type().precision() <= 18 ? bound.longValueExact() : Long.MIN_VALUE;
        this.boundHigh = bound.shiftRight(64).longValue();
        this.boundLow = bound.longValue();
        this.negativeBoundHigh = bound.negate().shiftRight(64).longValue();
        this.negativeBoundLow = bound.negate().longValue();
    }

    /**
     * Fills rows [0, rows) of {@code batch} with {@code decoders}, one per column (null: a column
     * the caller fills), from the records at 0, entrySize, ... of {@code records}; bad data is an
     * IOException naming {@code where} they are.
     */
    static void decodeAll(ColumnDecoder[] decoders, ByteBuffer records, int rows, int entrySize, ColumnarBatch batch,
                          String where) throws IOException {
        try {
            for (int c = 0; c < decoders.length; c++) {
                if (decoders[c] != null) {
                    decoders[c].decode(records, rows, entrySize, batch.column(c));
                }
            }
        } catch (IllegalArgumentException e) {
            throw badData(where, e);
        }
        batch.setNumRows(rows);
    }

    /** Bad data found in {@code where}, as the readers report it. */
    static IOException badData(String where, IllegalArgumentException e) {
        return new IOException("ispd: bad data in " + where + ": " + e.getMessage(), e);
    }

    /**
     * Fills rows [0, rows) of {@code out} from the records at 0, entrySize, ... of {@code records}
     * (a heap buffer, whose array a string column's {@link StringSlices} reads its values from).
     */
    void decode(ByteBuffer records, int rows, int entrySize, ColumnVector out) {
        if (kind == FieldType.Kind.CHAR) {
            strings(records, rows, entrySize, (StringSlices) out);
            return;
        }
        this.records.bind(records, entrySize);
        decode(this.records, rows, (WritableColumnVector) out);
    }

    /**
     * A batch of up to {@code capacity} records' {@code columns}, as {@link #decodeAll} fills it:
     * strings stay in the records ({@link StringSlices}), other columns are decoded into vectors.
     */
    static ColumnarBatch batchOf(List<LayoutColumn> columns, int capacity) {
        return StringSlices.batch(columns.stream().map(LayoutColumn::type).toList(),
                c -> columns.get(c).field().type().kind() == FieldType.Kind.CHAR, capacity);
    }

    /** Fills rows [0, rows) of {@code out} from {@code values}, the field's values (not a string's). */
    void decode(FieldValues values, int rows, WritableColumnVector out) {
        out.reset(); // clears the previous batch's nulls
        switch (kind) {
            case INTEGER, DATE, TIMESTAMP -> integers(values, rows, out);
            case DECIMAL -> {
                if (field.width() == Field.WIDE_DECIMAL_BYTES) {
                    wideDecimals(values, rows, out);
                } else {
                    integers(values, rows, out);
                }
            }
            case FLOAT -> floats(values, rows, out);
            case BOOL -> bools(values, rows, out);
            case CHAR -> throw new IllegalStateException("string column " + field.name() + " is read as bytes");
        }
    }

    private boolean nullAt(FieldValues values, int row, WritableColumnVector out) {
        if (nullBit && values.nullBitSet(row)) {
            out.putNull(row);
            return true;
        }
        return false;
    }

    /** Fields that read as one integer: integers, dates, timestamps, decimals of up to 8 bytes. */
    private void integers(FieldValues values, int rows, WritableColumnVector out) {
        for (int i = 0; i < rows; i++) {
            if (nullAt(values, i, out)) {
                continue;
            }
            long v = values.integer(i);
            if (field.isNull(v)) {
                out.putNull(i);
                continue;
            }
            if (decimal && (v <= -narrowBound || v >= narrowBound)) {
                throw tooManyDigits(BigDecimal.valueOf(v, field.type().scale()));
            }
            if (wide) {
                out.putLong(i, v);
            } else {
                out.putInt(i, (int) v);
            }
        }
    }

    private void wideDecimals(FieldValues values, int rows, WritableColumnVector out) {
        for (int i = 0; i < rows; i++) {
            if (nullAt(values, i, out)) {
                continue;
            }
            long high = values.high(i);
            long low = values.low(i);
            if (!below(high, low, boundHigh, boundLow) || !below(negativeBoundHigh, negativeBoundLow, high, low)) {
                throw tooManyDigits(new BigDecimal(new BigInteger(bigEndian(high, low)), field.type().scale()));
            }
            if (field.type().precision() > 18) {
                out.putByteArray(i, bigEndian(high, low), 0, 16);
            } else if (wide) {
                out.putLong(i, low);
            } else {
                out.putInt(i, (int) low);
            }
        }
    }

    /** Whether the 128-bit integer (high, low) is below (boundHigh, boundLow), both signed. */
    private static boolean below(long high, long low, long boundHigh, long boundLow) {
        return high < boundHigh || (high == boundHigh && Long.compareUnsigned(low, boundLow) < 0);
    }

    private byte[] bigEndian(long high, long low) {
        for (int b = 0; b < 8; b++) {
            decimalBytes[b] = (byte) (high >>> (56 - 8 * b));
            decimalBytes[8 + b] = (byte) (low >>> (56 - 8 * b));
        }
        return decimalBytes;
    }

    private IllegalArgumentException tooManyDigits(BigDecimal value) {
        return new IllegalArgumentException("field " + field.name() + " (" + field.typeText() + ") holds "
                + value.toPlainString() + ", more digits than its precision of " + field.type().precision());
    }

    private void floats(FieldValues values, int rows, WritableColumnVector out) {
        for (int i = 0; i < rows; i++) {
            if (nullAt(values, i, out)) {
                continue;
            }
            long bits = values.integer(i);
            if (field.width() == 4) {
                out.putFloat(i, Float.intBitsToFloat((int) bits));
            } else {
                out.putDouble(i, Double.longBitsToDouble(bits));
            }
        }
    }

    private void bools(FieldValues values, int rows, WritableColumnVector out) {
        for (int i = 0; i < rows; i++) {
            if (!nullAt(values, i, out)) {
                out.putBoolean(i, values.integer(i) != 0);
            }
        }
    }

    private void strings(ByteBuffer records, int rows, int entrySize, StringSlices out) {
        byte[] bytes = records.array();
        out.reset(bytes);
        int base = records.arrayOffset() + field.offset();
        byte pad = field.type().zeroPad() ? 0 : (byte) ' ';
        for (int i = 0, at = 0; i < rows; i++, at += entrySize) {
            if (nullBit && field.nullBitSet(records, at)) {
                out.putNull(i);
                continue;
            }
            int start = base + at;
            int end = field.width();
            while (end > 0 && bytes[start + end - 1] == pad) {
                end--;
            }
            out.put(i, start, end);
        }
    }

    /** The field in a batch of records: row {@code r} is the record at {@code r * entrySize}. */
    private final class RecordValues implements FieldValues {
        private ByteBuffer records;
        private int entrySize;

        void bind(ByteBuffer records, int entrySize) {
            this.records = records;
            this.entrySize = entrySize;
        }

        @Override
        public boolean nullBitSet(int row) {
            return field.nullBitSet(records, row * entrySize);
        }

        @Override
        public long integer(int row) {
            return field.readInteger(records, row * entrySize);
        }

        @Override
        public long high(int row) {
            return field.readHigh(records, row * entrySize);
        }

        @Override
        public long low(int row) {
            return field.readLow(records, row * entrySize);
        }
    }
}
