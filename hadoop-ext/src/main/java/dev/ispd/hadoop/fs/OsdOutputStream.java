package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.metadata.Chunk;
import dev.ispd.hadoop.fs.metadata.JournalOutcomeUnknownException;
import dev.ispd.hadoop.fs.metadata.WriterLease;
import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsBinding;
import org.apache.hadoop.fs.statistics.impl.IOStatisticsStore;
import org.apache.hadoop.util.Progressable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a new file: bytes gather in a direct buffer and go to every replica of the current
 * chunk when it fills; a chunk full at the file's chunk size is finished and the next one starts
 * on the next drives ({@link ChunkPlacement}). A chunk's replicas are created on the first
 * {@code replication} drives of its candidates that accept them (a drive that cannot be reached
 * is skipped, logged); a write succeeds only when every replica took it, otherwise the stream
 * fails and deletes what it wrote. Nothing is visible in the namespace until {@link #close},
 * which commits one journal record listing the chunks and their replicas; if that record is
 * refused (a concurrent client created the path first, say) the chunks are deleted and close
 * throws. The writer holds a {@link WriterLease} on the path meanwhile, recording each chunk's
 * replicas in it before writing them. Connections to the drives are this stream's own, opened on first use.
 * Single-threaded, as Hadoop output streams are.
 */
final class OsdOutputStream extends OutputStream implements IOStatisticsSource, StreamCapabilities {
    private static final Logger LOG = LoggerFactory.getLogger(OsdOutputStream.class);

    /** What happens at close: commit the finished file, or throw. */
    interface Committer {
        void commit(List<Chunk> chunks, long length) throws IOException;
    }

    private final DriveSet drives;
    private final String path;
    private final long chunkSize;
    private final int replication;
    private final Committer committer;
    private final WriterLease lease;
    private final Progressable progress;
    private final Drive[] connections;
    private final ByteBuffer buf;
    private final List<Chunk> chunks = new ArrayList<>();
    private final byte[] one = new byte[1];
    /** The replicas of the chunk being written (empty until its first bytes) and the bytes already on them. */
    private List<Replica> current = List.of();
    private long chunkWritten;
    private long length;
    private boolean closed;
    /** Bytes written and chunks started (one "block upload" each, in Hadoop's names). */
    private final IOStatisticsStore iostats = IOStatisticsBinding.iostatisticsStore()
            .withCounters(StreamStatisticNames.STREAM_WRITE_BYTES, StreamStatisticNames.STREAM_WRITE_BLOCK_UPLOADS)
            .build();

    OsdOutputStream(DriveSet drives, String path, long chunkSize, int replication, int bufferSize,
                    Committer committer, WriterLease lease, Progressable progress) {
        this.drives = drives;
        this.path = path;
        this.chunkSize = chunkSize;
        this.replication = replication;
        this.committer = committer;
        this.lease = lease;
        this.progress = progress;
        this.connections = new Drive[drives.size()];
        this.buf = ByteBuffer.allocateDirect((int) Math.min(chunkSize, bufferSize));
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        checkOpen();
        try {
            lease.keepAlive();
            while (len > 0) {
                int room = (int) Math.min(buf.remaining(), chunkSize - chunkWritten - buf.position());
                int n = Math.min(room, len);
                buf.put(b, off, n);
                off += n;
                len -= n;
                length += n;
                iostats.incrementCounter(StreamStatisticNames.STREAM_WRITE_BYTES, n);
                if (!buf.hasRemaining() || chunkWritten + buf.position() == chunkSize) {
                    drain();
                }
            }
        } catch (IOException | RuntimeException e) {
            abandon(e);
            throw e;
        }
    }

    /** Sends the buffer to every replica of the current chunk; finishes the chunk when it reaches the chunk size. */
    private void drain() throws IOException {
        if (buf.position() == 0) {
            return;
        }
        if (current.isEmpty()) {
            current = place(chunks.size());
            lease.started(current);
            iostats.incrementCounter(StreamStatisticNames.STREAM_WRITE_BLOCK_UPLOADS);
        }
        buf.flip();
        int n = buf.remaining();
        for (Replica r : current) {
            try {
                connection(r.drive()).write(r.objectId(), chunkWritten, buf.duplicate());
            } catch (IOException e) {
                long at = chunks.size() * chunkSize + chunkWritten;
                throw new IOException("osd: writing " + path + " at offset " + at + ": the replica on drive "
                        + r.drive() + " (" + drives.address(r.drive()) + ") failed: " + e.getMessage(), e);
            }
        }
        buf.clear();
        chunkWritten += n;
        if (chunkWritten == chunkSize) {
            finishChunk();
        }
        if (progress != null) {
            progress.progress();
        }
    }

    /**
     * Creates chunk {@code index}'s objects on the first {@code replication} candidate drives that
     * take them; drives that lately left a call unanswered are tried last (each try would wait out
     * the call timeout).
     */
    private List<Replica> place(int index) throws IOException {
        List<Replica> placed = new ArrayList<>(replication);
        StringBuilder refused = new StringBuilder();
        List<Integer> candidates = new ArrayList<>(ChunkPlacement.candidates(path, index, drives));
        candidates.sort(Comparator.comparing(drives::unanswered)); // stable: the placement order otherwise
        for (int drive : candidates) {
            if (placed.size() == replication) {
                break;
            }
            try {
                placed.add(new Replica(drive, connection(drive).createObject()));
            } catch (IOException e) {
                disconnect(drive);
                drives.noteFailure(drive, e);
                LOG.warn("osd: chunk {} of {} skips drive {} ({}): {}", index, path, drive, drives.address(drive),
                        e.getMessage());
                refused.append("; drive ").append(drive).append(" (").append(drives.address(drive)).append("): ")
                        .append(e.getMessage());
            }
        }
        if (placed.size() < replication) {
            current = placed; // deleted by abandon
            throw new IOException("osd: writing " + path + ": chunk " + index + " needs " + replication
                    + " replicas on distinct drives but only " + placed.size() + " of " + drives.size()
                    + " drives took it" + refused);
        }
        return List.copyOf(placed);
    }

    private void finishChunk() {
        if (!current.isEmpty()) {
            chunks.add(new Chunk(current, chunkWritten));
        }
        current = List.of();
        chunkWritten = 0;
    }

    private Drive connection(int drive) throws IOException {
        if (connections[drive] == null) {
            connections[drive] = drives.open(drive);
        }
        return connections[drive];
    }

    /** Writes what is buffered and commits the file to the namespace; the file is visible after this. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            drain();
            finishChunk();
        } catch (IOException | RuntimeException e) {
            abandon(e);
            throw e;
        }
        closed = true;
        try {
            committer.commit(List.copyOf(chunks), length);
        } catch (JournalOutcomeUnknownException e) {
            throw e; // the file may exist: its chunks stay, named by the lease until it runs out (fsck's grace rule)
        } catch (IOException | RuntimeException e) {
            deleteChunks(e);
            lease.release(e);
            throw e;
        } finally {
            disconnectAll();
        }
    }

    @Override
    public IOStatistics getIOStatistics() {
        return iostats;
    }

    /** IOStatistics only: nothing is visible before close, so no hflush or hsync. */
    @Override
    public boolean hasCapability(String capability) {
        return StreamCapabilities.IOSTATISTICS.equals(capability.toLowerCase(Locale.ROOT));
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("osd: the output stream of " + path + " is closed");
        }
    }

    /** After a failed write: forget the file, deleting the chunks already written. */
    private void abandon(Exception cause) {
        if (closed) {
            return;
        }
        closed = true;
        if (!current.isEmpty()) {
            chunks.add(new Chunk(current, chunkWritten));
        }
        deleteChunks(cause);
        lease.release(cause);
        disconnectAll();
    }

    private void deleteChunks(Exception cause) {
        for (Chunk c : chunks) {
            for (Replica r : c.replicas()) {
                try {
                    connection(r.drive()).delete(r.objectId());
                } catch (IOException | RuntimeException e) {
                    cause.addSuppressed(e);
                }
            }
        }
    }

    private void disconnect(int drive) {
        if (connections[drive] != null) {
            connections[drive].close();
            connections[drive] = null;
        }
    }

    private void disconnectAll() {
        for (int i = 0; i < connections.length; i++) {
            disconnect(i);
        }
    }
}
