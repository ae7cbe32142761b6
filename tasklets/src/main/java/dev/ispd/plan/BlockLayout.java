package dev.ispd.plan;

import dev.ispd.protocol.Extent;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Records of a {@link Layout} stored column-blocked (PAX, Ailamaki et al., VLDB 2001): a block of
 * {@code R} records holds each column's {@code R} values contiguously, so that a scan reads only
 * the columns a plan needs. A column is a field's bytes (fields that share their bytes, such as a
 * field of bits and the byte it lies in, share a column) or one byte of the record no field
 * covers (a null-bit byte, padding). In a block of {@code n} records, the column of width
 * {@code w} at record offset {@code o} lies at {@code o * n} from the block's start and record
 * {@code j}'s value at {@code o * n + j * w}: the block is exactly as long as its {@code n}
 * records in rows. Blocks hold {@code R} records each but a file's last, which holds the rest
 * ({@code n < R}) laid out the same way with {@code n} for {@code R}.
 */
public record BlockLayout(Layout layout, int recordsPerBlock) {
    public BlockLayout {
        if (recordsPerBlock < 1) {
            throw new PlanException("layout", "layout " + layout.name() + ": block must be a positive number of records, got "
                    + recordsPerBlock);
        }
        if ((long) recordsPerBlock * layout.recordSize() > Integer.MAX_VALUE) {
            throw new PlanException("layout", "layout " + layout.name() + ": a block of " + recordsPerBlock
                    + " records of " + layout.recordSize() + " bytes passes 2 GiB");
        }
        for (Field f : layout.fields()) {
            for (Field g : layout.fields()) {
                boolean overlap = f.offset() < g.offset() + g.width() && g.offset() < f.offset() + f.width();
                if (overlap && (f.offset() != g.offset() || f.width() != g.width())) {
                    throw new PlanException("layout", "layout " + layout.name() + ": fields " + f.name() + " and "
                            + g.name() + " overlap in part; a blocked layout stores each field's bytes as one column, "
                            + "so fields either share all their bytes or none");
                }
            }
        }
    }

    /** Bytes of a full block: {@code R} records. */
    public int blockBytes() {
        return recordsPerBlock * layout.recordSize();
    }

    /** The record offset of the column holding byte {@code at} of the record. */
    public int columnOffset(int at) {
        for (Field f : layout.fields()) {
            if (at >= f.offset() && at < f.offset() + f.width()) {
                return f.offset();
            }
        }
        return at;
    }

    /** The width of the column holding byte {@code at} of the record. */
    public int columnWidth(int at) {
        for (Field f : layout.fields()) {
            if (at >= f.offset() && at < f.offset() + f.width()) {
                return f.width();
            }
        }
        return 1;
    }

    /**
     * Where byte {@code at} of record {@code j} lies in a block of {@code rows} records, from the
     * block's start.
     */
    public int position(int at, int rows, int j) {
        int o = columnOffset(at);
        return o * rows + j * columnWidth(at) + at - o;
    }

    /**
     * The record offsets, ascending, of the columns a scan of {@code fields} reads: each field's
     * and the column holding its null bit; with no fields (a COUNT(*) of every record), the first
     * column, so that the extents hold the records to count.
     */
    public int[] columns(List<Field> fields) {
        TreeSet<Integer> offsets = new TreeSet<>();
        if (fields.isEmpty()) {
            offsets.add(0);
        }
        for (Field f : fields) {
            offsets.add(f.offset());
            if (f.hasNullBit()) {
                offsets.add(columnOffset(f.nullBit() >>> 3));
            }
        }
        return offsets.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The extents a scan of {@code fields} reads of the {@code records} records in blocks from
     * byte {@code start} (a block's start) of object {@code objectId}: per block, in order, its
     * {@link #columns} of those fields, adjacent columns in one extent. The last block holds what
     * is left of {@code records} when it is fewer than a block's.
     */
    public List<Extent> extents(long objectId, long start, long records, List<Field> fields) {
        int[] columns = columns(fields);
        List<Extent> out = new ArrayList<>();
        long blockStart = start;
        for (long left = records; left > 0; ) {
            int n = (int) Math.min(recordsPerBlock, left);
            for (int c = 0; c < columns.length; ) {
                int from = columns[c];
                int to = from + columnWidth(from);
                for (c++; c < columns.length && columns[c] == to; c++) {
                    to += columnWidth(to);
                }
                out.add(new Extent(objectId, blockStart + (long) from * n, (long) (to - from) * n));
            }
            blockStart += (long) n * layout.recordSize();
            left -= n;
        }
        return out;
    }

    /**
     * Writes the {@code rows} records at absolute {@code from} of {@code records} as one block at
     * {@code out}'s position, which it advances by the block's bytes.
     */
    public void toBlock(ByteBuffer records, int from, int rows, ByteBuffer out) {
        int size = layout.recordSize();
        int start = out.position();
        for (int at = 0; at < size; at += columnWidth(at)) {
            int o = columnOffset(at);
            int w = columnWidth(at);
            for (int j = 0; j < rows; j++) {
                out.put(start + o * rows + j * w, records, from + j * size + o, w);
            }
        }
        out.position(start + rows * size);
    }
}
