package dev.ispd.offload.plan;

/**
 * One input file of a job: its name on the engine's file system, its length in bytes, the
 * record size its recorded layout says (0 if it records none), which the job's tasklet must share,
 * how many records a block holds where its records are stored column-blocked
 * ({@link dev.ispd.plan.BlockLayout}; 0: in rows), and for a Parquet file its row groups as read
 * from its footer (null for a file of records).
 */
public record InputFile(String path, long length, int recordedRecordSize, int recordsPerBlock, ParquetInput parquet) {
    /** A file that records no layout. */
    public InputFile(String path, long length) {
        this(path, length, 0);
    }

    /** A file of records in rows. */
    public InputFile(String path, long length, int recordedRecordSize) {
        this(path, length, recordedRecordSize, 0, null);
    }

    /** A file of records stored column-blocked, {@code recordsPerBlock} to a block (0: in rows). */
    public static InputFile blocked(String path, long length, int recordedRecordSize, int recordsPerBlock) {
        return new InputFile(path, length, recordedRecordSize, recordsPerBlock, null);
    }

    /** A Parquet file. */
    public static InputFile parquet(String path, long length, ParquetInput parquet) {
        return new InputFile(path, length, 0, 0, parquet);
    }
}
