package dev.ispd.plan.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;

/**
 * A PLAIN data page of INT32, INT64, FLOAT or DOUBLE values (little-endian, 4 or 8 bytes each),
 * read a run at a time straight from the page's bytes into the batch's array ({@link #read}), as
 * the field reads them ({@link ParquetColumn.Conversion}). parquet-column's PLAIN readers give
 * one value per call through a stream. The one-value methods serve the loops that read a value at
 * a time.
 */
final class PlainNumbers extends ValuesReader {
    private final int width;
    private ByteBuffer page;
    private int position;

    /** A reader of values of {@code width} bytes: 4 (INT32, FLOAT) or 8 (INT64, DOUBLE). */
    PlainNumbers(int width) {
        this.width = width;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
        page = in.slice(in.available()).order(ByteOrder.LITTLE_ENDIAN);
        position = page.position();
    }

    /** The next {@code n} values into {@code out[at, at + n)} as a column of {@code conversion} holds them. */
    void read(ParquetColumn.Conversion conversion, long[] out, int at, int n) {
        if (page.limit() - position < n * width) {
            throw new IllegalStateException("the page's values end after " + (page.limit() - position) / width
                    + " of the " + n + " it should still hold");
        }
        switch (conversion) {
            case INT32 -> {
                for (int i = at; i < at + n; i++, position += 4) {
                    out[i] = page.getInt(position);
                }
            }
            case FLOAT -> {
                for (int i = at; i < at + n; i++, position += 4) {
                    out[i] = page.getInt(position) & 0xFFFF_FFFFL; // a float's IEEE 754 bits
                }
            }
            case INT64, DOUBLE -> {
                for (int i = at; i < at + n; i++, position += 8) {
                    out[i] = page.getLong(position);
                }
            }
            default -> throw new IllegalStateException("a PLAIN page of numbers holds no " + conversion);
        }
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
