package dev.ispd.spark.tpch.bench;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.IspdScan;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The offload core's metrics of a query that has run, summed over every ispd scan of its plans
 * (its own, and the queries the connector ran to plan it: {@link RunPlans})
 * (a TPC-H query scans several tables, some inside subqueries): partitions on device and host,
 * modeled time and energy, bytes scanned in the drives and moved to the host. A reused exchange
 * or subquery counts once, as it ran once.
 */
final class ScanTotals {
    private ScanTotals() {
    }

    /** The summed metrics of {@code plans}' ispd scans (run, without adaptive execution, which hides them). */
    static Map<SplitMetric, Long> of(List<SparkPlan> plans) {
        Map<SplitMetric, Long> totals = new EnumMap<>(SplitMetric.class);
        plans.forEach(plan -> add(plan, totals));
        return totals;
    }

    private static void add(SparkPlan plan, Map<SplitMetric, Long> totals) {
        if (plan instanceof BatchScanExec scan && scan.scan() instanceof IspdScan) {
            for (ScanMetric m : ScanMetric.all()) {
                scan.metrics().get(m.name()).foreach(v -> totals.merge(m.metric(), v.value(), Long::sum));
            }
        }
        CollectionConverters.asJava(plan.children()).forEach(child -> add(child, totals));
        CollectionConverters.asJava(plan.subqueries()).forEach(sub -> add(sub, totals));
    }
}
