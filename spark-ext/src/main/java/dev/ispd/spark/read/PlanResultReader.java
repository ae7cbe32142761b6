package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import java.util.Map;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that runs the scan's aggregate plan: one split where it was placed ({@link SplitPlanRun}),
 * or the splits of a gathered aggregation in parallel, merged ({@link GatheredRun}). Its rows are
 * the plan's groups, in one batch. Without GROUP BY, a partition with no matching record returns one row
 * of its empty aggregates (0 for counts, NULL otherwise), so that Spark's merge of the partials,
 * or the gathered answer itself, is SQL's answer for an empty input.
 */
final class PlanResultReader extends MeteredBatchReader {
    private boolean returned;

    /** The plan's result {@code rows} (a split's, or the gathered splits' merged); its runs counted {@code counts}. */
    PlanResultReader(PushedScan pushed, WordRows rows, Map<SplitMetric, Long> counts) {
        super(batch(pushed, rows));
        counts.forEach(metrics::add);
    }

    private static ColumnarBatch batch(PushedScan pushed, WordRows planRows) {
        StructType schema = pushed.readSchema();
        PushedAggregation aggregation = pushed.aggregation();
        WordRows rows = aggregation.rows(planRows);
        if (rows.size() > 0 || !aggregation.groupBy().isEmpty()) {
            return new AggregateColumns(aggregation, aggregation.planLayout(pushed.layout().planLayout()), schema)
                    .batch(rows);
        }
        OnHeapColumnVector[] vectors = OnHeapColumnVector.allocateColumns(1, schema);
        for (int c = 0; c < vectors.length; c++) {
            Aggregate.Function f = aggregation.aggregates().get(c).function();
            if (f == Aggregate.Function.COUNT_STAR || f == Aggregate.Function.COUNT) {
                vectors[c].putLong(0, 0);
            } else {
                vectors[c].putNull(0);
            }
        }
        ColumnarBatch b = new ColumnarBatch(vectors);
        b.setNumRows(1);
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
