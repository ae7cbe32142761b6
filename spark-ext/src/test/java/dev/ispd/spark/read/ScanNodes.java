package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.metrics.ScanMetric;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/** The scan nodes of a query: its EXPLAIN description and its metrics after a run. */
public final class ScanNodes {
    private ScanNodes() {
    }

    /** The scans of a query that ran once, through adaptive execution's stages. */
    public static List<BatchScanExec> all(Dataset<Row> ran) {
        List<BatchScanExec> scans = new ArrayList<>();
        scans(ran.queryExecution().executedPlan(), scans);
        return scans;
    }

    private static void scans(SparkPlan p, List<BatchScanExec> into) {
        if (p instanceof BatchScanExec b) {
            into.add(b);
        } else if (p instanceof AdaptiveSparkPlanExec a) {
            scans(a.executedPlan(), into);
        } else if (p instanceof QueryStageExec s) {
            scans(s.plan(), into);
        }
        CollectionConverters.asJava(p.children()).forEach(c -> scans(c, into));
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
