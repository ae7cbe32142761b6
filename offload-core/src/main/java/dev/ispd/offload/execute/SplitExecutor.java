package dev.ispd.offload.execute;

import dev.ispd.client.ExecutionCancelledException;
import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.plan.DriveProbes;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.HostFiles;
import dev.ispd.offload.storage.UnansweredDrives;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one planned split where the scheduler placed it and hands its results on. A DEVICE split
 * runs its whole records on the drive and any records cut by a chunk boundary on the host. If
 * the drive fails (a fault, an error status, no answer within the split's deadline), the split runs
 * again on a drive holding another replica of its chunks, or on the same drive, up to the
 * settings' retries; then the whole split runs on the host instead (a fallback), so the results
 * are the same either way. A run the drive refuses for what it is (a plan beyond its limits, a
 * tasklet failing on its input: {@link DeviceFault#REFUSED}) would fail the same way again, so
 * the host runs it at once. A drive that failed the job's runs
 * {@code ispd.device.avoid.after.failures} times, or missed a split's deadline once, is avoided by the job's later splits
 * ({@link DriveFailures}; in every task JVM of the job when the engine gives it the job's
 * {@link JobFailureRecord}). A split whose task the engine cancels (its thread interrupted, or
 * the engine's signal given) cancels its execution on the drive and ends with an
 * {@link ExecutionCancelledException}: neither a fault nor retried, nor run on the host. Counts
 * everything in {@link SplitMetric}s (faults by kind, retries, replica runs, fallbacks, drives
 * avoided, cancelled runs), logs the observed against the predicted cost, and returns the
 * observation for the correction store.
 */
public final class SplitExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(SplitExecutor.class);

    private final DeviceExecution device;
    private final SplitDeadline deadline;
    private final Speculation speculation;
    private final HostExecution host;
    private final MetricSink counters;
    private final int retries;
    private final DriveFailures failures;
    /** Who this executor's failures are written as in the job's shared record. */
    private final String writer;
    /** Whether the split's task was cancelled: its thread interrupted, or the engine's signal. */
    private final BooleanSupplier cancelled;
    /** The group-table flushes of a result of the tasklet, if it is an aggregate plan. */
    private final GroupFlushes flushes;
    /** This JVM's totals per drive, across jobs, for the engine's metrics system. */
    private final DriveOffloads offloads = DriveOffloads.jvm();

    SplitExecutor(DeviceExecution device, SplitDeadline deadline, Speculation speculation, HostExecution host,
                  MetricSink counters, int retries, DriveFailures failures, String writer, BooleanSupplier cancelled) {
        this.device = device;
        this.deadline = deadline;
        this.speculation = speculation;
        this.host = host;
        this.counters = counters;
        this.retries = retries;
        this.failures = failures;
        this.writer = writer;
        this.cancelled = cancelled;
        this.flushes = GroupFlushes.of(host.tasklet());
    }

    /**
     * An executor of {@code tasklet}'s splits of the job {@code scope}: device runs on
     * connections from {@code pool} with the settings' timeout and retries, host runs reading
     * through {@code files}, priced with the settings' host profile. Drive failures count over the
     * job's task JVMs through {@code shared}, or over this JVM's splits of the job without it.
     * {@code taskCancelled} says whether the engine has cancelled the task running the split
     * (asked while an execution runs; an interrupt of the thread running the split is one too).
     */
    public static SplitExecutor create(OffloadSettings settings, TaskletSpec tasklet, String scope, DrivePool pool,
                                       HostFiles files, MetricSink counters, Optional<JobFailureRecord> shared,
                                       BooleanSupplier taskCancelled) {
        BooleanSupplier cancelled = () -> Thread.currentThread().isInterrupted() || taskCancelled.getAsBoolean();
        return new SplitExecutor(new DeviceExecution(pool, scope, tasklet, TaskletRunner.Polling.DEFAULT, cancelled),
                SplitDeadline.of(settings), Speculation.of(settings),
                new HostExecution(files, new HostModel(settings.scheduler().hostProfile()), tasklet, counters),
                counters, settings.faults().retries(),
                DriveFailures.of(scope, settings.faults().avoidAfterFailures(), shared),
                shared.map(JobFailureRecord::writer).orElse(scope), cancelled);
    }

    /**
     * Runs the split; returns what it cost where it ran, against the uncorrected prediction: for a
     * device split the drive's execution, modeled (its service time: waiting behind other work left
     * out), and its wall clock from EXECUTE to its result read (its host-run straddling records
     * aside); the whole host run otherwise (fallbacks included).
     */
    public SplitObservation run(PlannedSplit split, SplitResults out) throws IOException {
        Decision d = split.decision();
        if (split.parquet() != null) {
            count(SplitMetric.ROW_GROUPS_READ, split.parquet().rowGroupsStarted());
            count(SplitMetric.ROW_GROUPS_SKIPPED, split.parquet().rowGroupsSkipped());
            count(SplitMetric.PAGES_SKIPPED, split.parquet().pagesSkipped());
            count(SplitMetric.STRADDLING_ROW_GROUPS, split.parquet().straddlingStarted());
        }
        if (d.placement() == Placement.DEVICE) {
            count(SplitMetric.SPLITS_PLANNED_ON_DEVICE, 1);
            if (SplitLayout.of(split).deviceExtents().isEmpty()) {
                LOG.info("split {} ({}) has no whole record inside drive {}: running it on the host", d.index(), split,
                        split.drive());
            } else {
                try (Speculation.Race race = speculation.race(d, stop -> host.run(split, SplitLayout.wholeSplit(split),
                        stop))) {
                    DeviceRun ran = runInADrive(split, race);
                    if (race.started()) {
                        count(SplitMetric.SPECULATIVE_HOST_RUNS, 1);
                    }
                    if (ran != null) {
                        finishOnDevice(ran.split(), ran.layout(), ran.outcome(), out);
                        return observation(Placement.DEVICE, d.baseline(), ran.outcome());
                    }
                    Outcome overtook = race.hostOutcome();
                    if (overtook != null) {
                        return finishOnHost(split, overtook, out);
                    }
                }
            }
        }
        return finishOnHost(split, host.run(split, SplitLayout.wholeSplit(split)), out);
    }

    /** Hands on the result of the whole split's host run {@code onHost}, counts and logs it. */
    private SplitObservation finishOnHost(PlannedSplit split, Outcome onHost, SplitResults out) throws IOException {
        Decision d = split.decision();
        out.accept(onHost.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()));
        countHost(onHost);
        count(SplitMetric.GROUP_TABLE_FLUSHES, flushes.onHost(onHost.result()));
        count(SplitMetric.SPLITS_ON_HOST, 1);
        count(SplitMetric.PREDICTED_HOST_NS, d.host().timeNs());
        count(SplitMetric.PREDICTED_HOST_ENERGY_NJ, d.host().energyNj());
        logObserved(split, Placement.HOST, d.baseline(), onHost);
        return observation(Placement.HOST, d.baseline(), onHost);
    }

    /** What the run at {@code where} cost, modeled and measured, against the uncorrected prediction. */
    private SplitObservation observation(Placement where, Baseline baseline, Outcome ran) {
        return new SplitObservation(where, baseline.of(where), ran.modeled(), ran.measuredNs(),
                baseline.measuredOf(where), host.tasklet().shape(), LocalHost.name());
    }

    /** A device run that succeeded: the split as it ran (on its drive or a replica's) and its layout there. */
    private record DeviceRun(PlannedSplit split, SplitLayout layout, Outcome outcome) { }

    /**
     * The split's first successful device run, trying its drive and the drives holding its
     * replicas in turn, at most 1 + retries times; null (counted as a fallback) if none succeeded.
     *
     * @throws ExecutionCancelledException the split's task was cancelled
     */
    private DeviceRun runInADrive(PlannedSplit split, Speculation.Race race) throws ExecutionCancelledException {
        List<PlannedSplit> drives = candidates(split);
        if (drives.isEmpty()) {
            LOG.warn("split {} ({}) avoids every drive holding it; running it on the host", split.decision().index(),
                    split);
            fellBack(split);
            return null;
        }
        for (int attempt = 0; attempt <= retries; attempt++) {
            PlannedSplit on = drives.get(attempt % drives.size());
            if (failures.avoided(on.driveAddress())) {
                count(SplitMetric.AVOIDED_DRIVE_SKIPS, 1);
                continue;
            }
            if (attempt > 0) {
                count(SplitMetric.DEVICE_RETRIES, 1);
            }
            SplitLayout layout = SplitLayout.of(on);
            try {
                Outcome o = device.run(on, layout.deviceExtents(), deadline.of(split.decision()), race::hostWon);
                if (on != split) {
                    count(SplitMetric.REPLICA_RUNS, 1);
                }
                straggled(split, on, race, false);
                return new DeviceRun(on, layout, o);
            } catch (IOException e) {
                if (race.hostWon()) {
                    straggled(split, on, race, true);
                    return null;
                }
                if (e instanceof ExecutionCancelledException || cancelled.getAsBoolean()) {
                    throw cancelled(split, on, e); // whatever failed after the task was cancelled is no fault
                }
                DeviceFault fault = DeviceFault.of(e);
                if (!fault.retryCanCure()) {
                    refused(split, on, e);
                    return null;
                }
                failed(split, on, fault, e);
            }
        }
        LOG.warn("split {} ({}) failed in every drive it was tried on; falling back to the host",
                split.decision().index(), split);
        fellBack(split);
        return null;
    }

    /** Logs a split that straggled on drive {@code on}, if it did, and which side gave its result; counts a host win. */
    private void straggled(PlannedSplit split, PlannedSplit on, Speculation.Race race, boolean hostWon) {
        if (!race.started()) {
            return;
        }
        if (hostWon) {
            count(SplitMetric.SPECULATIVE_HOST_WINS, 1);
        }
        LOG.warn("split {} ({}) straggled on drive {} ({}): past {} on it, the host ran it too, and the {} finished "
                        + "first; the {} was stopped", split.decision().index(), split, on.drive(), on.driveAddress(),
                speculation.after(split.decision()), hostWon ? "host" : "drive",
                hostWon ? "drive's execution" : "host run");
    }

    private void fellBack(PlannedSplit split) {
        count(SplitMetric.FALLBACKS, 1);
        offloads.add(split.driveAddress(), DriveOffloads.Count.FALLBACKS, 1);
    }

    /**
     * The split on its drive, then on each drive holding a replica of its chunks, leaving out
     * drives the job avoids and those holding no whole record of it.
     */
    private List<PlannedSplit> candidates(PlannedSplit split) {
        List<PlannedSplit> out = new ArrayList<>();
        if (failures.avoided(split.driveAddress())) {
            LOG.info("split {} ({}) avoids its drive {}, which failed {} times in this job",
                    split.decision().index(), split, split.driveAddress(), failures.failures(split.driveAddress()));
            count(SplitMetric.AVOIDED_DRIVE_SKIPS, 1);
        } else {
            out.add(split);
        }
        for (int replica : split.replicaAddresses().keySet()) {
            PlannedSplit on = split.onReplica(replica);
            if (!failures.avoided(on.driveAddress())) {
                out.add(on);
            }
        }
        out.removeIf(s -> SplitLayout.of(s).deviceExtents().isEmpty());
        return out;
    }

    private ExecutionCancelledException cancelled(PlannedSplit split, PlannedSplit on, IOException e) {
        count(SplitMetric.DEVICE_RUNS_CANCELLED, 1);
        LOG.info("split {} ({}) cancelled with its task on drive {} ({}): {}", split.decision().index(), split,
                on.drive(), on.driveAddress(), e.getMessage());
        if (e instanceof ExecutionCancelledException c) {
            return c;
        }
        ExecutionCancelledException c = new ExecutionCancelledException("split " + split.decision().index()
                + " cancelled with its task on drive " + on.driveAddress());
        c.initCause(e);
        return c;
    }

    /** A run the drive refused for what it is: the host runs the split at once; the drive is not held to blame. */
    private void refused(PlannedSplit split, PlannedSplit on, IOException e) {
        count(DeviceFault.REFUSED.metric(), 1);
        LOG.warn("split {} ({}) was refused by drive {} ({}), which no retry cures: running it on the host: {}",
                split.decision().index(), split, on.drive(), on.driveAddress(), e.getMessage());
        fellBack(split);
    }

    private void failed(PlannedSplit split, PlannedSplit on, DeviceFault fault, IOException e) {
        count(fault.metric(), 1);
        offloads.add(on.driveAddress(), DriveOffloads.Count.FAULTS, 1);
        DriveProbes.failed(on.driveAddress()); // the next plan asks whether it is still up
        LOG.warn("split {} ({}) failed on drive {} ({}), {}: {}", split.decision().index(), split, on.drive(),
                on.driveAddress(), fault, e.getMessage());
        boolean missed = fault == DeviceFault.TIMEOUT;
        if (missed) {
            UnansweredDrives.missed(on.driveAddress());
        }
        if (missed ? failures.missedDeadline(on.driveAddress(), writer) : failures.failed(on.driveAddress(), writer)) {
            count(SplitMetric.DRIVES_AVOIDED, 1);
            offloads.add(on.driveAddress(), DriveOffloads.Count.AVOIDED, 1);
            LOG.warn(missed ? "drive {} ({}) missed a split's deadline: this job's later splits avoid it"
                    : "drive {} ({}) failed {} device runs of this job: its later splits avoid it", on.drive(),
                    on.driveAddress(), failures.failures(on.driveAddress()));
        }
    }

    private void finishOnDevice(PlannedSplit split, SplitLayout layout, Outcome onDevice, SplitResults out)
            throws IOException {
        Decision d = split.decision();
        out.accept(onDevice.result(), new ResultOrigin(split.file(), split.geometry().pageSize(), layout.objectStarts()));
        count(SplitMetric.BYTES_READ_IN_DRIVES, onDevice.inputBytes());
        count(SplitMetric.RESULT_BYTES_FROM_DRIVES, onDevice.result().length);
        count(SplitMetric.MODELED_DEVICE_NS, onDevice.modeled().timeNs());
        count(SplitMetric.MODELED_DEVICE_ENERGY_NJ, onDevice.modeled().energyNj());
        count(SplitMetric.SPLITS_ON_DEVICE, 1);
        count(SplitMetric.GROUP_TABLE_FLUSHES, flushes.inDrive(onDevice.result()));
        offloads.add(split.driveAddress(), DriveOffloads.Count.OFFLOADED_SPLITS, 1);
        offloads.add(split.driveAddress(), DriveOffloads.Count.SCANNED_BYTES, onDevice.inputBytes());
        count(SplitMetric.PREDICTED_DEVICE_NS, d.device().timeNs());
        count(SplitMetric.PREDICTED_DEVICE_ENERGY_NJ, d.device().energyNj());
        logObserved(split, Placement.DEVICE, d.baseline(), onDevice);
        if (!layout.hostRanges().isEmpty()) {
            Outcome tail = host.run(split, layout.hostRanges());
            out.accept(tail.result(), ResultOrigin.hostRun(split.file(), split.geometry().pageSize()));
            countHost(tail);
            count(SplitMetric.GROUP_TABLE_FLUSHES, flushes.onHost(tail.result()));
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

    private static void logObserved(PlannedSplit split, Placement where, Baseline baseline, Outcome observed) {
        Cost predicted = baseline.of(where);
        LOG.info("split {} ({}) ran on {}: predicted (uncorrected, the modeled part) {} ns {} nJ, "
                + "observed (modeled) {} ns {} nJ, after waiting {} ns behind other work on the drive; "
                + "measured (wall clock{}) {} ns against {} ns predicted (uncorrected)",
                split.decision().index(), split, where, predicted.timeNs(), predicted.energyNj(),
                observed.modeled().timeNs(), observed.modeled().energyNj(), observed.waitedNs(),
                where == Placement.DEVICE ? ", EXECUTE to result read" : "", observed.measuredNs(),
                baseline.measuredOf(where));
    }
}
