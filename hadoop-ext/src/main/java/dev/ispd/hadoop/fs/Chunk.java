package dev.ispd.hadoop.fs;

/** One chunk of a file as the namespace records it: object {@code objectId} on drive {@code drive}. */
record Chunk(int drive, long objectId, long length) {
}
