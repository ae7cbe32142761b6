package dev.ispd.hadoop.fs;

import dev.ispd.offload.storage.Replica;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Where the namespace journal's records live, in one order that every client sees alike: an
 * object on a drive ({@link DriveJournalStore}) or znodes in ZooKeeper
 * ({@link ZooKeeperJournalStore}). A record is a {@link JournalCodec} frame; its position is
 * whatever the store counts in (a byte offset, a record number), increasing in journal order.
 */
interface JournalStore extends Closeable {
    /** Receives replayed frames. */
    interface FrameSink {
        /** {@code frame} holds one whole frame from its position to its limit. */
        void accept(long position, ByteBuffer frame) throws IOException;
    }

    /** The largest frame {@link #append} takes, in bytes. */
    int maxFrame();

    /** Adds a frame after every record already in the journal; returns its position. */
    long append(ByteBuffer frame) throws IOException;

    /**
     * Hands {@code sink} every frame from position {@code from} (0, or a value this method
     * returned) to the journal's current end, in order; returns the position after the last.
     */
    long replay(long from, FrameSink sink) throws IOException;

    /**
     * Keeps {@code checkpoint} (a {@link Checkpoint}'s bytes) as the latest; the store keeps the
     * one before it too, for a client still loading it, and drops older ones.
     */
    void saveCheckpoint(ByteBuffer checkpoint) throws IOException;

    /** The latest checkpoint saved, or null if there is none. */
    ByteBuffer latestCheckpoint() throws IOException;

    /**
     * The drive objects the store itself keeps outside the well-known ids (checkpoints on a
     * drive), which fsck must not take for orphans; none for a store outside the drives.
     */
    default Set<Replica> objects() throws IOException {
        return Set.of();
    }

    /** Short description for messages: where the journal is. */
    String describe();

    /** Releases the store's own connections (not the drives', which belong to the file system). */
    @Override
    void close();
}
