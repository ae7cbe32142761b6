package dev.ispd.hadoop.fs;

/** One copy of a chunk: object {@code objectId} on drive {@code drive} (an index into {@link DriveSet}). */
public record Replica(int drive, long objectId) {
}
