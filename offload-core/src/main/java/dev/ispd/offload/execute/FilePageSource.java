package dev.ispd.offload.execute;

import dev.ispd.offload.storage.RangeReader;
import dev.ispd.tasklet.PageSource;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;

/**
 * A file read on the host as the one object {@link ResultOrigin#FILE_OBJECT} of a host run: the
 * scanner asks for a batch of pages at a time (large sequential reads).
 */
final class FilePageSource implements PageSource {
    private final RangeReader in;
    private final String file;
    private final BooleanSupplier stop;

    /** {@code stop}: whether the run's result is no longer wanted, asked before each read. */
    FilePageSource(RangeReader in, String file, BooleanSupplier stop) {
        this.in = in;
        this.file = file;
        this.stop = stop;
    }

    @Override
    public void read(long objectId, long offset, ByteBuffer dst) throws IOException {
        if (objectId != ResultOrigin.FILE_OBJECT) {
            throw new IOException("a host run of " + file + " asked for object " + Long.toUnsignedString(objectId)
                    + "; it reads only the file itself (object " + ResultOrigin.FILE_OBJECT + ")");
        }
        if (stop.getAsBoolean()) {
            throw new InterruptedIOException("the host run of " + file + " stopped at offset " + offset
                    + ": its result is no longer wanted");
        }
        in.readFully(offset, dst);
    }
}
