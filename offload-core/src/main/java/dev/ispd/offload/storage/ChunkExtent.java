package dev.ispd.offload.storage;

import java.io.Serializable;

/**
 * A byte range of a file that lies in one chunk: {@code length} bytes at {@code objectOffset} of
 * object {@code objectId} on drive {@code drive} (an index into the file system's
 * {@link DriveDirectory}), which are the file's bytes from {@code fileOffset}.
 */
public record ChunkExtent(int drive, long objectId, long objectOffset, long length, long fileOffset)
        implements Serializable {
}
