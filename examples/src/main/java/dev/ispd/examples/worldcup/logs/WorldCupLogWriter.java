package dev.ispd.examples.worldcup.logs;

import dev.ispd.worldcup.WorldCup98;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes WorldCup98 entries to a log, gzip-compressed or raw. With 20-byte entries this is the
 * published format ({@code wc_dayX_Y.gz} when compressed); larger entry sizes write the padded
 * entries as they are (the paper's variant), which {@link WorldCupLogReader} does not read back
 * as records.
 */
public final class WorldCupLogWriter implements Closeable {
    private static final int BUFFER_BYTES = 64 << 10;

    private final OutputStream out;
    private final int entrySize;
    private final byte[] staging = new byte[BUFFER_BYTES];
    private long entries;

    private WorldCupLogWriter(OutputStream out, int entrySize) {
        WorldCup98.requireEntrySize(entrySize);
        this.out = out;
        this.entrySize = entrySize;
    }

    /** Creates (overwrites) {@code file}; gzip-compressed when its name ends in {@code .gz}. */
    public static WorldCupLogWriter create(Path file, int entrySize) throws IOException {
        return of(Files.newOutputStream(file), isGzipName(file.getFileName().toString()), entrySize);
    }

    /** Writes to {@code out} (closed with the writer), gzip-compressed or raw as asked. */
    public static WorldCupLogWriter of(OutputStream out, boolean gzip, int entrySize) throws IOException {
        OutputStream buffered = new BufferedOutputStream(out, BUFFER_BYTES);
        return new WorldCupLogWriter(gzip ? new GZIPOutputStream(buffered, BUFFER_BYTES) : buffered, entrySize);
    }

    /** Whether a log of this name is written gzip-compressed. */
    public static boolean isGzipName(String name) {
        return name.endsWith(".gz");
    }

    /** Entries written so far. */
    public long entries() {
        return entries;
    }

    /** Writes the whole entries from {@code src}'s position to its limit, advancing the position. */
    public void write(ByteBuffer src) throws IOException {
        if (src.remaining() % entrySize != 0) {
            throw new IllegalArgumentException(src.remaining() + " bytes are not whole entries of " + entrySize + " bytes");
        }
        long count = src.remaining() / entrySize;
        if (src.hasArray()) {
            out.write(src.array(), src.arrayOffset() + src.position(), src.remaining());
            src.position(src.limit());
        } else {
            while (src.hasRemaining()) {
                int n = Math.min(staging.length, src.remaining());
                src.get(staging, 0, n);
                out.write(staging, 0, n);
            }
        }
        entries += count;
    }

    /** Finishes the gzip stream (if any) and closes the file. */
    @Override
    public void close() throws IOException {
        out.close();
    }
}
