package dev.ispd.spark.read.execution;

import dev.ispd.hadoop.offload.HadoopCorrections;
import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.OffloadSettings;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scan's part in the offload core's online correction, as a DeviceJob's: the driver plans with
 * the saved corrections of the input's store ({@link HadoopCorrections}, the same file DeviceJobs
 * use), each partition that ran the scan's plan returns what it cost with its task's result
 * ({@link SplitObservations}, one per scan in a SQL execution), and {@link ExecutionEnds} folds
 * them into the store when the execution ends. With {@code ispd.offload.correction} off, scans
 * plan uncorrected and record nothing.
 */
public final class ScanCorrections {
    private static final Logger LOG = LoggerFactory.getLogger(ScanCorrections.class);

    private ScanCorrections() {
    }

    /**
     * Driver: the corrections to plan a scan of {@code input} with, its store folded into after
     * each execution; read once per application ({@link ExecutionEnds#plansWith}).
     */
    public static CorrectionBook forPlanning(SparkContext sc, OffloadSettings settings, Configuration conf, Path input)
            throws IOException {
        if (!settings.scheduler().correction()) {
            return new CorrectionBook();
        }
        return ExecutionEnds.of(sc).plansWith(HadoopCorrections.forInput(conf, settings.correctionFile(), input));
    }

    /**
     * Driver: where the partitions of one run of a scan return their observations, registered with
     * {@code sc} and folded in when the current SQL execution ends; none outside a SQL execution
     * or with the correction off.
     */
    public static Optional<SplitObservations> forRun(SparkContext sc, OffloadSettings settings) {
        Optional<SqlExecution> execution = SqlExecution.onDriver(sc);
        if (!settings.scheduler().correction() || execution.isEmpty()) {
            return Optional.empty();
        }
        SplitObservations observations = new SplitObservations();
        sc.register(observations, "ispd offload observations");
        ExecutionEnds.of(sc).foldAtEnd(execution.get(), observations);
        return Optional.of(observations);
    }

    /**
     * Executor: adds what {@code split} of the scan {@code scope} cost to the run's
     * {@code observations}, under the store of the split's file. A store that cannot be named
     * only leaves later predictions uncorrected by it: logged, not fatal to the task.
     */
    public static void record(SplitObservations observations, OffloadSettings settings, Configuration conf,
                              String scope, String tasklet, PlannedSplit split, SplitObservation observed) {
        try {
            String store = HadoopCorrections.forInput(conf, settings.correctionFile(), new Path(split.file())).file();
            observations.add(new SplitObservations.Observed(store, scope + "-split-" + split.decision().index(),
                    CorrectionStore.Observed.of(observed, tasklet, split.driveAddress())));
        } catch (IOException e) {
            LOG.warn("could not record what partition {} ({}) cost for the offload correction: {}",
                    split.decision().index(), split, e.getMessage());
        }
    }

    /**
     * Executor: adds the wall clock {@code wallNs} of {@code split}, a host partition Spark read as
     * records instead of running {@code tasklet} (the scan's plan of all rows), to the run's
     * {@code observations}: a sample of the measured basis only, since nothing metered the run.
     * Without it a scan placed on the host would never teach the measured basis what the host
     * takes, and the host's predictions would stay the profile's.
     */
    public static void recordHostRead(SplitObservations observations, OffloadSettings settings, Configuration conf,
                                      String scope, TaskletSpec tasklet, PlannedSplit split, long wallNs) {
        record(observations, settings, conf, scope, tasklet.name(), split, SplitObservation.wallClock(Placement.HOST,
                split.decision().baseline().host(), wallNs, tasklet.shape(), LocalHost.name()));
    }
}
