package dev.ispd.spark.read;

import java.nio.ByteOrder;
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
 * result, a buffer of records, an aggregate's result words): per row only where its bytes start
 * and how many there are, so a batch's strings are not copied into a vector of their own. Spark
 * reads a value as a {@link UTF8String} over those bytes, as it reads one of its own vectors' (a
 * view valid until the reader's next batch, which Spark copies when it keeps a row). Nothing is
 * allocated per row.
 */
final class StringSlices extends ColumnVector {
    /**
     * Whether a long's bytes lie in memory low byte first, as result words hold a string's bytes
     * ({@link #reset(long[])}); where they do not, readers copy such strings out instead.
     */
    static final boolean WORDS_HOLD_BYTES_IN_ORDER = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private final int[] offsets;
    /** Per row its length in bytes, or -1 for NULL. */
    private final int[] lengths;
    /** The array the batch's strings lie in (a byte[] or a long[]) and where its bytes start, as Spark's {@link Platform} addresses it. */
    private Object base;
    private long baseOffset;
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
        reset(bytes, Platform.BYTE_ARRAY_OFFSET);
    }

    /**
     * Starts a batch whose strings are in {@code words}, a string's bytes packed into its words
     * first byte lowest (as a plan's result rows hold them, {@code ColumnValues}), so a row's
     * offset is {@code Long.BYTES} times its first word's index. Only where memory holds a long
     * low byte first ({@link #WORDS_HOLD_BYTES_IN_ORDER}) do those bytes lie in order.
     */
    void reset(long[] words) {
        if (!WORDS_HOLD_BYTES_IN_ORDER) {
            throw new IllegalStateException("strings read in place from result words need a little-endian JVM");
        }
        reset(words, Platform.LONG_ARRAY_OFFSET);
    }

    private void reset(Object base, long baseOffset) {
        this.base = base;
        this.baseOffset = baseOffset;
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
        return length < 0 ? null : UTF8String.fromAddress(base, baseOffset + offsets[rowId], length);
    }

    @Override
    public byte[] getBinary(int rowId) {
        int length = lengths[rowId];
        if (length < 0) {
            return null;
        }
        byte[] copy = new byte[length];
        Platform.copyMemory(base, baseOffset + offsets[rowId], copy, Platform.BYTE_ARRAY_OFFSET, length);
        return copy;
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
        base = null;
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
