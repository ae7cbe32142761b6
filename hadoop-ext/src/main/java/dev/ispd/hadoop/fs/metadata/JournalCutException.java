package dev.ispd.hadoop.fs.metadata;

import java.io.IOException;

/**
 * A journal position that a cut removed: the records there are covered by the store's
 * checkpoints, so the client reloads a checkpoint instead of replaying them. Also thrown by an
 * append that found the part of the journal it was aimed at removed (it did not land).
 */
final class JournalCutException extends IOException {
    JournalCutException(String message) {
        super(message);
    }
}
