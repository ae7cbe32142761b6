package dev.ispd.examples.worldcup.logs;

import dev.ispd.worldcup.WorldCup98;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Streams the 20-byte records of a published WorldCup98 log ({@code wc_dayX_Y.gz}, or the same
 * bytes uncompressed) into the caller's buffers, whole records only, with no allocation per
 * record. Gzip is recognised by its magic bytes (1f 8b), not by the name; concatenated gzip
 * members read as one stream. An empty file holds zero records (days 1-4 are empty files).
 * A log whose length is not a whole number of records, or whose gzip stream is corrupt or
 * truncated, fails with a {@link LogFormatException} naming the file and the offsets.
 */
public final class WorldCupLogReader implements Closeable {
    /** The name of standard input in messages. */
    public static final String STDIN = "<stdin>";

    private static final int RECORD = WorldCup98.RECORD_SIZE;
    private static final byte[] ZEROS = new byte[256 - RECORD];
    private static final int STAGING_BYTES = 64 << 10;

    private final String name;
    private final CountingInputStream counted;
    private final InputStream records;
    private final boolean gzip;
    private final byte[] staging = new byte[STAGING_BYTES];
    private int stagedPos;
    private int stagedEnd;
    /** Uncompressed bytes taken from the stream so far (delivered or staged). */
    private long decoded;
    private long delivered;
    private boolean ended;

    private WorldCupLogReader(String name, CountingInputStream counted, InputStream records, boolean gzip) {
        this.name = name;
        this.counted = counted;
        this.records = records;
        this.gzip = gzip;
    }

    /** Opens a local log file. */
    public static WorldCupLogReader open(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(file + ": is a directory, not a log file");
        }
        try {
            return of(Files.newInputStream(file), file.toString());
        } catch (NoSuchFileException e) {
            throw new FileNotFoundException(file + ": no such file");
        }
    }

    /** Reads standard input, named {@value #STDIN} in messages. */
    public static WorldCupLogReader stdin() throws IOException {
        return of(System.in, STDIN);
    }

    /** Reads a log from {@code in} (closed with the reader), named {@code name} in messages. */
    public static WorldCupLogReader of(InputStream in, String name) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(in, STAGING_BYTES);
        boolean gzip = startsWithGzipMagic(buffered);
        CountingInputStream counted = new CountingInputStream(buffered);
        if (!gzip) {
            return new WorldCupLogReader(name, counted, counted, false);
        }
        try {
            return new WorldCupLogReader(name, counted, new GzipCompressorInputStream(counted, true), true);
        } catch (IOException e) {
            buffered.close();
            throw corrupt(name, counted.count(), 0, e);
        }
    }

    private static boolean startsWithGzipMagic(BufferedInputStream in) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        return b0 == 0x1f && b1 == 0x8b;
    }

    /** The file name, or {@value #STDIN}. */
    public String name() {
        return name;
    }

    /** Whether the log is gzip-compressed. */
    public boolean compressed() {
        return gzip;
    }

    /** Records delivered so far. */
    public long records() {
        return delivered;
    }

    /** Bytes consumed from the file so far (compressed bytes for a gzip log): the reader's progress. */
    public long bytesConsumed() {
        return counted.count();
    }

    /** {@link #read(ByteBuffer, int)} with unpadded 20-byte records. */
    public int read(ByteBuffer dst) throws IOException {
        return read(dst, RECORD);
    }

    /**
     * Puts as many whole records as fit into {@code dst} from its position, each followed by
     * zero bytes up to {@code entrySize}, and advances the position.
     *
     * @return records put, or -1 at the end of the log
     */
    public int read(ByteBuffer dst, int entrySize) throws IOException {
        WorldCup98.requireEntrySize(entrySize);
        if (dst.remaining() < entrySize) {
            throw new IllegalArgumentException("no room for one entry of " + entrySize + " bytes: " + dst.remaining()
                    + " remaining");
        }
        int put = 0;
        while (dst.remaining() >= entrySize) {
            int whole = (stagedEnd - stagedPos) / RECORD;
            if (whole == 0) {
                if (!refill()) {
                    break;
                }
                continue;
            }
            int n = Math.min(whole, dst.remaining() / entrySize);
            if (entrySize == RECORD) {
                dst.put(staging, stagedPos, n * RECORD);
                stagedPos += n * RECORD;
            } else {
                for (int i = 0; i < n; i++, stagedPos += RECORD) {
                    dst.put(staging, stagedPos, RECORD).put(ZEROS, 0, entrySize - RECORD);
                }
            }
            put += n;
        }
        delivered += put;
        return put == 0 && ended ? -1 : put;
    }

    /** Moves the partial record to the front and reads more; false at the end of the log. */
    private boolean refill() throws IOException {
        if (ended) {
            return false;
        }
        int partial = stagedEnd - stagedPos;
        System.arraycopy(staging, stagedPos, staging, 0, partial);
        stagedPos = 0;
        stagedEnd = partial;
        int n = readDecoded(staging, partial, staging.length - partial);
        if (n < 0) {
            ended = true;
            if (partial > 0) {
                throw new LogFormatException(name, decoded - partial, gzip ? counted.count() : -1,
                        partial + " trailing bytes after the last whole record at uncompressed offset "
                                + (decoded - partial) + " (the log must be whole " + RECORD + "-byte records)", null);
            }
            return false;
        }
        stagedEnd += n;
        decoded += n;
        return true;
    }

    private int readDecoded(byte[] b, int off, int len) throws IOException {
        if (!gzip) {
            return records.read(b, off, len);
        }
        try {
            return records.read(b, off, len);
        } catch (IOException e) {
            ended = true;
            throw corrupt(name, counted.count(), decoded, e);
        }
    }

    private static LogFormatException corrupt(String name, long compressedOffset, long uncompressedOffset,
                                              IOException cause) {
        String why = cause instanceof EOFException ? "the file ends inside a gzip member"
                : cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new LogFormatException(name, uncompressedOffset, compressedOffset,
                "corrupt or truncated gzip stream at compressed offset " + compressedOffset + " (uncompressed offset "
                        + uncompressedOffset + "): " + why, cause);
    }

    @Override
    public void close() throws IOException {
        records.close();
    }
}
