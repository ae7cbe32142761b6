package dev.ispd.hadoop.mapreduce;

import dev.ispd.tasklet.PageSource;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * A file read through a Hadoop FileSystem as the one object {@link ResultOrigin#FILE_OBJECT} of a
 * host run: the scanner asks for a batch of pages at a time (large sequential reads). Streams that
 * read into ByteBuffers fill the scanner's direct buffer in place; others go through one reused
 * array.
 */
final class FsPageSource implements PageSource {
    private final FSDataInputStream in;
    private final Path file;
    private final boolean positionedBufferReads;
    private byte[] scratch = new byte[0];

    FsPageSource(FSDataInputStream in, Path file) {
        this.in = in;
        this.file = file;
        this.positionedBufferReads = in.hasCapability(StreamCapabilities.PREADBYTEBUFFER);
    }

    @Override
    public void read(long objectId, long offset, ByteBuffer dst) throws IOException {
        if (objectId != ResultOrigin.FILE_OBJECT) {
            throw new IOException("a host run of " + file + " asked for object " + Long.toUnsignedString(objectId)
                    + "; it reads only the file itself (object " + ResultOrigin.FILE_OBJECT + ")");
        }
        if (positionedBufferReads) {
            in.readFully(offset, dst);
            return;
        }
        int n = dst.remaining();
        if (scratch.length < n) {
            scratch = new byte[n];
        }
        if (in.getPos() != offset) {
            in.seek(offset);
        }
        try {
            in.readFully(scratch, 0, n);
        } catch (EOFException e) {
            throw new IOException("short read of " + file + " at offset " + offset + ", " + n + " bytes", e);
        }
        dst.put(scratch, 0, n);
    }
}
