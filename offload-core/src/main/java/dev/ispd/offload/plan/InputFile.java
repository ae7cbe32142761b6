package dev.ispd.offload.plan;

import dev.ispd.plan.BlockLayout;

/**
 * One input file of a job: its name on the engine's file system, its length in bytes, the
 * record size its recorded layout says (0 if it records none), which the job's tasklet must share,
 * where its records are stored column-blocked their blocks by its recorded layout
 * ({@link BlockLayout}; null: in rows), and for a Parquet file its row groups as read from its
 * footer (null for a file of records).
 */
public record InputFile(String path, long length, int recordedRecordSize, BlockLayout blocks, ParquetInput parquet) {
    /** A file that records no layout. */
    public InputFile(String path, long length) {
        this(path, length, 0);
    }

    /** A file of records in rows. */
    public InputFile(String path, long length, int recordedRecordSize) {
        this(path, length, recordedRecordSize, null, null);
    }

    /** A file of records stored column-blocked as {@code blocks} say (null: in rows). */
    public static InputFile blocked(String path, long length, BlockLayout blocks) {
        return new InputFile(path, length, blocks.layout().recordSize(), blocks, null);
    }

    /** A Parquet file. */
    public static InputFile parquet(String path, long length, ParquetInput parquet) {
        return new InputFile(path, length, 0, null, parquet);
    }
}
