package dev.ispd.examples.queries;

import java.util.Locale;

/** The three ways of running a query that the paper compares (V-C). */
public enum Variant {
    /** A stock Hadoop job: every record through map, combine, sort and reduce. */
    HOST_NORMAL,
    /** Hadoop mappers that aggregate in compact in-memory structures and emit only at the end. */
    HOST_OPTIMIZED,
    /** A DeviceJob on the built-in tasklets, run inside the drives. */
    DEVICE;

    /** The name on the command line: host-normal, host-optimized, device. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The variant with this command-line name. */
    public static Variant fromCliName(String name) {
        for (Variant v : values()) {
            if (v.cliName().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + name + "'; known: host-normal, host-optimized, device");
    }
}
