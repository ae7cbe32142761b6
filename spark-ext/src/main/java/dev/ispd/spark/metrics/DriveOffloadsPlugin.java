package dev.ispd.spark.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import dev.ispd.offload.execute.DriveOffloads;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.spark.TaskFailedReason;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * Where an executor's splits ran, per drive, across the application's queries
 * ({@link DriveOffloads}), in Spark's metrics system: {@code spark.plugins=} this class. Each
 * executor (the driver too in local mode) reports, under the source
 * {@code plugin.dev.ispd.spark.metrics.DriveOffloadsPlugin}, a counter per drive and
 * {@link DriveOffloads.Count}, named {@code drive.<address>.<count>} (the address as
 * {@link DriveOffloads#metricName}, so the names pass through Spark's {@code PrometheusServlet}
 * and Graphite as they are), and the same summed over drives as
 * {@code drives.<count>}. A drive's counters appear after its first split on the executor
 * (docs/spark.md, "Metrics for admins").
 */
public final class DriveOffloadsPlugin implements SparkPlugin {
    @Override
    public DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new Reporter(DriveOffloads.jvm());
    }

    /** Names of a drive's metrics: {@code drive.<address made safe>.<count>}. */
    static String name(String address, DriveOffloads.Count count) {
        return "drive." + DriveOffloads.metricName(address) + "." + camel(count);
    }

    /** OFFLOADED_SPLITS -> offloadedSplits. */
    static String camel(DriveOffloads.Count count) {
        StringBuilder out = new StringBuilder();
        for (String word : count.name().toLowerCase(Locale.ROOT).split("_")) {
            out.append(out.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return out.toString();
    }

    /** A counter whose count is a total kept elsewhere: read whenever a sink reports. */
    private static final class Total extends Counter {
        private final LongSupplier total;

        Total(LongSupplier total) {
            this.total = total;
        }

        @Override
        public long getCount() {
            return total.getAsLong();
        }
    }

    /** Registers the totals at start, and each drive's counters when a task ends after its first split there. */
    private static final class Reporter implements ExecutorPlugin {
        private final DriveOffloads offloads;
        private final Set<String> registered = new HashSet<>();
        private MetricRegistry registry;

        Reporter(DriveOffloads offloads) {
            this.offloads = offloads;
        }

        @Override
        public void init(PluginContext ctx, Map<String, String> extraConf) {
            registry = ctx.metricRegistry();
            for (DriveOffloads.Count c : DriveOffloads.Count.values()) {
                registry.register("drives." + camel(c), new Total(() -> offloads.totals().keySet().stream()
                        .mapToLong(drive -> offloads.total(drive, c)).sum()));
            }
            registerNewDrives();
        }

        @Override
        public void onTaskSucceeded() {
            registerNewDrives();
        }

        @Override
        public void onTaskFailed(TaskFailedReason failureReason) {
            registerNewDrives();
        }

        private synchronized void registerNewDrives() {
            for (String drive : offloads.totals().keySet()) {
                if (registered.add(drive)) {
                    for (DriveOffloads.Count c : DriveOffloads.Count.values()) {
                        String name = name(drive, c);
                        if (!registry.getMetrics().containsKey(name)) { // two addresses made the same name: the first keeps it
                            registry.register(name, new Total(() -> offloads.total(drive, c)));
                        }
                    }
                }
            }
        }
    }
}
