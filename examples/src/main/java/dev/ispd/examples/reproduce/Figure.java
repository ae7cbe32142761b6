package dev.ispd.examples.reproduce;

import java.util.List;
import java.util.function.Predicate;

/**
 * The report's figures: title, plot files, and which profile numbers each result depends on
 * (by key; device keys as in the device profile, host keys as in the host profile).
 */
enum Figure {
    FIG6("Fig. 6: microbenchmark, DRAM accesses per 8 KB page", List.of("fig6"),
            Figure::timeKey, key -> key.startsWith("cpu.") || key.startsWith("io.")),
    FIG8("Fig. 8: Q1 and Q2 by entry size, three versions", List.of("fig8-q1", "fig8-q2"),
            Figure::timeKey, key -> key.startsWith("cpu.") || key.startsWith("io.")
                    || key.startsWith("hadoop.cycles") || key.startsWith("hadoop.localDisk")),
    FIG9("Fig. 9: host CPU use, Q1 at 256 B", List.of("fig9"),
            Figure::timeKey, key -> key.startsWith("cpu.") || key.startsWith("io.") || key.startsWith("hadoop.")),
    FIG10("Fig. 10: system power, Q1, wr and exec phases", List.of("fig10"),
            key -> true, key -> true),
    FILTER("Filter: 1 GB of 32 B structures, 60% selectivity", List.of("filter"),
            Figure::timeKey, key -> key.startsWith("cpu.") || key.startsWith("io."));

    /** The bus many drives share: the reproduction runs one drive, which never fills it. */
    private static final String SHARED_BUS = "io.busBytesPerSec";

    private final String title;
    private final List<String> plots;
    private final Predicate<String> deviceKeys;
    private final Predicate<String> hostKeys;

    Figure(String title, List<String> plots, Predicate<String> deviceKeys, Predicate<String> hostKeys) {
        this.title = title;
        this.plots = plots;
        this.deviceKeys = key -> !pricesUserTasklets(key) && deviceKeys.test(key);
        this.hostKeys = key -> !pricesUserTasklets(key) && !key.equals(SHARED_BUS) && hostKeys.test(key);
    }

    String title() {
        return title;
    }

    /** Base names of the plot files (each written as .png and .svg). */
    List<String> plots() {
        return plots;
    }

    boolean dependsOnDeviceKey(String key) {
        return deviceKeys.test(key);
    }

    boolean dependsOnHostKey(String key) {
        return hostKeys.test(key);
    }

    /**
     * The price of a WebAssembly instruction, of a numeric kernel's arithmetic or of the plan
     * interpreter's own work: the Smart SSD figures run the log analysis and microbenchmark
     * built-ins, which meter none of them.
     */
    private static boolean pricesUserTasklets(String key) {
        return key.endsWith(".cyclesPerInstruction") || key.endsWith(".cyclesPerArithmetic")
                || key.startsWith("interpreter.");
    }

    /** A device number that sets modeled time: everything but power. */
    private static boolean timeKey(String key) {
        return !key.contains("Power") && !key.startsWith("power.");
    }
}
