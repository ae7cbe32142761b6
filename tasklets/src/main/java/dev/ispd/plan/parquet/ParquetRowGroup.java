package dev.ispd.plan.parquet;

import java.io.Serializable;
import java.util.List;

/**
 * One row group of a Parquet file as a plan reads it: its index in the file (for errors), its
 * row count, per column the plan reads (in {@link ParquetSource#columns} order) the codec and
 * byte length of what is sent of its column chunk, and the rows of it the plan runs over:
 * {@code count} rows from row {@code first} (the whole group, or a part whose rows fit one
 * result). The chunks' bytes arrive in that order, back to back: each whole, or for a part, where
 * the file's offset index tells its pages' rows, only its dictionary page and the data pages
 * holding the part's rows, the first of them starting at the chunk's {@link Chunk#firstRow}.
 */
public record ParquetRowGroup(int index, long rows, List<Chunk> chunks, long first, long count) implements Serializable {
    public ParquetRowGroup {
        chunks = List.copyOf(chunks);
        if (rows < 0 || first < 0 || count < 0 || first + count > rows) {
            throw new IllegalArgumentException("row group " + index + " of " + rows + " rows: rows " + first + " to "
                    + (first + count) + " are not among them");
        }
        for (Chunk c : chunks) {
            if (c.firstRow() > first || c.firstRow() + c.rows() < first + count || c.firstRow() + c.rows() > rows) {
                throw new IllegalArgumentException("row group " + index + " of " + rows + " rows: a chunk sent with rows "
                        + c.firstRow() + " to " + (c.firstRow() + c.rows()) + " lacks rows of " + first + " to "
                        + (first + count));
            }
        }
    }

    /** The whole row group. */
    public ParquetRowGroup(int index, long rows, List<Chunk> chunks) {
        this(index, rows, chunks, 0, rows);
    }

    /**
     * A column chunk: its codec (parquet-format's {@code CompressionCodec} number), the bytes sent
     * of it, the rows its data pages sent hold: {@code rows} rows from row {@code firstRow}
     * (the chunk sent whole: all the group's rows from 0), and whether every data page of it is
     * dictionary encoded, as the file's footer says (its values are dictionary ids: what decoding
     * them costs differs, {@link ParquetPlanTasklet#countDecoding}). The drive checks the pages
     * hold exactly that many values.
     */
    public record Chunk(int codec, long length, long firstRow, long rows, boolean dictionary) implements Serializable {
        public Chunk {
            if (length < 0 || firstRow < 0 || rows < 0) {
                throw new IllegalArgumentException("a column chunk of " + length + " bytes, " + rows + " rows from row "
                        + firstRow);
            }
        }

        /** A chunk whose data pages are not all dictionary encoded. */
        public Chunk(int codec, long length, long firstRow, long rows) {
            this(codec, length, firstRow, rows, false);
        }
    }

    /** Bytes of all its chunks. */
    public long bytes() {
        return chunks.stream().mapToLong(Chunk::length).sum();
    }

    /** The same row group, its plan run over {@code count} rows from row {@code first} of its whole chunks. */
    public ParquetRowGroup part(long first, long count) {
        return part(first, count, chunks);
    }

    /** The same row group, its plan run over {@code count} rows from row {@code first} of {@code sent}. */
    public ParquetRowGroup part(long first, long count, List<Chunk> sent) {
        return new ParquetRowGroup(index, rows, sent, first, count);
    }

    /** Whether the plan runs over all its rows. */
    public boolean whole() {
        return first == 0 && count == rows;
    }
}
