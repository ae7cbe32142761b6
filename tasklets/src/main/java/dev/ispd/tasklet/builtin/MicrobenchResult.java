package dev.ispd.tasklet.builtin;

/**
 * The decoded result of {@code microbench}: pages scanned and ints equal to the key.
 * Layout: {@code u64 pages}, {@code u64 matches}, little-endian.
 */
public record MicrobenchResult(long pages, long matches) {
    /** Bytes of the encoded result. */
    public static final int SIZE = 16;

    public static MicrobenchResult decode(byte[] result) {
        if (result.length != SIZE) {
            throw new IllegalArgumentException("microbench result must be " + SIZE + " bytes, got " + result.length);
        }
        ResultReader r = new ResultReader("microbench", result);
        return new MicrobenchResult(r.u64(), r.u64());
    }
}
