package dev.ispd.examples.worldcup.logs;

import java.io.IOException;

/**
 * A WorldCup98 log that is not a whole sequence of 20-byte records, or whose gzip stream is
 * corrupt or truncated. The message names the file and the byte offsets where reading stopped.
 */
public final class LogFormatException extends IOException {
    private final String source;
    private final long uncompressedOffset;
    private final long compressedOffset;

    /**
     * @param source             the file name, or {@code <stdin>}
     * @param uncompressedOffset record bytes delivered before the fault
     * @param compressedOffset   bytes of the gzip stream consumed when it was found, or -1 for a raw log
     */
    LogFormatException(String source, long uncompressedOffset, long compressedOffset, String message, Throwable cause) {
        super(source + ": " + message, cause);
        this.source = source;
        this.uncompressedOffset = uncompressedOffset;
        this.compressedOffset = compressedOffset;
    }

    public String source() {
        return source;
    }

    /** Offset in the uncompressed records where reading stopped (the start of the trailing bytes, say). */
    public long uncompressedOffset() {
        return uncompressedOffset;
    }

    /** Offset in the compressed file reached when the fault was found; -1 for an uncompressed log. */
    public long compressedOffset() {
        return compressedOffset;
    }
}
