package dev.ispd.client;

/**
 * A user tasklet module loaded into a drive (LIST_MODULES): its name and version, which
 * {@code name@version} instantiates, its size in bytes and its SHA-256 in hex.
 */
public record ModuleInfo(String name, int version, long size, String sha256) {
    /** The tasklet name CREATE_TASKLET of form MODULE takes: {@code name@version}. */
    public String taskletName() {
        return name + "@" + version;
    }
}
