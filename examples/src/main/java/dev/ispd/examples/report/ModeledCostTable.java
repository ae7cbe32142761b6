package dev.ispd.examples.report;

import static dev.ispd.offload.execute.SplitMetric.BYTES_MOVED_TO_HOST;
import static dev.ispd.offload.execute.SplitMetric.BYTES_READ_IN_DRIVES;
import static dev.ispd.offload.execute.SplitMetric.FALLBACKS;
import static dev.ispd.offload.execute.SplitMetric.MODELED_DEVICE_ENERGY_NJ;
import static dev.ispd.offload.execute.SplitMetric.MODELED_DEVICE_NS;
import static dev.ispd.offload.execute.SplitMetric.MODELED_HOST_ENERGY_NJ;
import static dev.ispd.offload.execute.SplitMetric.MODELED_HOST_NS;
import static dev.ispd.offload.execute.SplitMetric.SPLITS_ON_DEVICE;
import static dev.ispd.offload.execute.SplitMetric.SPLITS_ON_HOST;

import dev.ispd.offload.execute.SplitMetric;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The modeled-cost table of the quickstarts: one row per run (a policy), the offload core's
 * split metrics summed over its splits, as a DeviceJob's counters or a Spark scan's metrics hold them.
 */
public final class ModeledCostTable {
    /** The metrics the table shows, in column order. */
    public static final List<SplitMetric> COLUMNS = List.of(SPLITS_ON_DEVICE, SPLITS_ON_HOST, FALLBACKS,
            MODELED_DEVICE_NS, MODELED_DEVICE_ENERGY_NJ, MODELED_HOST_NS, MODELED_HOST_ENERGY_NJ,
            BYTES_READ_IN_DRIVES, BYTES_MOVED_TO_HOST);

    private ModeledCostTable() {
    }

    /** The header and one row per entry of {@code runs} (label to its metrics; a missing metric is 0), in its order. */
    public static void print(PrintStream out, Map<String, Map<SplitMetric, Long>> runs) {
        out.printf("  %-12s %6s %5s %9s %10s %10s %10s %10s %12s %12s%n", "policy", "device", "host", "fallbacks",
                "device s", "device J", "host s", "host J", "MB in drive", "MB to host");
        runs.forEach((label, m) -> out.printf("  %-12s %6d %5d %9d %10.3f %10.3f %10.3f %10.3f %12.1f %12.1f%n", label,
                get(m, SPLITS_ON_DEVICE), get(m, SPLITS_ON_HOST), get(m, FALLBACKS), get(m, MODELED_DEVICE_NS) / 1e9,
                get(m, MODELED_DEVICE_ENERGY_NJ) / 1e9, get(m, MODELED_HOST_NS) / 1e9,
                get(m, MODELED_HOST_ENERGY_NJ) / 1e9, get(m, BYTES_READ_IN_DRIVES) / 1e6,
                get(m, BYTES_MOVED_TO_HOST) / 1e6));
    }

    private static long get(Map<SplitMetric, Long> metrics, SplitMetric metric) {
        return metrics.getOrDefault(metric, 0L);
    }
}
