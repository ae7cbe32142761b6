package dev.ispd.hadoop.fs.metadata;

import dev.ispd.offload.storage.Replica;
import java.util.List;

/**
 * One change to the namespace, as the journal stores it. Paths are absolute and normalised
 * ({@code /a/b}, the root is {@code /}); times are the writer's wall clock in milliseconds.
 * Whether a record takes effect is decided when it is replayed, in journal order
 * ({@link Namespace#apply}), the same way by every client.
 */
public sealed interface JournalRecord {
    /** Creates a directory and any missing parents. */
    record Mkdir(String path, long timeMs, String owner) implements JournalRecord {
    }

    /**
     * A closed file with its chunks (and any missing parents); replaces a file only if
     * {@code overwrite}. It takes effect only if {@code anchor}, the nearest directory on the way
     * to {@code path} when the writer opened the file, is still there: a writer whose directory
     * was deleted or renamed meanwhile must not bring it back.
     */
    record CreateFile(String path, boolean overwrite, long timeMs, String owner, long chunkSize, long length,
                      List<Chunk> chunks, Anchor anchor) implements JournalRecord {
    }

    /** A directory as a writer saw it: its path and its {@link Namespace.Dir#id}, which no other directory ever has. */
    record Anchor(String path, long dirId) {
        /** The root, which is always there. */
        public static final Anchor ROOT = new Anchor("/", Namespace.ROOT_ID);
    }

    /** Removes a file or directory; a non-empty directory only if {@code recursive}. */
    record Delete(String path, boolean recursive, long timeMs) implements JournalRecord {
    }

    /**
     * Sets a file's extended attribute ({@code user.ispd.layout}: its record layout), replacing
     * any value it had. A rename keeps a file's attributes; overwriting it starts without any.
     */
    record SetXAttr(String path, String name, byte[] value, long timeMs) implements JournalRecord {
    }

    /** Moves {@code src} to exactly {@code dst}, which must not exist yet. */
    record Rename(String src, String dst, long timeMs) implements JournalRecord {
    }

    /**
     * A writer's lease on {@code path}, which it is writing, until {@code untilMs} (the writer's
     * clock): taken when the writer opens the file, renewed while it writes, and listing the
     * replicas of each chunk it starts ({@code objects}), so that fsck knows them from orphans.
     * Refused while another holder's lease on the path has not run out; the file's create record
     * ends it.
     */
    record Lease(String path, String holder, long timeMs, long untilMs, List<Replica> objects)
            implements JournalRecord {
    }

    /**
     * Chunk {@code chunk} of the file at {@code path} is now held by {@code now} instead of
     * {@code was} (fsck's repair of an under-replicated chunk); refused if the file no longer has
     * exactly those replicas there.
     */
    record SetReplicas(String path, int chunk, List<Replica> was, List<Replica> now, long timeMs)
            implements JournalRecord {
    }
}
