package dev.ispd.offload.storage;

import java.io.Serializable;

/** One copy of a chunk: object {@code objectId} on drive {@code drive} (an index into the file system's {@link DriveDirectory}). */
public record Replica(int drive, long objectId) implements Serializable {
}
