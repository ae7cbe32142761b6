package dev.ispd.tasklet;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Where a scan reads its bytes: the drive's backing files, or the host's copy of the data. */
public interface PageSource {
    /** Fills {@code dst} from its position to its limit with bytes of the object from {@code offset}. */
    void read(long objectId, long offset, ByteBuffer dst) throws IOException;
}
