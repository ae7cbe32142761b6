package dev.ispd.spark.read;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A string column of a batch whose values stay in the bytes they were read into (a drive's
 * result, a buffer of records): per row only where its bytes start and how many there are, so
 * a batch's strings are not copied into a vector of their own. Spark reads a value as a
 * {@link UTF8String} over those bytes, as it reads one of its own vectors' (a view valid until
 * the reader's next batch, which Spark copies when it keeps a row). Nothing is allocated per row.
 */
final class StringSlices extends ColumnVector {
    private final int[] offsets;
    /** Per row its length in bytes, or -1 for NULL. */
    private final int[] lengths;
    private byte[] bytes;
    private int nulls;

    StringSlices(DataType type, int capacity) {
        super(type);
        this.offsets = new int[capacity];
        this.lengths = new int[capacity];
    }

    /**
     * A reader's reused batch of up to {@code capacity} rows of columns of {@code types}: those
     * {@code inPlace} takes are strings read where they lie ({@link StringSlices}), the others
     * on-heap vectors the reader decodes its values into.
     */
    static ColumnarBatch batch(List<DataType> types, IntPredicate inPlace, int capacity) {
        ColumnVector[] vectors = new ColumnVector[types.size()];
        for (int c = 0; c < vectors.length; c++) {
            DataType type = types.get(c);
            vectors[c] = inPlace.test(c) ? new StringSlices(type, capacity) : new OnHeapColumnVector(capacity, type);
        }
        return new ColumnarBatch(vectors);
    }

    /** Starts a batch whose strings are in {@code bytes}. */
    void reset(byte[] bytes) {
        this.bytes = bytes;
        this.nulls = 0;
    }

    /** Row {@code row} is the {@code length} bytes at {@code offset} of the batch's bytes. */
    void put(int row, int offset, int length) {
        offsets[row] = offset;
        lengths[row] = length;
    }

    void putNull(int row) {
        lengths[row] = -1;
        nulls++;
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        int length = lengths[rowId];
        return length < 0 ? null : UTF8String.fromAddress(bytes, Platform.BYTE_ARRAY_OFFSET + offsets[rowId], length);
    }

    @Override
    public byte[] getBinary(int rowId) {
        int length = lengths[rowId];
        return length < 0 ? null : Arrays.copyOfRange(bytes, offsets[rowId], offsets[rowId] + length);
    }

    @Override
    public boolean isNullAt(int rowId) {
        return lengths[rowId] < 0;
    }

    @Override
    public boolean hasNull() {
        return nulls > 0;
    }

    @Override
    public int numNulls() {
        return nulls;
    }

    @Override
    public void close() {
        bytes = null;
    }

    @Override
    public boolean getBoolean(int rowId) {
        throw notA("boolean");
    }

    @Override
    public byte getByte(int rowId) {
        throw notA("byte");
    }

    @Override
    public short getShort(int rowId) {
        throw notA("short");
    }

    @Override
    public int getInt(int rowId) {
        throw notA("int");
    }

    @Override
    public long getLong(int rowId) {
        throw notA("long");
    }

    @Override
    public float getFloat(int rowId) {
        throw notA("float");
    }

    @Override
    public double getDouble(int rowId) {
        throw notA("double");
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        throw notA("array");
    }

    @Override
    public ColumnarMap getMap(int ordinal) {
        throw notA("map");
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        throw notA("decimal");
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        throw notA("struct");
    }

    private UnsupportedOperationException notA(String what) {
        return new UnsupportedOperationException("a string column (" + dataType().simpleString() + ") read as a " + what);
    }
}
