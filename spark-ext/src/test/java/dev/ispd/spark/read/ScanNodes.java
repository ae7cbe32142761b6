package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.metrics.ScanMetric;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;

/** The scan node of a query over one ispd table: its EXPLAIN description and its metrics after a run. */
final class ScanNodes {
    private ScanNodes() {
    }

    static BatchScanExec of(Dataset<Row> df) {
        SparkPlan plan = df.queryExecution().executedPlan();
        return (BatchScanExec) plan.find(p -> p instanceof BatchScanExec).get();
    }

    static String description(Dataset<Row> df) {
        return of(df).scan().description();
    }

    static long metric(Dataset<Row> df, SplitMetric m) {
        return of(df).metrics().get(ScanMetric.nameOf(m)).get().value();
    }
}
