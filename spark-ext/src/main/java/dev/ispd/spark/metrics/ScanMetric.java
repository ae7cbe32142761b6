package dev.ispd.spark.metrics;

import dev.ispd.offload.execute.SplitMetric;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.connector.metric.CustomSumMetric;

/**
 * A count of the offload core's ({@link SplitMetric}) as a Spark custom metric, summed over a
 * scan's tasks and shown on the scan's node in the Spark UI's SQL tab. Spark instantiates a
 * metric by its class name on the driver, so each is a public class with a no-argument
 * constructor, one per split metric: the class is sealed, and {@link #all} is its permitted
 * subclasses, so a split metric without its class here fails {@code ScanMetricTest}.
 */
public abstract sealed class ScanMetric extends CustomSumMetric {
    private final SplitMetric metric;
    /** {@link #nameOf} the metric, made once: a reader reports its metrics after every batch. */
    private final String name;
    private final String description;

    protected ScanMetric(SplitMetric metric, String description) {
        this.metric = metric;
        this.name = nameOf(metric);
        this.description = description;
    }

    private static final List<ScanMetric> ALL = Arrays.stream(ScanMetric.class.getPermittedSubclasses())
            .map(ScanMetric::instantiate).sorted(Comparator.comparing(ScanMetric::metric)).toList();

    /** Every metric a scan reports, in the order of the split metrics. */
    public static List<ScanMetric> all() {
        return ALL;
    }

    /** A metric as Spark makes one: by its class's no-argument constructor. */
    static ScanMetric instantiate(Class<?> c) {
        try {
            return (ScanMetric) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("scan metric " + c.getName() + " has no public no-argument constructor", e);
        }
    }

