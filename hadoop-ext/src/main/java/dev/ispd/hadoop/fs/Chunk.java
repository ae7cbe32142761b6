package dev.ispd.hadoop.fs;

import java.util.List;

/**
 * One chunk of a file as the namespace records it: {@code length} bytes held alike by every
 * replica, each on a different drive, in the order the writer placed them (readers try them in
 * that order).
 */
record Chunk(List<Replica> replicas, long length) {
    Chunk {
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("a chunk needs at least one replica");
        }
        replicas = List.copyOf(replicas);
    }

    /** A chunk with one replica. */
    Chunk(int drive, long objectId, long length) {
        this(List.of(new Replica(drive, objectId)), length);
    }
}
