package dev.ispd.spark.read.execution;

import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.execution.SQLExecution;

/**
 * One Spark SQL execution (a query's run) of one application, as the driver and the executors
 * both know it from the local property Spark sets for it and ships with every task: what a scan's
 * per-run resources (plan instances, returned observations, the shared record of drive failures)
 * are released or folded in at the end of.
 */
public record SqlExecution(String applicationId, long id) {

    /** The execution the driver's current thread runs, if any. */
    public static Optional<SqlExecution> onDriver(SparkContext sc) {
        return of(sc.applicationId(), sc.getLocalProperty(SQLExecution.EXECUTION_ID_KEY()));
    }

    /** The execution the current task belongs to, if any (none outside a task or a SQL execution). */
    public static Optional<SqlExecution> ofTask() {
        TaskContext task = TaskContext.get();
        SparkEnv env = SparkEnv.get();
        if (task == null || env == null) {
            return Optional.empty();
        }
        return of(env.conf().getAppId(), task.getLocalProperty(SQLExecution.EXECUTION_ID_KEY()));
    }

    private static Optional<SqlExecution> of(String applicationId, String executionId) {
        return executionId == null ? Optional.empty() : Optional.of(new SqlExecution(applicationId,
                Long.parseLong(executionId)));
    }

    /** The job id its partitions share their drives' failures under (ExecutionFailures). */
    public String jobId() {
        return "spark-" + applicationId + "-sql-" + id;
    }
}
