package dev.ispd.offload.storage;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A byte range of a file that lies in one chunk: {@code length} bytes at {@code objectOffset} of
 * the chunk's object on every one of its {@code replicas} (the same bytes on distinct drives, the
 * writer's first choice first), which are the file's bytes from {@code fileOffset}. {@link #drive}
 * and {@link #objectId} name the first replica; a scheduler may run the range on any replica.
 */
public record ChunkExtent(List<Replica> replicas, long objectOffset, long length, long fileOffset)
        implements Serializable {
    public ChunkExtent {
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("a chunk extent at file offset " + fileOffset + " has no replica");
        }
        replicas = List.copyOf(replicas);
    }

    /** An extent of a chunk with a single replica, object {@code objectId} on drive {@code drive}. */
    public ChunkExtent(int drive, long objectId, long objectOffset, long length, long fileOffset) {
        this(List.of(new Replica(drive, objectId)), objectOffset, length, fileOffset);
    }

    /** The first replica's drive. */
    public int drive() {
        return replicas.get(0).drive();
    }

    /** The first replica's object. */
    public long objectId() {
        return replicas.get(0).objectId();
    }

    /** The drives holding this extent, in replica order. */
    public List<Integer> drives() {
        return replicas.stream().map(Replica::drive).toList();
    }

    /**
     * The same extent with the replica on {@code drive} first, so that {@link #drive} and
     * {@link #objectId} name it; unchanged if {@code drive} holds no replica of it.
     */
    public ChunkExtent preferring(int drive) {
        List<Replica> ordered = new ArrayList<>(replicas.size());
        replicas.stream().filter(r -> r.drive() == drive).forEach(ordered::add);
        replicas.stream().filter(r -> r.drive() != drive).forEach(ordered::add);
        return new ChunkExtent(ordered, objectOffset, length, fileOffset);
    }

    /** The part of this extent holding file bytes [from, to), which must lie inside it; same replicas. */
    public ChunkExtent clip(long from, long to) {
        if (from < fileOffset || to > fileOffset + length || from > to) {
            throw new IllegalArgumentException("clip [" + from + ", " + to + ") is not inside the extent ["
                    + fileOffset + ", " + (fileOffset + length) + ")");
        }
        return new ChunkExtent(replicas, objectOffset + (from - fileOffset), to - from, from);
    }
}
