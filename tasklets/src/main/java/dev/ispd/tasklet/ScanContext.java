package dev.ispd.tasklet;

/** What a tasklet may know of the medium it scans: the page size addresses are counted in. */
public record ScanContext(int pageSize) {
    public ScanContext {
        if (pageSize <= 0) {
            throw new IllegalArgumentException("pageSize must be positive, got " + pageSize);
        }
    }
}
