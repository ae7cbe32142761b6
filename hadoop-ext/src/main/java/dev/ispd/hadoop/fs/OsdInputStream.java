package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.hadoop.fs.metadata.Chunk;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.Status;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a file chunk by chunk through the native client: sequential reads fill a direct buffer
 * with up to its capacity of one chunk per READ_OBJECT; positioned reads go straight to the
 * chunks without touching the buffer or the position. The chunk list is the one the file had
 * when it was opened. Each read goes to a chunk's first replica that answers: a replica that
 * fails (its drive is down, its object is gone) is logged and the next one is tried, and drives
 * that failed are tried last from then on. The stream opens its own connection to each drive it
 * reads from and closes them on {@link #close}.
 */
final class OsdInputStream extends FSInputStream implements IOStatisticsSource, StreamCapabilities, CanUnbuffer {
    /** Reads that had to skip a replica (its drive down, its object gone). */
    static final String REPLICA_FAILOVERS = OsdFileSystem.REPLICA_FAILOVERS;
    private static final Logger LOG = LoggerFactory.getLogger(OsdInputStream.class);

    /** One read from one replica's object. */
    private interface ReplicaRead {
        void read(Drive d, long objectId, long objectOffset) throws IOException;
    }

    private final DriveSet drives;
    private final String path;
    private final long chunkSize;
    private final long length;
    private final List<Chunk> chunks;
    private final FileSystem.Statistics stats;
    private final Drive[] connections;
    /** Drives that failed a read of this stream: tried after the others. */
    private final boolean[] failed;
    private final ByteBuffer buf;
    /** The file offset of buf's byte 0; buf holds [bufStart, bufStart + buf.limit()). */
    private long bufStart;
    private long pos;
    private volatile boolean closed;
    private final IOStatisticsStore iostats = IOStatisticsBinding.iostatisticsStore()
            .withCounters(StreamStatisticNames.STREAM_READ_BYTES, StreamStatisticNames.STREAM_READ_OPERATIONS,
                    StreamStatisticNames.STREAM_READ_SEEK_OPERATIONS, StreamStatisticNames.STREAM_READ_UNBUFFERED,
                    REPLICA_FAILOVERS)
            .build();

    OsdInputStream(DriveSet drives, String path, Namespace.File file, int bufferSize, FileSystem.Statistics stats) {
        this.drives = drives;
        this.path = path;
        this.chunkSize = file.chunkSize;
        this.length = file.length;
        this.chunks = file.chunks;
        this.stats = stats;
        this.connections = new Drive[drives.size()];
        this.failed = new boolean[drives.size()];
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
        iostats.incrementCounter(StreamStatisticNames.STREAM_READ_SEEK_OPERATIONS);
    }

    @Override
    public synchronized long getPos() throws IOException {
        return pos;
    }

    /** Replicas are chosen per read already (a failed one is skipped), so there is no other source to switch to. */
    @Override
    public boolean seekToNewSource(long targetPos) {
        return false;
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
        counted(1);
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
        counted(done);
        return done;
    }

    /** Makes the buffer hold the byte at {@code pos} (which is below the length). */
    private void fillAtPos() throws IOException {
        if (pos >= bufStart && pos < bufStart + buf.limit()) {
            return;
        }
        int index = (int) (pos / chunkSize);
        int n = (int) Math.min(buf.capacity(), chunks.get(index).length() - (pos - index * chunkSize));
        try {
            fromAnyReplica(pos, (d, object, at) -> d.read(object, at, buf.clear().limit(n)));
        } catch (IOException e) {
            buf.limit(0);
            throw e;
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
            int n = (int) Math.min(total - done, chunks.get(index).length() - (at - index * chunkSize));
            int into = off + done;
            fromAnyReplica(at, (d, object, inChunk) -> d.read(object, inChunk, b, into, n));
            done += n;
        }
        counted(done);
        return done;
    }

    /** One read of {@code bytes} done: Hadoop's per-file-system statistics and the stream's own. */
    private void counted(int bytes) {
        if (stats != null) {
            stats.incrementBytesRead(bytes);
        }
        iostats.incrementCounter(StreamStatisticNames.STREAM_READ_BYTES, bytes);
        iostats.incrementCounter(StreamStatisticNames.STREAM_READ_OPERATIONS);
    }

    @Override
    public IOStatistics getIOStatistics() {
        return iostats;
    }

    @Override
    public boolean hasCapability(String capability) {
        return switch (capability.toLowerCase(Locale.ROOT)) {
            case StreamCapabilities.IOSTATISTICS, StreamCapabilities.UNBUFFER -> true;
            default -> false;
        };
    }

    /** Gives back the buffered bytes and the connections; the next read opens what it needs again. */
    @Override
    public synchronized void unbuffer() {
        buf.limit(0);
        bufStart = 0;
        for (int i = 0; i < connections.length; i++) {
            disconnect(i);
        }
        iostats.incrementCounter(StreamStatisticNames.STREAM_READ_UNBUFFERED);
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

    /**
     * Runs {@code read} on the replicas of the chunk holding file offset {@code at}, drives that
     * failed before last, until one succeeds; if none does, the error names the path, the offset
     * and every replica's failure (a FileNotFoundException when every object is gone: the file
     * was deleted after it was opened).
     */
    private void fromAnyReplica(long at, ReplicaRead read) throws IOException {
        int index = (int) (at / chunkSize);
        long inChunk = at - index * chunkSize;
        StringBuilder failures = new StringBuilder();
        boolean allGone = true;
        for (Replica r : tryOrder(chunks.get(index).replicas())) {
            try {
                read.read(connection(r.drive()), r.objectId(), inChunk);
                return;
            } catch (IOException e) {
                synchronized (this) {
                    failed[r.drive()] = true;
                    disconnect(r.drive());
                }
                drives.noteFailure(r.drive(), e);
                allGone &= e instanceof DriveException de && de.status() == Status.NO_SUCH_OBJECT;
                String why = "drive " + r.drive() + " (" + drives.address(r.drive()) + "), object "
                        + Long.toUnsignedString(r.objectId()) + ": " + e.getMessage();
                LOG.warn("osd: reading {} at offset {} (chunk {}) skips a replica: {}", path, at, index, why);
                iostats.incrementCounter(REPLICA_FAILOVERS);
                failures.append("; ").append(why);
            }
        }
        String what = "osd: reading " + path + " at offset " + at + " (chunk " + index + "): no replica could be read"
                + failures;
        throw allGone ? new FileNotFoundException(what + " (was the file deleted after it was opened?)")
                : new IOException(what);
    }

    /**
     * The replicas on drives that have not failed this stream, nor left a call unanswered lately
     * ({@link DriveSet#unanswered}), first; each group in the writer's order.
     */
    private synchronized List<Replica> tryOrder(List<Replica> replicas) {
        List<Replica> order = new ArrayList<>(replicas.size());
        for (Replica r : replicas) {
            if (!failed[r.drive()] && !drives.unanswered(r.drive())) {
                order.add(r);
            }
        }
        for (Replica r : replicas) {
            if (!order.contains(r)) {
                order.add(r);
            }
        }
        return order;
    }

    private synchronized Drive connection(int drive) throws IOException {
        if (connections[drive] == null) {
            connections[drive] = drives.open(drive);
        }
        return connections[drive];
    }

    private synchronized void disconnect(int drive) {
        if (connections[drive] != null) {
            connections[drive].close();
            connections[drive] = null;
        }
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
            disconnect(i);
        }
    }
}
