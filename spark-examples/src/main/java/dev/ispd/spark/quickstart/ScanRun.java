package dev.ispd.spark.quickstart;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.read.IspdScan;
import dev.ispd.spark.read.execution.ExecutionEnds;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.Option;

/**
 * One query run through the connector: its rows, the ispd scan Spark planned for it (what was
 * pushed, the partitions the offload core placed) and the scan's custom metrics after the run.
 * The session must run without adaptive execution, which hides the scan node inside its stages.
 */
public record ScanRun(List<Row> rows, IspdScan scan, Map<SplitMetric, Long> metrics) {
    /** How long the connector may take to handle a query's end (a few osd:// reads and writes). */
    private static final Duration END_HANDLED_WITHIN = Duration.ofSeconds(60);

    /**
     * Runs {@code query} (over one ispd scan) to the end, and until the connector has folded its
     * partitions' observations into the corrections: the next query plans with them whatever the
     * timing of Spark's listener bus, so a run of queries prints the same figures every time.
     */
    public static ScanRun of(Dataset<Row> query) throws InterruptedException, TimeoutException {
        SparkContext sc = query.sparkSession().sparkContext();
        ExecutionEnds ends = ExecutionEnds.of(sc); // listening before the query ends
        List<Row> rows = query.collectAsList();
        ends.awaitEnd(query.queryExecution().queryId(), END_HANDLED_WITHIN);
        SparkPlan plan = query.queryExecution().executedPlan();
        Option<SparkPlan> found = plan.find(p -> p instanceof BatchScanExec b && b.scan() instanceof IspdScan);
        if (found.isEmpty()) {
            throw new IllegalStateException("the query reads no ispd scan: " + plan.simpleString(3));
        }
        BatchScanExec node = (BatchScanExec) found.get();
        Map<String, Long> byName = new HashMap<>();
        node.metrics().foreach(e -> byName.put(e._1(), e._2().value()));
        Map<SplitMetric, Long> metrics = new EnumMap<>(SplitMetric.class);
        for (ScanMetric m : ScanMetric.all()) {
            metrics.put(m.metric(), byName.getOrDefault(m.name(), 0L));
        }
        return new ScanRun(rows, (IspdScan) node.scan(), metrics);
    }

    /**
     * The scan as EXPLAIN describes it, one item a line: the layout, then {@code PushedFilters},
     * {@code PushedAggregates}, {@code PushedGroupBy}, {@code PushedLimit}, {@code PushedTopN},
     * {@code ReadSchema} (those pushed) and {@code Placement}.
     */
    public List<String> described() {
        return Arrays.asList(scan.description().split(", (?=[A-Z][A-Za-z]*: )"));
    }

    /** The scheduler's decision for each partition, in partition order. */
    public List<Decision> decisions() {
        return scan.partitions().stream().map(p -> p.split().decision()).toList();
    }
}
