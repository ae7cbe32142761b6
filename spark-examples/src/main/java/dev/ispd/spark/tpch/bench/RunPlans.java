package dev.ispd.spark.tpch.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.util.QueryExecutionListener;

/**
 * The executed plans of every query a run made: the query's own, and those the connector ran
 * while planning it (the small side of a join turned into lookups, docs/spark.md), whose scans
 * a run's totals count too.
 */
final class RunPlans implements QueryExecutionListener {
    private final SparkSession spark;
    private final List<SparkPlan> plans = new ArrayList<>();

    private RunPlans(SparkSession spark) {
        this.spark = spark;
    }

    /** A listener of {@code spark}'s queries, registered. */
    static RunPlans listening(SparkSession spark) {
        RunPlans runs = new RunPlans(spark);
        spark.listenerManager().register(runs);
        return runs;
    }

    /** Forgets the plans heard so far: a run starts. */
    void clear() throws TimeoutException {
        spark.sparkContext().listenerBus().waitUntilEmpty();
        synchronized (this) {
            plans.clear();
        }
    }

    /** The plans of the queries that ended since {@link #clear}, once Spark has told of them all. */
    List<SparkPlan> heard() throws TimeoutException {
        spark.sparkContext().listenerBus().waitUntilEmpty();
        synchronized (this) {
            return List.copyOf(plans);
        }
    }

    @Override
    public synchronized void onSuccess(String funcName, QueryExecution qe, long durationNs) {
        plans.add(qe.executedPlan());
    }

    @Override
    public void onFailure(String funcName, QueryExecution qe, Exception exception) {
        // a failed run is reported by its query
    }
}
