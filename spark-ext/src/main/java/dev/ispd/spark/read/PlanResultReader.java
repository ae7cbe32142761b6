package dev.ispd.spark.read;

import dev.ispd.plan.Aggregate;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that runs the scan's plan: one split where it was placed ({@link SplitPlanRun}), or
 * the splits of a gathered aggregation in parallel, merged ({@link GatheredRun}). Its rows are the
 * plan's result rows (a few groups, a top-N, a LIMIT, or a drive's filtered and projected
 * records), in one batch. Without GROUP BY, a partition with no matching record returns one row
 * of its empty aggregates (0 for counts, NULL otherwise), so that Spark's merge of the partials,
 * or the gathered answer itself, is SQL's answer for an empty input.
 */
final class PlanResultReader extends MeteredBatchReader {
    private boolean returned;

    PlanResultReader(PushedScan pushed, SplitPlanRun.Result run) {
        super(batch(pushed, run.rows()));
        run.counts().forEach(metrics::add);
    }

    private static ColumnarBatch batch(PushedScan pushed, List<long[]> planRows) {
        StructType schema = pushed.readSchema();
        PushedAggregation aggregation = pushed.aggregation();
        List<long[]> rows = aggregation == null ? planRows : aggregation.rows(planRows);
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
