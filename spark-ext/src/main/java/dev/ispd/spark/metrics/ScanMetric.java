package dev.ispd.spark.metrics;

import dev.ispd.offload.execute.SplitMetric;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomSumMetric;

/**
 * A count of the offload core's ({@link SplitMetric}) as a Spark custom metric, summed over a
 * scan's tasks and shown on the scan's node in the Spark UI's SQL tab. Spark instantiates a
 * metric by its class name on the driver, so each is a public class with a no-argument
 * constructor.
 */
public abstract class ScanMetric extends CustomSumMetric {
    private final SplitMetric metric;
    private final String description;

    protected ScanMetric(SplitMetric metric, String description) {
        this.metric = metric;
        this.description = description;
    }

    /** Every metric a scan reports. */
    public static List<ScanMetric> all() {
        return List.of(new BytesReadInDrives(), new BytesMovedToHost(), new ResultBytesFromDrives(),
                new PartitionsOnDevice(), new PartitionsOnHost(), new Fallbacks(), new ModeledDeviceNs(),
                new ModeledDeviceEnergyNj(), new ModeledHostNs(), new ModeledHostEnergyNj());
    }

    /** The metric's name: {@code ispd} and the split metric in camel case, e.g. {@code ispdBytesReadInDrives}. */
    public static String nameOf(SplitMetric metric) {
        StringBuilder s = new StringBuilder("ispd");
        for (String word : metric.name().toLowerCase(java.util.Locale.ROOT).split("_")) {
            s.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        return s.toString();
    }

    public SplitMetric metric() {
        return metric;
    }

    @Override
    public String name() {
        return nameOf(metric);
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
}
