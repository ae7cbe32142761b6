package dev.ispd.sim.store;

import java.io.IOException;

/**
 * Stored bytes that cannot be served as written: a page that fails its checksum, or bytes missing
 * from a data file shorter than its object. The message names the object and the page's offset.
 */
public final class MediaErrorException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long objectId;
    private final long offset;

    MediaErrorException(long objectId, long offset, String what) {
        super("object " + Long.toUnsignedString(objectId) + ", page at offset " + offset + ": " + what);
        this.objectId = objectId;
        this.offset = offset;
    }

    public long objectId() {
        return objectId;
    }

    /** Offset in the object of the first damaged page. */
    public long offset() {
        return offset;
    }
}
