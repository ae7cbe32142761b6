package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.hadoop.schedule.Decision;
import dev.ispd.hadoop.schedule.Placement;
import java.io.IOException;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one split where the scheduler placed it and turns its results into key/values. A DEVICE
 * split runs its whole records on the drive and any records cut by a chunk boundary on the host;
 * if the drive fails or times out, the whole split runs on the host instead (a fallback), so the
 * key/values are the same either way. Counts everything in {@link IspdCounter}s and logs the
 * observed against the predicted cost.
 */
final class SplitExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(SplitExecutor.class);

    /** Where counts go: the task's counters, or a plain map in tests. */
    interface CounterSink extends BiConsumer<IspdCounter, Long> {
    }

    private final DeviceExecution device;
    private final HostExecution host;
    private final DeviceMapperFormat<?, ?> format;
    private final CounterSink counters;

    SplitExecutor(DeviceExecution device, HostExecution host, DeviceMapperFormat<?, ?> format, CounterSink counters) {
        this.device = device;
        this.host = host;
        this.format = format;
        this.counters = counters;
    }

    /**
     * Runs the split; returns what it cost where it ran, against the uncorrected prediction: the
     * drive's execution for a device split (its host-run straddling records aside), the whole host
     * run otherwise (fallbacks included).
     */
    <K, V> SplitObservation run(DeviceInputSplit split, KeyValueSink<K, V> out) throws IOException {
        Decision d = split.decision();
        SplitLayout layout = SplitLayout.of(split);
        if (d.placement() == Placement.DEVICE) {
            count(IspdCounter.SPLITS_PLANNED_ON_DEVICE, 1);
            if (layout.deviceExtents().isEmpty()) {
                LOG.info("split {} ({}) has no whole record inside drive {}: running it on the host", d.index(), split,
                        split.drive());
            } else {
                Outcome onDevice = tryDevice(split, layout);
                if (onDevice != null) {
                    finishOnDevice(split, layout, onDevice, out);
                    return new SplitObservation(Placement.DEVICE, d.baseline().deviceExecution(), onDevice.modeled(),
                            !onDevice.waited());
                }
            }
        }
        Outcome onHost = host.run(split, SplitLayout.wholeSplit(split));
        convert(onHost.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()), out);
        countHost(onHost);
        count(IspdCounter.SPLITS_ON_HOST, 1);
        count(IspdCounter.PREDICTED_HOST_NS, d.host().timeNs());
        count(IspdCounter.PREDICTED_HOST_ENERGY_NJ, d.host().energyNj());
        logObserved(split, Placement.HOST, d.baseline().host(), onHost.modeled());
        return new SplitObservation(Placement.HOST, d.baseline().host(), onHost.modeled(), true);
    }

    /** The drive's outcome, or null after logging and counting a fallback. */
    private Outcome tryDevice(DeviceInputSplit split, SplitLayout layout) {
        try {
            return device.run(split, layout.deviceExtents());
        } catch (IOException e) {
            LOG.warn("split {} ({}) failed on drive {} ({}): {}; falling back to the host", split.decision().index(),
                    split, split.drive(), split.driveAddress(), e.getMessage());
            count(IspdCounter.FALLBACKS, 1);
            return null;
        }
    }

    private <K, V> void finishOnDevice(DeviceInputSplit split, SplitLayout layout, Outcome onDevice,
            KeyValueSink<K, V> out) throws IOException {
        Decision d = split.decision();
        convert(onDevice.result(), new ResultOrigin(split.file(), split.geometry().pageSize(), layout.objectStarts()),
                out);
        count(IspdCounter.BYTES_READ_IN_DRIVES, onDevice.inputBytes());
        count(IspdCounter.RESULT_BYTES_FROM_DRIVES, onDevice.result().length);
        count(IspdCounter.MODELED_DEVICE_NS, onDevice.modeled().timeNs());
        count(IspdCounter.MODELED_DEVICE_ENERGY_NJ, onDevice.modeled().energyNj());
        count(IspdCounter.SPLITS_ON_DEVICE, 1);
        count(IspdCounter.PREDICTED_DEVICE_NS, d.device().timeNs());
        count(IspdCounter.PREDICTED_DEVICE_ENERGY_NJ, d.device().energyNj());
        logObserved(split, Placement.DEVICE, d.baseline().deviceExecution(), onDevice.modeled());
        if (!layout.hostRanges().isEmpty()) {
            Outcome tail = host.run(split, layout.hostRanges());
            convert(tail.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()), out);
            countHost(tail);
            count(IspdCounter.STRADDLING_RECORDS, tail.inputBytes() / Math.max(1, split.recordSize()));
        }
    }

    /** The job's format makes the map output types, and the reader is typed by them: the cast only restates that. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private <K, V> void convert(byte[] result, ResultOrigin origin, KeyValueSink<K, V> out) throws IOException {
        ((DeviceMapperFormat) format).convert(result, origin, out);
    }

    private void countHost(Outcome o) {
        count(IspdCounter.BYTES_MOVED_TO_HOST, o.inputBytes());
        count(IspdCounter.MODELED_HOST_NS, o.modeled().timeNs());
        count(IspdCounter.MODELED_HOST_ENERGY_NJ, o.modeled().energyNj());
    }

    private void count(IspdCounter c, long n) {
        counters.accept(c, n);
    }

    private static void logObserved(DeviceInputSplit split, Placement where, Cost predicted, Cost observed) {
        LOG.info("split {} ({}) ran on {}: predicted (uncorrected, the measured part) {} ns {} nJ, "
                + "observed (modeled) {} ns {} nJ",
                split.decision().index(), split, where, predicted.timeNs(), predicted.energyNj(), observed.timeNs(),
                observed.energyNj());
    }
}
