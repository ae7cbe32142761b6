package dev.ispd.sim.store;

/** When a write is acknowledged, relative to the disk. */
public enum Durability {
    /** In the backing file and the metadata log (the OS page cache): survives a crash of the drive process. */
    PROCESS,
    /** Also forced to disk (fsync): survives a power loss. */
    FSYNC;

    /** Parses {@code process} or {@code fsync} (any case). */
    public static Durability parse(String s) {
        return LowerCaseNames.parse(values(), s, "durability");
    }

    @Override
    public String toString() {
        return LowerCaseNames.of(this);
    }
}