    /** The metric's name: {@code ispd} and the split metric in camel case, e.g. {@code ispdBytesReadInDrives}. */
    public static String nameOf(SplitMetric metric) {
        StringBuilder s = new StringBuilder("ispd");
        for (String word : metric.name().toLowerCase(Locale.ROOT).split("_")) {
            s.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        return s.toString();
    }

    public SplitMetric metric() {
        return metric;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    public static final class BytesReadInDrives extends ScanMetric {
        public BytesReadInDrives() {
            super(SplitMetric.BYTES_READ_IN_DRIVES, "ispd bytes scanned inside drives");
        }
    }

    public static final class BytesMovedToHost extends ScanMetric {
        public BytesMovedToHost() {
            super(SplitMetric.BYTES_MOVED_TO_HOST, "ispd bytes read to the host");
        }
    }

    public static final class ResultBytesFromDrives extends ScanMetric {
        public ResultBytesFromDrives() {
            super(SplitMetric.RESULT_BYTES_FROM_DRIVES, "ispd result bytes from drives");
        }
    }

    public static final class PartitionsOnDevice extends ScanMetric {
        public PartitionsOnDevice() {
            super(SplitMetric.SPLITS_ON_DEVICE, "ispd partitions run in drives");
        }
    }

    public static final class PartitionsOnHost extends ScanMetric {
        public PartitionsOnHost() {
            super(SplitMetric.SPLITS_ON_HOST, "ispd partitions run on the host");
        }
    }

    public static final class Fallbacks extends ScanMetric {
        public Fallbacks() {
            super(SplitMetric.FALLBACKS, "ispd partitions fallen back to the host");
        }
    }

    public static final class ModeledDeviceNs extends ScanMetric {
        public ModeledDeviceNs() {
            super(SplitMetric.MODELED_DEVICE_NS, "ispd modeled device time (ns)");
        }
    }

    public static final class ModeledDeviceEnergyNj extends ScanMetric {
        public ModeledDeviceEnergyNj() {
            super(SplitMetric.MODELED_DEVICE_ENERGY_NJ, "ispd modeled device energy (nJ)");
        }
    }

    public static final class ModeledHostNs extends ScanMetric {
        public ModeledHostNs() {
            super(SplitMetric.MODELED_HOST_NS, "ispd modeled host time (ns)");
        }
    }

    public static final class ModeledHostEnergyNj extends ScanMetric {
        public ModeledHostEnergyNj() {
            super(SplitMetric.MODELED_HOST_ENERGY_NJ, "ispd modeled host energy (nJ)");
        }
    }

    public static final class PredictedDeviceNs extends ScanMetric {
        public PredictedDeviceNs() {
            super(SplitMetric.PREDICTED_DEVICE_NS, "ispd predicted device time of partitions run in drives (ns)");
        }
    }

    public static final class PredictedDeviceEnergyNj extends ScanMetric {
        public PredictedDeviceEnergyNj() {
            super(SplitMetric.PREDICTED_DEVICE_ENERGY_NJ, "ispd predicted device energy of partitions run in drives (nJ)");
        }
    }

    public static final class PredictedHostNs extends ScanMetric {
        public PredictedHostNs() {
            super(SplitMetric.PREDICTED_HOST_NS, "ispd predicted host time of partitions run on the host (ns)");
        }
    }

    public static final class PredictedHostEnergyNj extends ScanMetric {
        public PredictedHostEnergyNj() {
            super(SplitMetric.PREDICTED_HOST_ENERGY_NJ, "ispd predicted host energy of partitions run on the host (nJ)");
        }
    }

    public static final class PartitionsPlannedOnDevice extends ScanMetric {
        public PartitionsPlannedOnDevice() {
            super(SplitMetric.SPLITS_PLANNED_ON_DEVICE, "ispd partitions placed in drives");
        }
    }

    public static final class StraddlingRecords extends ScanMetric {
        public StraddlingRecords() {
            super(SplitMetric.STRADDLING_RECORDS, "ispd records across a chunk boundary, run on the host");
        }
    }

    public static final class DeviceFaultsTimeout extends ScanMetric {
        public DeviceFaultsTimeout() {
            super(SplitMetric.DEVICE_FAULTS_TIMEOUT, "ispd device runs failed: no answer in time");
        }
    }

    public static final class DeviceFaultsConnection extends ScanMetric {
        public DeviceFaultsConnection() {
            super(SplitMetric.DEVICE_FAULTS_CONNECTION, "ispd device runs failed: connection lost or refused");
        }
    }

    public static final class DeviceFaultsMediaError extends ScanMetric {
        public DeviceFaultsMediaError() {
            super(SplitMetric.DEVICE_FAULTS_MEDIA_ERROR, "ispd device runs failed: media error");
        }
    }

    public static final class DeviceFaultsNoSpace extends ScanMetric {
        public DeviceFaultsNoSpace() {
            super(SplitMetric.DEVICE_FAULTS_NO_SPACE, "ispd device runs failed: drive full");
        }
    }

    public static final class DeviceFaultsBusy extends ScanMetric {
        public DeviceFaultsBusy() {
            super(SplitMetric.DEVICE_FAULTS_BUSY, "ispd device runs failed: drive busy");
        }
    }

    public static final class DeviceFaultsOther extends ScanMetric {
        public DeviceFaultsOther() {
            super(SplitMetric.DEVICE_FAULTS_OTHER, "ispd device runs failed: other error");
        }
    }

    public static final class DeviceRefusals extends ScanMetric {
        public DeviceRefusals() {
            super(SplitMetric.DEVICE_REFUSALS, "ispd device runs refused (limit exceeded, tasklet failed): on the host, "
                    + "not retried");
        }
    }

    public static final class DeviceRunsCancelled extends ScanMetric {
        public DeviceRunsCancelled() {
            super(SplitMetric.DEVICE_RUNS_CANCELLED, "ispd device runs cancelled with their task");
        }
    }

    public static final class DeviceRetries extends ScanMetric {
        public DeviceRetries() {
            super(SplitMetric.DEVICE_RETRIES, "ispd device runs after a failed one");
        }
    }

    public static final class ReplicaRuns extends ScanMetric {
        public ReplicaRuns() {
            super(SplitMetric.REPLICA_RUNS, "ispd partitions run in a drive holding another replica");
        }
    }

    public static final class ReplicaReads extends ScanMetric {
        public ReplicaReads() {
            super(SplitMetric.REPLICA_READS, "ispd host reads served by another replica");
        }
    }

    public static final class DrivesAvoided extends ScanMetric {
        public DrivesAvoided() {
            super(SplitMetric.DRIVES_AVOIDED, "ispd drives avoided after repeated failures");
        }
    }

    public static final class AvoidedDriveSkips extends ScanMetric {
        public AvoidedDriveSkips() {
            super(SplitMetric.AVOIDED_DRIVE_SKIPS, "ispd device runs not tried on an avoided drive");
        }
    }

    public static final class SpeculativeHostRuns extends ScanMetric {
        public SpeculativeHostRuns() {
            super(SplitMetric.SPECULATIVE_HOST_RUNS, "ispd straggling device partitions the host ran beside");
        }
    }

    public static final class SpeculativeHostWins extends ScanMetric {
        public SpeculativeHostWins() {
            super(SplitMetric.SPECULATIVE_HOST_WINS, "ispd straggling device partitions the host finished first");
        }
    }

    public static final class RowGroupsRead extends ScanMetric {
        public RowGroupsRead() {
            super(SplitMetric.ROW_GROUPS_READ, "ispd Parquet row groups read");
        }
    }

    public static final class RowGroupsSkipped extends ScanMetric {
        public RowGroupsSkipped() {
            super(SplitMetric.ROW_GROUPS_SKIPPED, "ispd Parquet row groups skipped by their statistics");
        }
    }

    public static final class PagesSkipped extends ScanMetric {
        public PagesSkipped() {
            super(SplitMetric.PAGES_SKIPPED, "ispd Parquet data pages skipped by their column index");
        }
    }

    public static final class StraddlingRowGroups extends ScanMetric {
        public StraddlingRowGroups() {
            super(SplitMetric.STRADDLING_ROW_GROUPS, "ispd Parquet row groups across a chunk boundary, run on the host");
        }
    }

    public static final class GroupTableFlushes extends ScanMetric {
        public GroupTableFlushes() {
            super(SplitMetric.GROUP_TABLE_FLUSHES, "ispd group tables that handed back partial groups when full");
        }
    }
}
