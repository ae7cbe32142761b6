package dev.ispd.offload.execute;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What this JVM's splits did on each drive, over every job the JVM ran: the totals an admin
 * watches across jobs, which an engine's metrics system publishes (Hadoop's metrics2, Spark's
 * metrics; docs/metrics.md, "Where splits ran"). A job's own counts stay its counters
 * ({@link SplitMetric}). Drives are kept by address; past {@value #MAX_DRIVES} drives the rest
 * count under {@value #OTHER}, so a metrics system's series stay bounded.
 */
public final class DriveOffloads {
    /** The drive that stands for every drive past {@value #MAX_DRIVES}. */
    public static final String OTHER = "other";
    static final int MAX_DRIVES = 1024;
    private static final DriveOffloads JVM = new DriveOffloads();

    /** What is counted per drive. */
    public enum Count {
        /** Splits that ran on the drive to the end (on their planned drive or as a replica's run). */
        OFFLOADED_SPLITS,
        /** Input bytes those splits scanned inside the drive. */
        SCANNED_BYTES,
        /** Device runs on the drive that failed ({@link DeviceFault}: an error, no answer in time, a lost connection). */
        FAULTS,
        /** Splits planned on the drive that ran on the host instead, after failing or avoiding every drive. */
        FALLBACKS,
        /** Times a job began to avoid the drive for its failures ({@code ispd.device.avoid.after.failures}). */
        AVOIDED
    }

    private final Map<String, AtomicLongArray> drives = new ConcurrentHashMap<>();

    DriveOffloads() {
    }

    /** The totals of this JVM, which every {@link SplitExecutor} adds to. */
    public static DriveOffloads jvm() {
        return JVM;
    }

    void add(String address, Count count, long n) {
        AtomicLongArray counts = drives.get(address);
        if (counts == null) {
            counts = drives.size() >= MAX_DRIVES ? drives.computeIfAbsent(OTHER, this::newCounts)
                    : drives.computeIfAbsent(address, this::newCounts);
        }
        counts.addAndGet(count.ordinal(), n);
    }

    private AtomicLongArray newCounts(String address) {
        return new AtomicLongArray(Count.values().length);
    }

    /** The drive's total of {@code count} so far (0 for a drive not seen). */
    public long total(String address, Count count) {
        AtomicLongArray counts = drives.get(address);
        return counts == null ? 0 : counts.get(count.ordinal());
    }

    /**
     * The drive's address as metrics systems name it: every character other than a letter or digit
     * made {@code _} ({@code tcp:10.0.0.1:7070} is {@code tcp_10_0_0_1_7070}), so Graphite's dotted
     * paths and Prometheus' names take it as it is.
     */
    public static String metricName(String address) {
        return address.replaceAll("[^A-Za-z0-9]", "_");
    }

    /** Each drive's totals so far, by drive address. */
    public SortedMap<String, Map<Count, Long>> totals() {
        SortedMap<String, Map<Count, Long>> out = new TreeMap<>();
        drives.forEach((address, counts) -> {
            Map<Count, Long> m = new EnumMap<>(Count.class);
            for (Count c : Count.values()) {
                m.put(c, counts.get(c.ordinal()));
            }
            out.put(address, Collections.unmodifiableMap(m));
        });
        return Collections.unmodifiableSortedMap(out);
    }
}
