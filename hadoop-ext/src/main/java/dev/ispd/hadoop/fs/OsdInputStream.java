package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * Reads a file chunk by chunk through the native client: sequential reads fill a direct buffer
 * with up to its capacity of one chunk per READ_OBJECT; positioned reads go straight to the
 * chunks without touching the buffer or the position. The chunk list is the one the file had
 * when it was opened. The stream opens its own connection to each drive it reads from and closes
 * them on {@link #close}.
 */
final class OsdInputStream extends FSInputStream {
    private final DriveSet drives;
    private final String path;
    private final long chunkSize;
    private final long length;
    private final List<Chunk> chunks;
    private final FileSystem.Statistics stats;
    private final Drive[] connections;
    private final ByteBuffer buf;
    /** The file offset of buf's byte 0; buf holds [bufStart, bufStart + buf.limit()). */
    private long bufStart;
    private long pos;
    private volatile boolean closed;

    OsdInputStream(DriveSet drives, String path, Namespace.File file, int bufferSize, FileSystem.Statistics stats) {
        this.drives = drives;
        this.path = path;
        this.chunkSize = file.chunkSize;
        this.length = file.length;
        this.chunks = file.chunks;
        this.stats = stats;
        this.connections = new Drive[drives.size()];
        this.buf = ByteBuffer.allocateDirect((int) Math.max(1, Math.min(bufferSize, Math.min(length, chunkSize))));
        this.buf.limit(0);
    }

    @Override
    public synchronized void seek(long target) throws IOException {
        checkOpen();
        if (target < 0) {
            throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + target + " in " + path);
        }
        if (target > length) {
            throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + target + " in " + path
                    + " of length " + length);
        }
        pos = target;
    }

    @Override
    public synchronized long getPos() throws IOException {
        return pos;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
        return false; // one copy of each chunk
    }

    @Override
    public synchronized int available() throws IOException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, length - pos);
    }

    @Override
    public synchronized int read() throws IOException {
        checkOpen();
        if (pos >= length) {
            return -1;
        }
        fillAtPos();
        int b = buf.get((int) (pos - bufStart)) & 0xFF;
        pos++;
        if (stats != null) {
            stats.incrementBytesRead(1);
        }
        return b;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        checkOpen();
        if (len == 0) {
            return 0;
        }
        if (pos >= length) {
            return -1;
        }
        int done = 0;
        while (done < len && pos < length) {
            fillAtPos();
            int at = (int) (pos - bufStart);
            int n = Math.min(len - done, buf.limit() - at);
            buf.get(at, b, off + done, n);
            done += n;
            pos += n;
        }
        if (stats != null) {
            stats.incrementBytesRead(done);
        }
        return done;
    }

    /** Makes the buffer hold the byte at {@code pos} (which is below the length). */
    private void fillAtPos() throws IOException {
        if (pos >= bufStart && pos < bufStart + buf.limit()) {
            return;
        }
        int index = (int) (pos / chunkSize);
        Chunk c = chunks.get(index);
        long inChunk = pos - index * chunkSize;
        int n = (int) Math.min(buf.capacity(), c.length() - inChunk);
        buf.clear().limit(n);
        try {
            connection(c.drive()).read(c.objectId(), inChunk, buf);
        } catch (IOException e) {
            buf.limit(0);
            throw new IOException("osd: reading " + path + " at offset " + pos + " (chunk " + index + ", object "
                    + Long.toUnsignedString(c.objectId()) + " on drive " + c.drive() + "): " + e.getMessage(), e);
        }
        buf.flip();
        bufStart = pos;
    }

    @Override
    public int read(long position, byte[] b, int off, int len) throws IOException {
        validatePositionedReadArgs(position, b, off, len);
        checkOpen();
        if (len == 0) {
            return 0;
        }
        if (position >= length) {
            return -1;
        }
        int total = (int) Math.min(len, length - position);
        int done = 0;
        while (done < total) {
            long at = position + done;
            int index = (int) (at / chunkSize);
            Chunk c = chunks.get(index);
            long inChunk = at - index * chunkSize;
            int n = (int) Math.min(total - done, c.length() - inChunk);
            Drive d;
            synchronized (this) {
                d = connection(c.drive());
            }
            d.read(c.objectId(), inChunk, b, off + done, n);
            done += n;
        }
        if (stats != null) {
            stats.incrementBytesRead(done);
        }
        return done;
    }

    @Override
    public void readFully(long position, byte[] b, int off, int len) throws IOException {
        validatePositionedReadArgs(position, b, off, len);
        if (len > length - position) {
            throw new EOFException(FSExceptionMessages.EOF_IN_READ_FULLY + ": " + len + " bytes at " + position
                    + " of " + path + " of length " + length);
        }
        int done = 0;
        while (done < len) {
            done += read(position + done, b, off + done, len - done);
        }
    }

    private Drive connection(int drive) throws IOException {
        if (connections[drive] == null) {
            connections[drive] = drives.open(drive);
        }
        return connections[drive];
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + path);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] != null) {
                connections[i].close();
                connections[i] = null;
            }
        }
    }
}
