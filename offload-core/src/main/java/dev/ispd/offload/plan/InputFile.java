package dev.ispd.offload.plan;

/**
 * One input file of a job: its name on the engine's file system, its length in bytes, and the
 * record size its recorded layout says (0 if it records none), which the job's tasklet must share.
 */
public record InputFile(String path, long length, int recordedRecordSize) {
    /** A file that records no layout. */
    public InputFile(String path, long length) {
        this(path, length, 0);
    }
}
