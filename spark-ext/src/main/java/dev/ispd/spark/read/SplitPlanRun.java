package dev.ispd.spark.read;

import dev.ispd.hadoop.offload.OsdOffload;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.execution.ExecutionFailures;
import dev.ispd.spark.read.execution.ScanCorrections;
import dev.ispd.spark.read.execution.SplitObservations;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

/**
 * One split's run of the scan's plan with the offload core's {@link SplitExecutor}: in its drive
 * if it was placed there (a device error or timeout retried, then falling back to the host), else
 * on the executor with the same plan interpreter; a drive that keeps failing is avoided by the SQL
 * execution's later splits on every executor ({@link ExecutionFailures}); a killed task cancels its
 * execution in the drive. Made on the task's thread (the shared failure record and the task's
 * kill are found through the task's context), run on any thread.
 * What the split cost returns to the driver for the offload correction ({@link ScanCorrections}).
 */
final class SplitPlanRun {
    private final PlannedSplit split;
    private final OffloadSettings settings;
    private final Configuration conf;
    private final String scope;
    private final TaskletSpec tasklet;
    private final SplitExecutor executor;
    private final Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);

    /** The plan's encoded results ({@link PlanResult}, as the drive or host returned them) and what the run counted. */
    record Result(List<byte[]> results, Map<SplitMetric, Long> counts) {
        /** The results' rows of {@code words} words each, decoded end to end. */
        WordRows rows(int words) {
            return PlanResult.decodeAll(results, words);
        }
    }

    SplitPlanRun(PlannedSplit split, PushedScan pushed, OffloadSettings settings, Configuration conf, String scope)
            throws IOException {
        this(split, PartitionPlanner.tasklet(pushed), settings, conf, scope);
    }

    /** The run of {@code split} of {@code tasklet}, a plan. */
    SplitPlanRun(PlannedSplit split, TaskletSpec tasklet, OffloadSettings settings, Configuration conf, String scope)
            throws IOException {
        this.split = split;
        this.settings = settings;
        this.conf = conf;
        this.scope = scope;
        this.tasklet = tasklet;
        TaskContext task = TaskContext.get();
        this.executor = OsdOffload.executor(settings, tasklet, scope, conf,
                (metric, n) -> counts.merge(metric, n, Long::sum),
                ExecutionFailures.forTask(settings, conf, new Path(split.file())),
                () -> task != null && task.isInterrupted()); // Spark killed the task (without interrupting it)
    }

    /** Runs the split once; its cost goes to {@code observations}, unless null. */
    Result run(SplitObservations observations) throws IOException {
        List<byte[]> results = new ArrayList<>();
        SplitObservation observed = executor.run(split, (result, origin) -> {
            PlanResult.header(result); // a malformed header fails here, on the run that returned it; its rows as they are read
            results.add(result);
        });
        if (observations != null) {
            ScanCorrections.record(observations, settings, conf, scope, tasklet.name(), split, observed);
        }
        return new Result(results, counts);
    }
}
