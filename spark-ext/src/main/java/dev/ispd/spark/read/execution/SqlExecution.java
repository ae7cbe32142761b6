package dev.ispd.spark.read.execution;

import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.execution.SQLExecution;

/**
 * One Spark SQL execution (a query's run) of one application, as the driver knows it from the
 * local property Spark sets for it: what a scan's per-run resources (plan instances, returned
 * observations) are released or folded in at the end of.
 */
public record SqlExecution(String applicationId, long id) {

    /** The execution the driver's current thread runs, if any. */
    public static Optional<SqlExecution> onDriver(SparkContext sc) {
        return of(sc.applicationId(), sc.getLocalProperty(SQLExecution.EXECUTION_ID_KEY()));
    }

    private static Optional<SqlExecution> of(String applicationId, String executionId) {
        return executionId == null ? Optional.empty() : Optional.of(new SqlExecution(applicationId,
                Long.parseLong(executionId)));
    }
}
