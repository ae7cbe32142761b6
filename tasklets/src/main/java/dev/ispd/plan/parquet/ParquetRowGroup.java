package dev.ispd.plan.parquet;

import java.io.Serializable;
import java.util.List;

/**
 * One row group of a Parquet file as a plan reads it: its index in the file (for errors), its
 * row count, and per column the plan reads (in {@link ParquetSource#columns} order) the codec and
 * byte length of its column chunk. The chunks' bytes arrive in that order, back to back.
 */
public record ParquetRowGroup(int index, long rows, List<Chunk> chunks) implements Serializable {
    public ParquetRowGroup {
        chunks = List.copyOf(chunks);
    }

    /** A column chunk: its codec (parquet-format's {@code CompressionCodec} number) and its bytes. */
    public record Chunk(int codec, long length) implements Serializable { }

    /** Bytes of all its chunks. */
    public long bytes() {
        return chunks.stream().mapToLong(Chunk::length).sum();
    }
}
