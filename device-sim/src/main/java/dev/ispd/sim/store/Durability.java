package dev.ispd.sim.store;

import java.util.Locale;

/** When a write is acknowledged, relative to the disk. */
public enum Durability {
    /** In the backing file and the metadata log (the OS page cache): survives a crash of the drive process. */
    PROCESS,
    /** Also forced to disk (fsync): survives a power loss. */
    FSYNC;

    /** Parses {@code process} or {@code fsync} (any case). */
    public static Durability parse(String s) {
        for (Durability d : values()) {
            if (d.name().equalsIgnoreCase(s)) {
                return d;
            }
        }
        throw new IllegalArgumentException("durability '" + s + "' is neither 'process' nor 'fsync'");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
