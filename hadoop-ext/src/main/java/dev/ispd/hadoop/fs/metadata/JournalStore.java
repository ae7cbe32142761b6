package dev.ispd.hadoop.fs.metadata;

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
public interface JournalStore extends Closeable {
    /** Receives replayed frames. */
    interface FrameSink {
        /** {@code frame} holds one whole frame from its position to its limit. */
        void accept(long position, ByteBuffer frame) throws IOException;
    }

    /** The largest frame {@link #append} takes, in bytes. */
    int maxFrame();

    /**
     * Adds a frame after every record already in the journal; returns its position. The record
     * takes effect only if a replay delivers it at that position: a replay that passes the
     * position without delivering it (the drive store's sealed segment) means the frame must be
     * appended again. A {@link JournalCutException} means the frame did not land.
     */
    long append(ByteBuffer frame) throws IOException;

    /**
     * Hands {@code sink} every frame from position {@code from} (0, or a value this method
     * returned) to the journal's current end, in order; returns the position after the last. A
     * {@link JournalCutException} if {@code from} lies in a part of the journal that was cut.
     */
    long replay(long from, FrameSink sink) throws IOException;

    /**
     * Removes the records before position {@code below} (a checkpoint's position that every
     * checkpoint the store keeps covers); a store may keep some of them (the drive store removes
     * whole segments). Safe against concurrent appenders, replayers and cutters.
     */
    void cut(long below) throws IOException;

    /** The position before which records have been cut (0 if none). */
    long cutBelow() throws IOException;

    /**
     * Keeps {@code checkpoint} (a {@link Checkpoint}'s bytes) as the latest; the store keeps the
     * one before it too, for a client still loading it, and drops older ones. Called right after
     * a replay to the end (the drive store then seals its last segment if it is full).
     */
    void saveCheckpoint(ByteBuffer checkpoint) throws IOException;

    /**
     * A checkpoint the store keeps: {@code back} 0 the latest saved, 1 the one before it; null if
     * there is none (or a newer one replaced it while it was read). An IOException if it cannot
     * be read.
     */
    ByteBuffer checkpoint(int back) throws IOException;

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
