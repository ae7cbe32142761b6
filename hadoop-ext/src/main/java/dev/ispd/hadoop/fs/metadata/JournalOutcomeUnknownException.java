package dev.ispd.hadoop.fs.metadata;

import java.io.IOException;

/**
 * A change whose record was appended, but this client could not replay it (the journal was cut
 * past it first, or the replay failed): the record took effect once or not at all, as the replay
 * rules decided for every client, but this client cannot tell which. Whoever gets this keeps what the change might name
 * (a writer keeps its chunks: fsck reclaims them under its grace rule if they are orphans).
 */
public final class JournalOutcomeUnknownException extends IOException {
    JournalOutcomeUnknownException(String message) {
        super(message);
    }

    JournalOutcomeUnknownException(String message, IOException cause) {
        super(message, cause);
    }
}
