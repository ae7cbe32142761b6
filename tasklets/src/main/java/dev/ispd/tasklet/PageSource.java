package dev.ispd.tasklet;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Where a scan reads its bytes: the drive's backing files, or the host's copy of the data. */
public interface PageSource {
    /** Fills {@code dst} from its position to its limit with bytes of the object from {@code offset}. */
    void read(long objectId, long offset, ByteBuffer dst) throws IOException;

    /**
     * The {@code length} bytes of the object from {@code offset} as a buffer the scanner may read
     * in place instead of copying them with {@link #read} (for example a memory-mapped file), from
     * position 0 to a limit of {@code length}; or null if this source only copies. The scanner
     * does not write to it and does not keep it past the batch.
     */
    default ByteBuffer view(long objectId, long offset, int length) throws IOException {
        return null;
    }
}
