package dev.ispd.spark.read.execution;

import dev.ispd.hadoop.mapreduce.HadoopCorrections;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
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
 * use), each partition that ran the scan's plan records what it cost under its SQL execution, and
 * {@link ExecutionEnds} folds those records into the store when the execution ends. With
 * {@code ispd.offload.correction} off, scans plan uncorrected and record nothing.
 */
public final class ScanCorrections {
    private static final Logger LOG = LoggerFactory.getLogger(ScanCorrections.class);

    private ScanCorrections() {
    }

    /** Driver: the corrections to plan a scan of {@code input} with, its store folded into after each execution. */
    public static CorrectionBook forPlanning(SparkContext sc, OffloadSettings settings, Configuration conf, Path input)
            throws IOException {
        if (!settings.scheduler().correction()) {
            return new CorrectionBook();
        }
        CorrectionStore store = HadoopCorrections.forInput(conf, settings.correctionFile(), input);
        ExecutionEnds.of(sc).absorbInto(store);
        return store.load();
    }

    /**
     * Executor: records what {@code split} of the scan {@code scope} cost, under the task's SQL
     * execution. A lost observation only leaves later predictions uncorrected by it: logged, not
     * fatal to the task.
     */
    public static void record(OffloadSettings settings, Configuration conf, String scope, String tasklet,
                              PlannedSplit split, SplitObservation observed) {
        Optional<SqlExecution> execution = SqlExecution.ofTask();
        if (!settings.scheduler().correction() || execution.isEmpty()) {
            return;
        }
        try {
            HadoopCorrections.forInput(conf, settings.correctionFile(), new Path(split.file())).record(
                    execution.get().observationJob(), scope + "-split-" + split.decision().index(),
                    observed.key(tasklet, split.driveAddress()), observed);
        } catch (IOException e) {
            LOG.warn("could not record what partition {} ({}) cost for the offload correction: {}",
                    split.decision().index(), split, e.getMessage());
        }
    }
}
