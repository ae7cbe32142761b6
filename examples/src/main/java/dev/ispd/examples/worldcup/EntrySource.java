package dev.ispd.examples.worldcup;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Where a load's entries come from: the generator, or real log files. */
interface EntrySource extends Closeable {
    /**
     * Puts as many whole entries of {@code entrySize} bytes as fit into {@code dst} from its position.
     *
     * @return entries put, or -1 when there are no more
     */
    int fill(ByteBuffer dst, int entrySize) throws IOException;

    /** A progress bar in this source's unit. */
    LoadProgress progress(LoadProgress.Mode mode) throws IOException;

    /** Work done so far, in the progress bar's unit. */
    long done();

    @Override
    default void close() throws IOException {
    }
}
