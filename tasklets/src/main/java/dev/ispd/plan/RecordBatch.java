package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

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

    /** Its rows are records in place: each handed to the sink as its record, nothing read through the batch. */
    @Override
    void handEach(RowSink sink, int[] sel, int n, Work work) {
        work.rowsOneAtATime += n;
        for (int i = 0; i < n; i++) {
            sink.accept(buf, record(sel[i]), work);
        }
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

    /**
     * Rows {@code sel[0, n)} (null {@code sel}: rows 0 to n) of {@code f}: the common widths in one
     * load each, so that a WHERE leaf over the rows an earlier one left reads as fast as over all.
     */
    @Override
    void decode(Field f, int[] sel, int n, long[] values, boolean[] nulls) {
        boolean whole = f.bitCount() == 0 && f.bitOffset() == 0;
        boolean sameOrder = f.bigEndian() == (buf.order() == ByteOrder.BIG_ENDIAN);
        int at = first + f.offset();
        if (whole && f.width() == 8) { // the common widths in one load each
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                long v = buf.getLong(at + r * recordSize);
                values[r] = sameOrder ? v : Long.reverseBytes(v);
            }
        } else if (whole && f.width() == 4 && f.signed()) {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                int v = buf.getInt(at + r * recordSize);
                values[r] = sameOrder ? v : Integer.reverseBytes(v);
            }
        } else {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                values[r] = f.readInteger(buf, record(r));
            }
        }
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
