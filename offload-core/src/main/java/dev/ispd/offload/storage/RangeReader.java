package dev.ispd.offload.storage;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** One open file of a host run, read at any offset. */
public interface RangeReader extends Closeable {
    /** Fills {@code dst}'s remaining bytes from {@code offset}; fewer bytes in the file is an IOException. */
    void readFully(long offset, ByteBuffer dst) throws IOException;

    /** Reads so far that a replicated file system served from another replica after one failed. */
    default long replicaFailovers() {
        return 0;
    }
}
