package dev.ispd.hadoop.fs.metadata;

import dev.ispd.offload.storage.Replica;
import java.util.List;

/**
 * One chunk of a file as the namespace records it: {@code length} bytes held alike by every
 * replica, each on a different drive, in the order the writer placed them (readers try them in
 * that order).
 */
public record Chunk(List<Replica> replicas, long length) {
    public Chunk {
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("a chunk needs at least one replica");
        }
        replicas = List.copyOf(replicas);
    }

    /** A chunk with one replica. */
    public Chunk(int drive, long objectId, long length) {
        this(List.of(new Replica(drive, objectId)), length);
    }
}
