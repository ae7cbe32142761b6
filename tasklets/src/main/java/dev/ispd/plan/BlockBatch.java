package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Up to {@link ColumnBatch#MAX_ROWS} consecutive records of a block of column-blocked records
 * ({@link BlockLayout}) as a {@link ColumnBatch}, from the block's columns that a plan reads
 * ({@link BlockLayout#columns}), which lie back to back in the scan's buffer, in record order:
 * each field is decoded straight from its column's values, and a string read where its column
 * holds it ({@link #chars}), nothing copied. A part of a plan that reads records ({@link #buffer}:
 * a sink of rows, hashed group keys, the rerun after an error) gets the batch's rows as records of the layout,
 * gathered once for the batch from those columns; the other bytes of the records are not filled
 * (no part of the plan reads them). Reset for each batch, never reallocated.
 */
final class BlockBatch extends ColumnBatch {
    private final int recordSize;
    /** The columns the block holds, by record offset, ascending, and their widths. */
    private final int[] offsets;
    private final int[] widths;
    /** Per byte of the record, the index of the column holding it, or -1. */
    private final int[] columnOf;
    /** Per column, where its values start: {@code rows} times the widths of the columns before it. */
    private final int[] starts;
    private final ByteBuffer records;
    private ByteBuffer buf;
    private int firstRow;
    private int rows;
    /** The dense GROUP BY key {@link #keyColumns} holds the columns of, or null. */
    private KeyPacker keyPacker;
    private long[][] keyColumns;
    /** The NULLs of a key's column: dense keys are never NULL, but {@link #decode} writes them where a field is nullable. */
    private final boolean[] keyNulls = new boolean[ColumnBatch.MAX_ROWS];

    /** A batch over blocks of {@code blocks} that hold the columns at record offsets {@code columns} ({@link BlockLayout#columns}). */
    BlockBatch(BlockLayout blocks, int[] columns) {
        this.recordSize = blocks.layout().recordSize();
        this.offsets = columns.clone();
        this.widths = new int[columns.length];
        this.columnOf = new int[recordSize];
        Arrays.fill(columnOf, -1);
        for (int c = 0; c < columns.length; c++) {
            widths[c] = blocks.columnWidth(columns[c]);
            Arrays.fill(columnOf, columns[c], columns[c] + widths[c], c);
        }
        this.starts = new int[columns.length];
        this.records = ByteBuffer.allocate(capacity(recordSize) * recordSize);
    }

    /** Bytes of a block of {@code rows} records' columns. */
    int blockBytes(int rows) {
        return rows * Arrays.stream(widths).sum();
    }

    /**
     * Makes this batch the {@code rows} records from record {@code firstRow} of the block of
     * {@code blockRows} records whose columns start at absolute {@code blockStart} of {@code buf}.
     */
    void reset(ByteBuffer buf, int blockStart, int blockRows, int firstRow, int rows) {
        this.buf = buf;
        this.firstRow = firstRow;
        this.rows = rows;
        int at = blockStart;
        for (int c = 0; c < offsets.length; c++) {
            starts[c] = at;
            at += blockRows * widths[c];
        }
        records.order(buf.order());
        advance();
    }

    @Override
    int rows() {
        return rows;
    }

    /**
     * The position that, as row 0's record, puts {@code field}'s value where the block holds it
     * ({@code Field} reads its value at the record plus its offset); row {@code r}'s is {@code r}
     * times the field's width (its column's) on.
     */
    private int valueRecord(Field field) {
        int c = column(field.offset(), field);
        return starts[c] + firstRow * widths[c] - field.offset();
    }

    /**
     * The position that, as row 0's record, puts the byte of {@code field}'s null bit where the
     * block holds it; row {@code r}'s is {@link #nullStride} times {@code r} on.
     */
    private int nullRecord(Field field) {
        int at = field.nullBit() >>> 3;
        int c = column(at, field);
        return starts[c] + firstRow * widths[c] + at - offsets[c] - at;
    }

    /** How far apart the bytes of {@code field}'s null bit of consecutive rows lie: its column's width. */
    private int nullStride(Field field) {
        return widths[column(field.nullBit() >>> 3, field)];
    }

    /** Whether one column holds every byte of {@code field}'s value, and one its null bit's. */
    @Override
    boolean holds(Field field) {
        int c = columnOf[field.offset()];
        return c >= 0 && field.offset() + field.width() <= offsets[c] + widths[c]
                && (!field.hasNullBit() || columnOf[field.nullBit() >>> 3] >= 0);
    }

    /** The column holding byte {@code at} of the record, which {@code field} reads. */
    private int column(int at, Field field) {
        int c = columnOf[at];
        if (c < 0) {
            throw new IllegalStateException("field " + field.name() + " reads byte " + at
                    + " of the record, which is in no column the blocks hold");
        }
        return c;
    }

    @Override
    void decode(Field f, long[] values, boolean[] nulls) {
        decode(f, null, rows, values, nulls);
    }

    /** Rows {@code sel[0, n)} (null {@code sel}: rows 0 to n) of {@code f}'s column. */
    @Override
    void decode(Field f, int[] sel, int n, long[] values, boolean[] nulls) {
        boolean whole = f.bitCount() == 0 && f.bitOffset() == 0;
        boolean sameOrder = f.bigEndian() == (buf.order() == ByteOrder.BIG_ENDIAN);
        int base = valueRecord(f);
        int at = base + f.offset();
        if (whole && f.width() == 8) { // the common widths in one load each, as RecordBatch reads them
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                long v = buf.getLong(at + 8 * r);
                values[r] = sameOrder ? v : Long.reverseBytes(v);
            }
        } else if (whole && f.width() == 4 && f.signed()) {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                int v = buf.getInt(at + 4 * r);
                values[r] = sameOrder ? v : Integer.reverseBytes(v);
            }
        } else {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                values[r] = f.readInteger(buf, base + r * f.width());
            }
        }
        if (f.hasNullBit()) {
            nullBits(f, sel, n, nulls);
        } else if (f.nullable()) {
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                nulls[r] = f.isNull(values[r]);
            }
        }
    }

    @Override
    void decodeWide(Field f, long[] lows, long[] highs, boolean[] nulls) {
        int base = valueRecord(f);
        for (int r = 0; r < rows; r++) {
            int record = base + r * f.width();
            lows[r] = f.readLow(buf, record);
            highs[r] = f.readHigh(buf, record);
        }
        if (f.hasNullBit()) {
            nullBits(f, null, rows, nulls);
        }
    }

    @Override
    void decodeWide(Field f, int[] sel, int n, long[] lows, long[] highs, boolean[] nulls) {
        int base = valueRecord(f);
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            int record = base + r * f.width();
            lows[r] = f.readLow(buf, record);
            highs[r] = f.readHigh(buf, record);
        }
        if (f.hasNullBit()) {
            nullBits(f, sel, n, nulls);
        }
    }

    /** The NULLs by {@code f}'s null bit of rows {@code sel[0, n)} (null {@code sel}: rows 0 to n). */
    private void nullBits(Field f, int[] sel, int n, boolean[] nulls) {
        int nullAt = nullRecord(f);
        int nullStride = nullStride(f);
        for (int i = 0; i < n; i++) {
            int r = sel == null ? i : sel[i];
            nulls[r] = f.nullBitSet(buf, nullAt + r * nullStride);
        }
    }

    /** Packs the dense keys from the key fields' columns, as a batch of records would from the records. */
    @Override
    void keys(KeyPacker packer, int[] sel, int n, int[] packed) {
        if (packer != keyPacker) { // once per plan: arrays for its key's columns
            keyColumns = new long[packer.fields().length][ColumnBatch.MAX_ROWS];
            keyPacker = packer;
        }
        Field[] keys = packer.fields();
        for (int k = 0; k < keys.length; k++) {
            decode(keys[k], sel, n, keyColumns[k], keyNulls);
        }
        for (int i = 0; i < n; i++) {
            packed[i] = packer.pack(keyColumns, sel[i]);
        }
    }

    @Override
    ByteBuffer strings() {
        return buf;
    }

    /** A string's bytes where its column holds them; its NULL from the column of its null bit. */
    @Override
    void chars(Field f, int[] sel, int n, int[] places, boolean[] nulls) {
        int base = valueRecord(f) + f.offset();
        for (int i = 0; i < n; i++) {
            int r = sel == null ? i : sel[i];
            places[r] = base + r * f.width();
        }
        if (f.hasNullBit()) {
            nullBits(f, sel, n, nulls);
        } else {
            for (int i = 0; i < n; i++) {
                nulls[sel == null ? i : sel[i]] = false;
            }
        }
    }

    /** Where {@code field} is its column's whole value (its offset and width): its values in place. */
    @Override
    long fieldRecord(Field field) {
        int c = column(field.offset(), field);
        return offsets[c] == field.offset() && widths[c] == field.width() ? valueRecord(field) : NOT_IN_PLACE;
    }

    @Override
    ByteBuffer records() {
        return records;
    }

    /**
     * The rows' records gathered a column at a time, each value one array copy (a block's buffer
     * is on the heap; else a row at a time, {@link #storeRow}).
     */
    @Override
    void storeRows(int[] sel, int n) {
        if (!buf.hasArray()) {
            super.storeRows(sel, n);
            return;
        }
        for (int c = 0; c < offsets.length; c++) {
            storeColumn(c, sel, n);
        }
    }

    /** Only the columns of {@code fields} (values and null bits) of the rows, gathered as {@link #storeRows} does. */
    @Override
    ByteBuffer buffer(int[] sel, int n, Field[] fields) {
        if (stored() || !buf.hasArray()) {
            return buffer(sel, n);
        }
        for (Field f : fields) {
            storeColumn(column(f.offset(), f), sel, n);
            if (f.hasNullBit()) {
                storeColumn(column(f.nullBit() >>> 3, f), sel, n);
            }
        }
        return records;
    }

    /** Column {@code c}'s values of rows {@code sel[0, n)} (null: rows 0 to n) into their records. */
    private void storeColumn(int c, int[] sel, int n) {
        byte[] from = buf.array();
        byte[] to = records.array();
        int width = widths[c];
        int column = buf.arrayOffset() + starts[c] + firstRow * width;
        int offset = offsets[c];
        for (int i = 0; i < n; i++) {
            int r = sel == null ? i : sel[i];
            System.arraycopy(from, column + r * width, to, offset + r * recordSize, width);
        }
    }

    /** Row {@code r}'s columns into its record (a record is gathered from the columns). */
    @Override
    void storeRow(int r) {
        int to = r * recordSize;
        int j = firstRow + r;
        for (int c = 0; c < offsets.length; c++) {
            records.put(to + offsets[c], buf, starts[c] + j * widths[c], widths[c]);
        }
    }

    /** How many of its batches were gathered into records: none where every part of a plan reads columns. */
    long batchesGathered() {
        return batchesStored();
    }

    @Override
    int record(int row) {
        return row * recordSize;
    }
}
