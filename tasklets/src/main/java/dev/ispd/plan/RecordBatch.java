package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * Up to {@link #MAX_ROWS} consecutive records of a scan buffer as a {@link ColumnBatch}: row
 * {@code i} is the record at {@code first + i * recordSize}. Reset for each batch, never
 * reallocated.
 */
final class RecordBatch extends ColumnBatch {
    private ByteBuffer buf;
    private int first;
    private int recordSize;
    private int rows;

    /** Makes this batch the {@code rows} records of {@code buf} from absolute {@code first}. */
    void reset(ByteBuffer buf, int first, int rows, int recordSize) {
        this.buf = buf;
        this.first = first;
        this.rows = rows;
        this.recordSize = recordSize;
        advance();
    }

    @Override
    int rows() {
        return rows;
    }

    @Override
    ByteBuffer buffer() {
        return buf;
    }

    @Override
    ByteBuffer buffer(int[] sel, int n) {
        return buf;
    }

    @Override
    ByteBuffer records() {
        return buf;
    }

    /** Its rows are records already ({@link #buffer}): none is stored. */
    @Override
    void storeRow(int r) {
        throw new IllegalStateException("a batch of records stores no row");
    }

    @Override
    int record(int row) {
        return first + row * recordSize;
    }

    @Override
    ByteBuffer strings() {
        return buf;
    }

    @Override
    void chars(Field f, int[] sel, int n, int[] starts, boolean[] nulls) {
        boolean nullBit = f.hasNullBit();
        for (int i = 0; i < n; i++) {
            int r = sel == null ? i : sel[i];
            int record = record(r);
            starts[r] = record + f.offset();
            nulls[r] = nullBit && f.nullBitSet(buf, record);
        }
    }

    /** Rows {@code sel[0, n)} (null {@code sel}: rows 0 to n) of {@code f}, as the whole batch's. */
    @Override
    void decode(Field f, int[] sel, int n, long[] values, boolean[] nulls) {
        readIntegers(buf, f, first, recordSize, sel, n, values);
        if (f.hasNullBit()) {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                nulls[r] = f.nullBitSet(buf, record(r));
            }
        } else if (f.nullable()) {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                nulls[r] = f.isNull(values[r]);
            }
        }
    }

    @Override
    void decodeWide(Field f, int[] sel, int n, long[] lows, long[] highs, boolean[] nulls) {
        for (int i = 0; i < n; i++) {
            wide(f, sel[i], lows, highs, nulls);
        }
    }

    @Override
    void decodeWide(Field f, long[] lows, long[] highs, boolean[] nulls) {
        for (int r = 0; r < rows; r++) {
            wide(f, r, lows, highs, nulls);
        }
    }

    private void wide(Field f, int r, long[] lows, long[] highs, boolean[] nulls) {
        int record = record(r);
        lows[r] = f.readLow(buf, record);
        highs[r] = f.readHigh(buf, record);
        if (f.hasNullBit()) {
            nulls[r] = f.nullBitSet(buf, record);
        }
    }

    @Override
    void decode(Field f, long[] values, boolean[] nulls) {
        decode(f, null, rows, values, nulls);
    }
}
