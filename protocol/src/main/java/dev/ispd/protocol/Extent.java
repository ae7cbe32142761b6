package dev.ispd.protocol;

/** A byte range of one object: the unit a tasklet execution reads. */
public record Extent(long objectId, long offset, long length) {
    public Extent {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("extent offset and length must be >= 0, got " + offset + "+" + length);
        }
    }

    public long end() {
        return offset + length;
    }
}
