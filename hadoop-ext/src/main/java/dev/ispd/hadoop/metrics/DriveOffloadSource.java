package dev.ispd.hadoop.metrics;

import dev.ispd.offload.execute.DriveOffloads;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * A Hadoop metrics2 source of where this JVM's splits ran, per drive, across jobs
 * ({@link DriveOffloads}): one record {@value #RECORD} in context {@value #CONTEXT} per drive,
 * tagged {@code Drive} with its address ({@link DriveOffloads#metricName}: Graphite's paths take it), with a counter per {@link DriveOffloads.Count}
 * ({@code OffloadedSplits}, {@code ScannedBytes}, {@code Faults}, {@code Fallbacks},
 * {@code Avoided}). The sinks configured for the JVM's metrics prefix publish it (in YARN a map
 * task's prefix is {@code maptask}; docs/metrics.md, "Where splits ran").
 */
public final class DriveOffloadSource implements MetricsSource {
    public static final String NAME = "IspdDriveOffloads";
    public static final String CONTEXT = "ispd";
    public static final String RECORD = "DriveOffloads";
    private static final MetricsInfo DRIVE = Interns.info("Drive", "the drive's address, letters and digits kept");
    private static final AtomicBoolean REGISTERED = new AtomicBoolean();

    private final DriveOffloads offloads;

    DriveOffloadSource(DriveOffloads offloads) {
        this.offloads = offloads;
    }

    /**
     * Registers the source of this JVM's totals with Hadoop's default metrics system, once per
     * JVM (a metrics system not yet started takes it when it starts).
     */
    public static void registerOnce() {
        if (REGISTERED.compareAndSet(false, true)) {
            DefaultMetricsSystem.instance().register(NAME, "where this JVM's ispd splits ran, per drive, across jobs",
                    new DriveOffloadSource(DriveOffloads.jvm()));
        }
    }

    @Override
    public void getMetrics(MetricsCollector collector, boolean all) {
        offloads.totals().forEach((drive, counts) -> {
            MetricsRecordBuilder record = collector.addRecord(RECORD).setContext(CONTEXT).tag(DRIVE, DriveOffloads.metricName(drive));
            for (Map.Entry<DriveOffloads.Count, Long> c : counts.entrySet()) {
                record.addCounter(info(c.getKey()), c.getValue());
            }
        });
    }

    /** OFFLOADED_SPLITS -> OffloadedSplits, Hadoop's way of naming metrics. */
    static MetricsInfo info(DriveOffloads.Count count) {
        StringBuilder name = new StringBuilder();
        for (String word : count.name().split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return Interns.info(name.toString(), count.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " on the drive");
    }
}
