package dev.ispd.plan.parquet;

/**
 * Parquet bytes the drive's decoder cannot read: a truncated or damaged column chunk, an encoding
 * or codec it does not know, a value that does not fit its field. The message names the file,
 * the row group and the column; the drive fails the execution with it (TASKLET_FAILED).
 */
public final class ParquetDecodeException extends RuntimeException {
    public ParquetDecodeException(String message, Throwable cause) {
        super(message, cause);
    }
}
