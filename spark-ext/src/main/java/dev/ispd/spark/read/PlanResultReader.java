package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Field;
import dev.ispd.plan.FloatKeys;
import dev.ispd.plan.Layout;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
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
    PlanResultReader(PushedScan pushed, List<long[]> rows, Map<SplitMetric, Long> counts) {
        super(batch(pushed, rows));
        counts.forEach(metrics::add);
    }

    private static ColumnarBatch batch(PushedScan pushed, List<long[]> planRows) {
        StructType schema = pushed.readSchema();
        PushedAggregation aggregation = pushed.aggregation();
        List<long[]> rows = aggregation.rows(planRows);
        boolean emptyAggregates = rows.isEmpty() && aggregation.groupBy().isEmpty();
        int n = emptyAggregates ? 1 : rows.size();
        OnHeapColumnVector[] vectors = OnHeapColumnVector.allocateColumns(Math.max(1, n), schema);
        List<Field> fields = aggregation.fields(pushed.layout().planLayout());
        Layout planLayout = aggregation.planLayout(pushed.layout().planLayout());
        List<Object[]> values = aggregation.computed(planLayout) && !emptyAggregates
                ? rows.stream().map(r -> aggregation.values(r, planLayout)).toList() : null;
        for (int c = 0; c < vectors.length; c++) {
            if (emptyAggregates) {
                Aggregate.Function f = aggregation.aggregates().get(c).function();
                if (f == Aggregate.Function.COUNT_STAR || f == Aggregate.Function.COUNT) {
                    vectors[c].putLong(0, 0);
                } else {
                    vectors[c].putNull(0);
                }
                continue;
            }
            DataType type = schema.fields()[c].dataType();
            for (int r = 0; r < n; r++) {
                Object v = values == null ? rows.get(r)[c] : values.get(r)[c];
                if (v instanceof Long word) {
                    put(vectors[c], r, word, fields.get(c), type);
                } else {
                    put(vectors[c], r, v, type);
                }
            }
        }
        ColumnarBatch b = new ColumnarBatch(vectors);
        b.setNumRows(n);
        return b;
    }

    /**
     * A plan's value of {@code field} (null: a count or sum) as a value of {@code type}: NULL where
     * it is the field's null value, a float's number from its key, a decimal's unscaled value as
     * Spark stores its precision.
     */
    private static void put(WritableColumnVector out, int row, long v, Field field, DataType type) {
        if (field != null && field.isNull(v)) {
            out.putNull(row);
        } else if (type.equals(DataTypes.BooleanType)) {
            out.putBoolean(row, v != 0);
        } else if (type.equals(DataTypes.DoubleType)) {
            out.putDouble(row, FloatKeys.toDouble(v));
        } else if (type.equals(DataTypes.FloatType)) {
            out.putFloat(row, (float) FloatKeys.toDouble(v));
        } else if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.DateType)
                || (type instanceof DecimalType d && d.precision() <= 9)) {
            out.putInt(row, (int) v);
        } else {
            out.putLong(row, v); // bigint, timestamp, decimal of 10-18 digits
        }
    }

    /**
     * The value of an aggregate of an expression or of a computed group column ({@link Aggregate#value},
     * {@link dev.ispd.plan.ColumnValues#value}: a BigDecimal, a Double, a LocalDate, a Boolean, a
     * String; null for NULL; a Long is a word, put as above) as a value of {@code type}.
     */
    private static void put(WritableColumnVector out, int row, Object v, DataType type) {
        if (v == null) {
            out.putNull(row);
        } else if (v instanceof String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            out.putByteArray(row, bytes, 0, bytes.length);
        } else if (v instanceof BigDecimal d) {
            out.putDecimal(row, Decimal.apply(d), ((DecimalType) type).precision());
        } else if (v instanceof Double d) {
            if (type.equals(DataTypes.FloatType)) {
                out.putFloat(row, d.floatValue());
            } else {
                out.putDouble(row, d);
            }
        } else if (v instanceof LocalDate d) {
            out.putInt(row, Math.toIntExact(d.toEpochDay()));
        } else {
            out.putBoolean(row, (Boolean) v);
        }
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
