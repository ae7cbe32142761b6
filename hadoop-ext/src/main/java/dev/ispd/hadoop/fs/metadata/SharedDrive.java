package dev.ispd.hadoop.fs.metadata;

import dev.ispd.client.Drive;
import java.io.IOException;

/**
 * The drive a journal on drives lives on, reached through the connection the file system keeps
 * to it: commands run on it one at a time; a connection that failed is dropped so that the next
 * command reconnects, and the failed command is not retried (an append may have landed before
 * its answer was lost).
 */
public interface SharedDrive {
    /** A command on the shared connection. */
    @FunctionalInterface
    interface Command<T> {
        T run(Drive d) throws IOException;
    }

    <T> T run(Command<T> command) throws IOException;

    /** The drive's index in the file system's drive list. */
    int index();

    /** The drive's address, for messages. */
    String address();
}
