package dev.ispd.hadoop.fs;

import java.util.List;

/**
 * One change to the namespace, as the journal stores it. Paths are absolute and normalised
 * ({@code /a/b}, the root is {@code /}); times are the writer's wall clock in milliseconds.
 * Whether a record takes effect is decided when it is replayed, in journal order
 * ({@link Namespace#apply}), the same way by every client.
 */
sealed interface JournalRecord {
    /** Creates a directory and any missing parents. */
    record Mkdir(String path, long timeMs, String owner) implements JournalRecord {
    }

    /** A closed file with its chunks (and any missing parents); replaces a file only if {@code overwrite}. */
    record CreateFile(String path, boolean overwrite, long timeMs, String owner, long chunkSize, long length,
                      List<Chunk> chunks) implements JournalRecord {
    }

    /** Removes a file or directory; a non-empty directory only if {@code recursive}. */
    record Delete(String path, boolean recursive, long timeMs) implements JournalRecord {
    }

    /** Moves {@code src} to exactly {@code dst}, which must not exist yet. */
    record Rename(String src, String dst, long timeMs) implements JournalRecord {
    }
}
