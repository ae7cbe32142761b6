package dev.ispd.offload.execute;

import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.HostFiles;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one planned split where the scheduler placed it and hands its results on. A DEVICE split
 * runs its whole records on the drive and any records cut by a chunk boundary on the host; if
 * the drive fails or times out, the whole split runs on the host instead (a fallback), so the
 * results are the same either way. Counts everything in {@link SplitMetric}s, logs the observed
 * against the predicted cost, and returns the observation for the correction store.
 */
public final class SplitExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(SplitExecutor.class);

    private final DeviceExecution device;
    private final HostExecution host;
    private final MetricSink counters;

    SplitExecutor(DeviceExecution device, HostExecution host, MetricSink counters) {
        this.device = device;
        this.host = host;
        this.counters = counters;
    }

    /**
     * An executor of {@code tasklet}'s splits of the job {@code scope}: device runs on
     * connections from {@code pool} with the settings' timeout, host runs reading through
     * {@code files}, priced with the settings' host profile.
     */
    public static SplitExecutor create(OffloadSettings settings, TaskletSpec tasklet, String scope, DrivePool pool,
                                       HostFiles files, MetricSink counters) {
        TaskletRunner.Polling d = TaskletRunner.Polling.DEFAULT;
        TaskletRunner.Polling polling = new TaskletRunner.Polling(d.minInterval(), d.maxInterval(),
                settings.deviceTimeout());
        return new SplitExecutor(new DeviceExecution(pool, scope, tasklet, polling),
                new HostExecution(files, new HostModel(settings.scheduler().hostProfile()), tasklet), counters);
    }

    /**
     * Runs the split; returns what it cost where it ran, against the uncorrected prediction: the
     * drive's execution for a device split (its host-run straddling records aside), the whole host
     * run otherwise (fallbacks included).
     */
    public SplitObservation run(PlannedSplit split, ResultSink out) throws IOException {
        Decision d = split.decision();
        SplitLayout layout = SplitLayout.of(split);
        if (d.placement() == Placement.DEVICE) {
            count(SplitMetric.SPLITS_PLANNED_ON_DEVICE, 1);
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
        out.accept(onHost.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()));
        countHost(onHost);
        count(SplitMetric.SPLITS_ON_HOST, 1);
        count(SplitMetric.PREDICTED_HOST_NS, d.host().timeNs());
        count(SplitMetric.PREDICTED_HOST_ENERGY_NJ, d.host().energyNj());
        logObserved(split, Placement.HOST, d.baseline().host(), onHost.modeled());
        return new SplitObservation(Placement.HOST, d.baseline().host(), onHost.modeled(), true);
    }

    /** The drive's outcome, or null after logging and counting a fallback. */
    private Outcome tryDevice(PlannedSplit split, SplitLayout layout) {
        try {
            return device.run(split, layout.deviceExtents());
        } catch (IOException e) {
            LOG.warn("split {} ({}) failed on drive {} ({}): {}; falling back to the host", split.decision().index(),
                    split, split.drive(), split.driveAddress(), e.getMessage());
            count(SplitMetric.FALLBACKS, 1);
            return null;
        }
    }

    private void finishOnDevice(PlannedSplit split, SplitLayout layout, Outcome onDevice, ResultSink out)
            throws IOException {
        Decision d = split.decision();
        out.accept(onDevice.result(), new ResultOrigin(split.file(), split.geometry().pageSize(), layout.objectStarts()));
        count(SplitMetric.BYTES_READ_IN_DRIVES, onDevice.inputBytes());
        count(SplitMetric.RESULT_BYTES_FROM_DRIVES, onDevice.result().length);
        count(SplitMetric.MODELED_DEVICE_NS, onDevice.modeled().timeNs());
        count(SplitMetric.MODELED_DEVICE_ENERGY_NJ, onDevice.modeled().energyNj());
        count(SplitMetric.SPLITS_ON_DEVICE, 1);
        count(SplitMetric.PREDICTED_DEVICE_NS, d.device().timeNs());
        count(SplitMetric.PREDICTED_DEVICE_ENERGY_NJ, d.device().energyNj());
        logObserved(split, Placement.DEVICE, d.baseline().deviceExecution(), onDevice.modeled());
        if (!layout.hostRanges().isEmpty()) {
            Outcome tail = host.run(split, layout.hostRanges());
            out.accept(tail.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()));
            countHost(tail);
            count(SplitMetric.STRADDLING_RECORDS, tail.inputBytes() / Math.max(1, split.recordSize()));
        }
    }

    private void countHost(Outcome o) {
        count(SplitMetric.BYTES_MOVED_TO_HOST, o.inputBytes());
        count(SplitMetric.MODELED_HOST_NS, o.modeled().timeNs());
        count(SplitMetric.MODELED_HOST_ENERGY_NJ, o.modeled().energyNj());
    }

    private void count(SplitMetric c, long n) {
        counters.add(c, n);
    }

    private static void logObserved(PlannedSplit split, Placement where, Cost predicted, Cost observed) {
        LOG.info("split {} ({}) ran on {}: predicted (uncorrected, the measured part) {} ns {} nJ, "
                + "observed (modeled) {} ns {} nJ",
                split.decision().index(), split, where, predicted.timeNs(), predicted.energyNj(), observed.timeNs(),
                observed.energyNj());
    }
}
