package dev.ispd.plan.parquet;

import java.io.Serializable;
import java.util.List;

/**
 * One row group of a Parquet file as a plan reads it: its index in the file (for errors), its
 * row count, per column the plan reads (in {@link ParquetSource#columns} order) the codec and
 * byte length of its column chunk, and the rows of it the plan runs over: {@code count} rows from
 * row {@code first} (the whole group, or a part whose rows fit one result). The chunks' bytes
 * arrive in that order, back to back, whole whatever the part.
 */
public record ParquetRowGroup(int index, long rows, List<Chunk> chunks, long first, long count) implements Serializable {
    public ParquetRowGroup {
        chunks = List.copyOf(chunks);
        if (rows < 0 || first < 0 || count < 0 || first + count > rows) {
            throw new IllegalArgumentException("row group " + index + " of " + rows + " rows: rows " + first + " to "
                    + (first + count) + " are not among them");
        }
    }

    /** The whole row group. */
    public ParquetRowGroup(int index, long rows, List<Chunk> chunks) {
        this(index, rows, chunks, 0, rows);
    }

    /** A column chunk: its codec (parquet-format's {@code CompressionCodec} number) and its bytes. */
    public record Chunk(int codec, long length) implements Serializable { }

    /** Bytes of all its chunks. */
    public long bytes() {
        return chunks.stream().mapToLong(Chunk::length).sum();
    }

    /** The same row group, its plan run over {@code count} rows from row {@code first}. */
    public ParquetRowGroup part(long first, long count) {
        return new ParquetRowGroup(index, rows, chunks, first, count);
    }

    /** Whether the plan runs over all its rows. */
    public boolean whole() {
        return first == 0 && count == rows;
    }
}
