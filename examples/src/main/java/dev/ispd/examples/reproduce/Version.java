package dev.ispd.examples.reproduce;

/** The paper's three versions of the log analysis (kang2013 V-C-1). */
public enum Version {
    /** Stock Hadoop: every entry through Hadoop's record path, sort, spill, combine and reduce. */
    HOST_NORMAL("host-normal"),
    /** The tasklet's in-memory aggregation run on the host: the data crosses the link, no intermediate files. */
    HOST_OPTIMIZED("host-optimized"),
    /** The tasklet run inside the drive; only its small result crosses the link. */
    DEVICE("device");

    private final String label;

    Version(String label) {
        this.label = label;
    }

    /** The name the paper and the report use. */
    public String label() {
        return label;
    }
}
