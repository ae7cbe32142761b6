package dev.ispd.tasklet;

import dev.ispd.protocol.BadParameterException;

/** Helpers for {@link TaskletFactory#estimate}: the scanner's own counts of a planned scan. */
public final class Estimates {
    private Estimates() {
    }

    /**
     * A meter with only what the scanner counts for one page-aligned extent of {@code bytes}:
     * its pages and bytes.
     */
    public static Meter scanOnly(long bytes, int pageSize) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes to estimate must be non-negative, got " + bytes);
        }
        if (pageSize <= 0) {
            throw new IllegalArgumentException("page size must be positive, got " + pageSize);
        }
        Meter m = new Meter();
        m.addPages((bytes + pageSize - 1) / pageSize);
        m.addBytesScanned(bytes);
        return m;
    }

    /** The parameters' validation failure as the unchecked exception {@code estimate} throws. */
    public static IllegalArgumentException badParameters(String tasklet, BadParameterException e) {
        return new IllegalArgumentException("tasklet '" + tasklet + "': " + e.getMessage(), e);
    }
}
