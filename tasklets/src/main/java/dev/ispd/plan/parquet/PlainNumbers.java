package dev.ispd.plan.parquet;

import dev.ispd.plan.ColumnBatch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;

/**
 * A PLAIN data page of INT32, INT64, FLOAT or DOUBLE values (little-endian, 4 or 8 bytes each),
 * read a run at a time straight from the page's bytes into the batch's array ({@link #read}), as
 * the field reads them ({@link ParquetColumn.Conversion}): 8-byte values copied in bulk, 4-byte
 * ones copied in bulk and widened. parquet-column's PLAIN readers give one value per call through
 * a stream. The one-value methods serve the loops that read a value at a time.
 */
final class PlainNumbers extends ValuesReader {
    private final int width;
    private ByteBuffer page;
    /** The page's values from its first on, as 4- or 8-byte numbers: a bulk read copies them. */
    private IntBuffer ints;
    private LongBuffer longs;
    /** Where the page's values start in {@link #page}, and where the next one is. */
    private int first;
    private int position;
    /** A run of 4-byte values, copied before they are widened. */
    private final int[] run = new int[ColumnBatch.MAX_ROWS];

    /** A reader of values of {@code width} bytes: 4 (INT32, FLOAT) or 8 (INT64, DOUBLE). */
    PlainNumbers(int width) {
        this.width = width;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
        page = in.slice(in.available()).order(ByteOrder.LITTLE_ENDIAN);
        first = page.position();
        position = first;
        ByteBuffer values = page.slice().order(ByteOrder.LITTLE_ENDIAN);
        ints = width == 4 ? values.asIntBuffer() : null;
        longs = width == 8 ? values.asLongBuffer() : null;
    }

    /** The next {@code n} values (at most {@link ColumnBatch#MAX_ROWS}) into {@code out[at, at + n)} as a column of {@code conversion} holds them. */
    void read(ParquetColumn.Conversion conversion, long[] out, int at, int n) {
        if (page.limit() - position < n * width) {
            throw new IllegalStateException("the page's values end after " + (page.limit() - position) / width
                    + " of the " + n + " it should still hold");
        }
        int index = (position - first) / width;
        switch (conversion) {
            case INT32 -> {
                ints.get(index, run, 0, n);
                for (int i = 0; i < n; i++) {
                    out[at + i] = run[i];
                }
            }
            case FLOAT -> {
                ints.get(index, run, 0, n);
                for (int i = 0; i < n; i++) {
                    out[at + i] = run[i] & 0xFFFF_FFFFL; // a float's IEEE 754 bits
                }
            }
            case INT64, DOUBLE -> longs.get(index, out, at, n);
            default -> throw new IllegalStateException("a PLAIN page of numbers holds no " + conversion);
        }
        position += n * width;
    }

    /** Moves over the next {@code bytes} of values; where they started. */
    private int next(int bytes) {
        if (page.limit() - position < bytes) {
            throw new IllegalStateException("the page's values end before its value count");
        }
        position += bytes;
        return position - bytes;
    }

    @Override
    public int readInteger() {
        return page.getInt(next(4));
    }

    @Override
    public long readLong() {
        return page.getLong(next(8));
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat(readInteger());
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public void skip() {
        skip(1);
    }

    @Override
    public void skip(int n) {
        next(n * width);
    }
}
