package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Up to {@link ColumnBatch#MAX_ROWS} consecutive records of a column-blocked block
 * ({@link BlockLayout}) as a {@link ColumnBatch}: each field is decoded straight from its column's
 * values in the block, nothing copied. A part of a plan that reads records ({@link #buffer}: a
 * WHERE of plain field leaves, a string expression, a sink other than dense groups, the rerun
 * after an error) gets the batch's rows as records of the layout, gathered once for the batch
 * from the columns of the fields the plan reads (and the bytes of their null bits); the other
 * bytes of those records are not filled. Reset for each batch, never reallocated.
 */
final class BlockBatch extends ColumnBatch {
    private final BlockLayout blocks;
    private final int recordSize;
    /** The columns gathered into records: record offsets and widths. */
    private final int[] gatherOffsets;
    private final int[] gatherWidths;
    private final ByteBuffer records;
    private ByteBuffer buf;
    private int blockStart;
    private int blockRows;
    private int firstRow;
    private int rows;
    /** Whether {@link #records} holds this batch's rows. */
    private boolean stored;

    /** A batch over blocks of {@code blocks} of which a plan reads {@code fields}. */
    BlockBatch(BlockLayout blocks, List<Field> fields) {
        this.blocks = blocks;
        this.recordSize = blocks.layout().recordSize();
        Set<Integer> columns = new LinkedHashSet<>();
        for (Field f : fields) {
            columns.add(f.offset());
            if (f.hasNullBit()) {
                columns.add(blocks.columnOffset(f.nullBit() >>> 3));
            }
        }
        this.gatherOffsets = columns.stream().mapToInt(Integer::intValue).toArray();
        this.gatherWidths = columns.stream().mapToInt(blocks::columnWidth).toArray();
        this.records = ByteBuffer.allocate(capacity(recordSize) * recordSize);
    }

    /**
     * Makes this batch the {@code rows} records from record {@code firstRow} of the block of
     * {@code blockRows} records at absolute {@code blockStart} of {@code buf}.
     */
    void reset(ByteBuffer buf, int blockStart, int blockRows, int firstRow, int rows) {
        this.buf = buf;
        this.blockStart = blockStart;
        this.blockRows = blockRows;
        this.firstRow = firstRow;
        this.rows = rows;
        this.stored = false;
        records.order(buf.order());
        advance();
    }

    @Override
    int rows() {
        return rows;
    }

    /**
     * The position that, as a record's, puts {@code field}'s value of row {@code r} where the block
     * holds it ({@code Field} reads its value at the record plus its offset).
     */
    private int valueRecord(Field field, int r) {
        return blockStart + field.offset() * (blockRows - 1) + (firstRow + r) * field.width();
    }

    /**
     * The position that, as row 0's record, puts the byte of {@code field}'s null bit where the
     * block holds it; row {@code r}'s is {@link #nullStride} times {@code r} on.
     */
    private int nullRecord(Field field) {
        int at = field.nullBit() >>> 3;
        return blockStart + blocks.position(at, blockRows, firstRow) - at;
    }

    /** How far apart the bytes of {@code field}'s null bit of consecutive rows lie: its column's width. */
    private int nullStride(Field field) {
        return blocks.columnWidth(field.nullBit() >>> 3);
    }

    @Override
    void decode(Field f, long[] values, boolean[] nulls) {
        for (int r = 0; r < rows; r++) {
            values[r] = f.readInteger(buf, valueRecord(f, r));
        }
        decodeNulls(f, values, nulls);
    }

    @Override
    void decode(Field f, int[] sel, int n, long[] values, boolean[] nulls) {
        boolean nullBit = f.hasNullBit();
        int nullAt = nullBit ? nullRecord(f) : 0;
        int nullStride = nullBit ? nullStride(f) : 0;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            long v = f.readInteger(buf, valueRecord(f, r));
            values[r] = v;
            if (f.nullable()) {
                nulls[r] = nullBit ? f.nullBitSet(buf, nullAt + r * nullStride) : f.isNull(v);
            }
        }
    }

    private void decodeNulls(Field f, long[] values, boolean[] nulls) {
        if (f.hasNullBit()) {
            nullBits(f, nulls);
        } else if (f.nullable()) {
            for (int r = 0; r < rows; r++) {
                nulls[r] = f.isNull(values[r]);
            }
        }
    }

    @Override
    void decodeWide(Field f, long[] lows, long[] highs, boolean[] nulls) {
        for (int r = 0; r < rows; r++) {
            int record = valueRecord(f, r);
            lows[r] = f.readLow(buf, record);
            highs[r] = f.readHigh(buf, record);
        }
        if (f.hasNullBit()) {
            nullBits(f, nulls);
        }
    }

    /** Every row's NULL by {@code f}'s null bit. */
    private void nullBits(Field f, boolean[] nulls) {
        int nullAt = nullRecord(f);
        int nullStride = nullStride(f);
        for (int r = 0; r < rows; r++) {
            nulls[r] = f.nullBitSet(buf, nullAt + r * nullStride);
        }
    }

    @Override
    void decodeWide(Field f, int[] sel, int n, long[] lows, long[] highs, boolean[] nulls) {
        boolean nullBit = f.hasNullBit();
        int nullAt = nullBit ? nullRecord(f) : 0;
        int nullStride = nullBit ? nullStride(f) : 0;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            int record = valueRecord(f, r);
            lows[r] = f.readLow(buf, record);
            highs[r] = f.readHigh(buf, record);
            if (nullBit) {
                nulls[r] = f.nullBitSet(buf, nullAt + r * nullStride);
            }
        }
    }

    @Override
    ByteBuffer buffer() {
        if (!stored) {
            for (int r = 0; r < rows; r++) {
                gather(r);
            }
            stored = true;
        }
        return records;
    }

    /** Gathers only rows {@code sel[0, n)} into records, unless the whole batch is already. */
    @Override
    ByteBuffer buffer(int[] sel, int n) {
        if (!stored) {
            for (int i = 0; i < n; i++) {
                gather(sel[i]);
            }
        }
        return records;
    }

    /** Row {@code r}'s columns of the plan's fields into its record. */
    private void gather(int r) {
        int to = r * recordSize;
        int j = firstRow + r;
        for (int c = 0; c < gatherOffsets.length; c++) {
            int o = gatherOffsets[c];
            int w = gatherWidths[c];
            records.put(to + o, buf, blockStart + o * blockRows + j * w, w);
        }
    }

    @Override
    int record(int row) {
        return row * recordSize;
    }
}
