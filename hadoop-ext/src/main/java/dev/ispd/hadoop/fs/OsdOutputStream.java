package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.util.Progressable;

/**
 * Writes a new file: bytes gather in a direct buffer and go to the current chunk object when it
 * fills; a chunk full at the file's chunk size is finished and the next one starts on the next
 * drive ({@link ChunkPlacement}). Nothing is visible in the namespace until {@link #close}, which
 * commits one journal record listing the chunks; if that record is refused (a concurrent client
 * created the path first, say) the chunks are deleted and close throws. Connections to the
 * drives are this stream's own, opened on first use. Single-threaded, as Hadoop output streams are.
 */
final class OsdOutputStream extends OutputStream {
    /** What happens at close: commit the finished file, or throw. */
    interface Committer {
        void commit(List<Chunk> chunks, long length) throws IOException;
    }

    private final DriveSet drives;
    private final String path;
    private final long chunkSize;
    private final Committer committer;
    private final Progressable progress;
    private final Drive[] connections;
    private final ByteBuffer buf;
    private final List<Chunk> chunks = new ArrayList<>();
    private final byte[] one = new byte[1];
    /** The chunk being written: its drive, object (0 = not created yet) and bytes already on the drive. */
    private int chunkDrive;
    private long chunkObject;
    private long chunkWritten;
    private long length;
    private boolean closed;

    OsdOutputStream(DriveSet drives, String path, long chunkSize, int bufferSize, Committer committer,
                    Progressable progress) {
        this.drives = drives;
        this.path = path;
        this.chunkSize = chunkSize;
        this.committer = committer;
        this.progress = progress;
        this.connections = new Drive[drives.size()];
        this.buf = ByteBuffer.allocateDirect((int) Math.min(chunkSize, bufferSize));
        this.chunkDrive = ChunkPlacement.drive(path, 0, drives.size());
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
            while (len > 0) {
                int room = (int) Math.min(buf.remaining(), chunkSize - chunkWritten - buf.position());
                int n = Math.min(room, len);
                buf.put(b, off, n);
                off += n;
                len -= n;
                length += n;
                if (!buf.hasRemaining() || chunkWritten + buf.position() == chunkSize) {
                    drain();
                }
            }
        } catch (IOException | RuntimeException e) {
            abandon(e);
            throw e;
        }
    }

    /** Sends the buffer to the current chunk; finishes the chunk when it reaches the chunk size. */
    private void drain() throws IOException {
        if (buf.position() == 0) {
            return;
        }
        Drive d = connection(chunkDrive);
        if (chunkObject == 0) {
            chunkObject = d.createObject();
        }
        buf.flip();
        int n = buf.remaining();
        d.write(chunkObject, chunkWritten, buf);
        buf.clear();
        chunkWritten += n;
        if (chunkWritten == chunkSize) {
            finishChunk();
        }
        if (progress != null) {
            progress.progress();
        }
    }

    private void finishChunk() {
        if (chunkObject != 0) {
            chunks.add(new Chunk(chunkDrive, chunkObject, chunkWritten));
        }
        chunkDrive = ChunkPlacement.drive(path, chunks.size(), drives.size());
        chunkObject = 0;
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
        } catch (IOException | RuntimeException e) {
            deleteChunks(e);
            throw e;
        } finally {
            disconnect();
        }
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
        if (chunkObject != 0) {
            chunks.add(new Chunk(chunkDrive, chunkObject, chunkWritten));
        }
        deleteChunks(cause);
        disconnect();
    }

    private void deleteChunks(Exception cause) {
        for (Chunk c : chunks) {
            try {
                connection(c.drive()).delete(c.objectId());
            } catch (IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }

    private void disconnect() {
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] != null) {
                connections[i].close();
                connections[i] = null;
            }
        }
    }
}
