package dev.ispd.spark.read.execution;

import dev.ispd.hadoop.offload.HadoopDriveFailures;
import dev.ispd.offload.execute.JobFailureRecord;
import dev.ispd.offload.settings.OffloadSettings;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A SQL execution's record of its drives' failures, shared by its partitions in every executor
 * (the offload core's {@link JobFailureRecord}, in {@link HadoopDriveFailures}' folder): a drive
 * that failed the execution's partitions {@code ispd.device.avoid.after.failures} times is
 * avoided by its later partitions on every executor. Each executor writes one file; the driver
 * deletes the execution's folder when it ends ({@link ExecutionEnds}). In local mode the executor
 * is the driver's JVM, whose own record already holds every failure: no files.
 */
public final class ExecutionFailures {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionFailures.class);
    /** The executor id of the driver's JVM, the only executor in local mode (Spark's SparkContext.DRIVER_IDENTIFIER). */
    private static final String DRIVER = "driver";

    private ExecutionFailures() {
    }

    /** Driver: deletes the record of {@code execution}, which reads {@code input}, when it ends. */
    public static void deleteAtEnd(SparkContext sc, SqlExecution execution, OffloadSettings settings,
                                   Configuration conf, Path input) {
        if (sc.isLocal()) {
            return;
        }
        try {
            ExecutionEnds.of(sc).deleteAtEnd(execution, HadoopDriveFailures.forInput(conf, settings.faults(), input));
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot reach the drive failures of SQL execution {} ({}): they are left behind when it ends",
                    execution.id(), e.toString());
        }
    }

    /**
     * Executor: the record the current task's partition of {@code input} shares, written as its
     * executor; none in local mode or outside a SQL execution (the executor's own record then).
     */
    public static Optional<JobFailureRecord> forTask(OffloadSettings settings, Configuration conf, Path input) {
        Optional<SqlExecution> execution = SqlExecution.ofTask();
        SparkEnv env = SparkEnv.get();
        if (execution.isEmpty() || env == null || DRIVER.equals(env.executorId())) {
            return Optional.empty();
        }
        return HadoopDriveFailures.shared(conf, settings.faults(), input, execution.get().jobId(),
                "executor-" + env.executorId());
    }
}
