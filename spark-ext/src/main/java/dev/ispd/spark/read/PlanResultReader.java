package dev.ispd.spark.read;

import dev.ispd.hadoop.conf.DriveCredentials;
import dev.ispd.hadoop.mapreduce.HadoopFiles;
import dev.ispd.offload.execute.DrivePool;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.PlanResult;
import dev.ispd.spark.pushdown.PushedAggregation;
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
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that runs the scan's plan with the offload core's {@link SplitExecutor}: in its
 * drive if it was placed there (a device error or timeout falls back to the host), else on the
 * executor with the same plan interpreter; a drive that keeps failing is avoided by the SQL
 * execution's later partitions on every executor ({@link ExecutionFailures}). Its rows are the
 * plan's result rows (a few groups, a top-N, a LIMIT, or a drive's filtered and projected
 * records), in one batch. Without GROUP BY,
 * a partition with no matching record returns one row of its empty aggregates (0 for counts,
 * NULL otherwise), so that Spark's merge of the partials gives SQL's answer for an empty input.
 * What the partition cost returns to the driver for the offload correction ({@link ScanCorrections}).
 */
final class PlanResultReader extends MeteredBatchReader {
    private boolean returned;

    PlanResultReader(PlannedSplit split, PushedScan pushed, OffloadSettings settings, Configuration conf,
                     String scope, SplitObservations observations) throws IOException {
        this(pushed, run(split, pushed, settings, conf, scope, observations));
    }

    private PlanResultReader(PushedScan pushed, Run run) {
        super(batch(pushed, run.rows()));
        run.counts().forEach(metrics::add);
    }

    /** The plan's result rows and what running it counted. */
    private record Run(List<long[]> rows, Map<SplitMetric, Long> counts) { }

    private static Run run(PlannedSplit split, PushedScan pushed, OffloadSettings settings, Configuration conf,
                           String scope, SplitObservations observations) throws IOException {
        Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
        TaskletSpec tasklet = PartitionPlanner.tasklet(pushed);
        SplitExecutor executor = SplitExecutor.create(settings, tasklet, scope,
                DrivePool.shared(DriveCredentials.fromConfiguration(conf)), new HadoopFiles(conf),
                (metric, n) -> counts.merge(metric, n, Long::sum),
                ExecutionFailures.forTask(settings, conf, new Path(split.file())));
        List<long[]> rows = new ArrayList<>();
        SplitObservation observed = executor.run(split, (result, origin) -> rows.addAll(PlanResult.decode(result).rows()));
        if (observations != null) {
            ScanCorrections.record(observations, settings, conf, scope, tasklet.name(), split, observed);
        }
        return new Run(rows, counts);
    }

    private static ColumnarBatch batch(PushedScan pushed, List<long[]> rows) {
        StructType schema = pushed.readSchema();
        PushedAggregation aggregation = pushed.aggregation();
        boolean emptyAggregates = rows.isEmpty() && aggregation != null && aggregation.groupBy().isEmpty();
        int n = emptyAggregates ? 1 : rows.size();
        OnHeapColumnVector[] vectors = OnHeapColumnVector.allocateColumns(Math.max(1, n), schema);
        for (int c = 0; c < vectors.length; c++) {
            boolean wide = schema.fields()[c].dataType().equals(DataTypes.LongType);
            if (emptyAggregates) {
                Aggregate.Function f = aggregation.aggregates().get(c).function();
                if (f == Aggregate.Function.COUNT_STAR || f == Aggregate.Function.COUNT) {
                    vectors[c].putLong(0, 0);
                } else {
                    vectors[c].putNull(0);
                }
                continue;
            }
            for (int r = 0; r < n; r++) {
                long v = rows.get(r)[c];
                if (wide) {
                    vectors[c].putLong(r, v);
                } else {
                    vectors[c].putInt(r, (int) v);
                }
            }
        }
        ColumnarBatch b = new ColumnarBatch(vectors);
        b.setNumRows(n);
        return b;
    }

    @Override
    public boolean next() {
        if (returned) {
            return false;
        }
        returned = true;
        return batch.numRows() > 0;
    }

    @Override
    public void close() {
        batch.close();
    }
}
