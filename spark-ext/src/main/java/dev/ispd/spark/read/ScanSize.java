package dev.ispd.spark.read;

import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.Selectivity;
import java.util.Optional;

/**
 * The rows a scan is expected to return and their size as Spark rows, for Spark's planner
 * (docs/spark.md, "Statistics"): the records times the share of the table's sample its pushed
 * WHERE passes ({@link TableSample}), or where the sample could not be read, the share it is guessed to
 * keep ({@link Selectivity}); for a pushed aggregation, one row without GROUP BY, else at most
 * as many groups as its keys have values where every key is a column of few (a bool, a string
 * of 1 or 2 bytes, an integer of 16 bits or fewer).
 */
record ScanSize(long rows, long bytes) {
    /** Most values a group key is counted with; a key of more leaves the groups bounded by the rows. */
    private static final long FEW_VALUES = 1 << 16;

    static ScanSize of(long records, PushedScan pushed, TableSample sample) {
        Predicate where = pushed.where();
        double share = where instanceof Predicate.True ? 1 : sample.share(where).orElseGet(() -> Selectivity.of(where));
        long kept = records == 0 ? 0 : Math.max(1, (long) Math.ceil(records * share));
        long rows = pushed.aggregation() == null ? kept : Math.min(kept, groups(pushed.aggregation(), pushed.layout()));
        return new ScanSize(rows, rows * pushed.readSchema().defaultSize());
    }

    private static long groups(PushedAggregation aggregation, RecordLayout layout) {
        long groups = 1;
        for (Expr key : aggregation.groupBy()) {
            Optional<Field> field = key instanceof Expr.Ref ref ? layout.column(ref.name()).map(LayoutColumn::field)
                    : Optional.empty();
            if (field.isEmpty()) {
                return Long.MAX_VALUE;
            }
            long values = values(field.get());
            if (values > FEW_VALUES) {
                return Long.MAX_VALUE;
            }
            groups = Math.multiplyHigh(groups, values) != 0 ? Long.MAX_VALUE : groups * values;
        }
        return groups;
    }

    /** How many values a field holds (NULL counted), or more than {@link #FEW_VALUES}. */
    private static long values(Field f) {
        long values = switch (f.type().kind()) {
            case BOOL -> 2;
            case CHAR -> f.width() <= 2 ? 1L << (8 * f.width()) : FEW_VALUES + 1;
            case INTEGER -> f.valueBits() <= 16 ? 1L << f.valueBits() : FEW_VALUES + 1;
            default -> FEW_VALUES + 1;
        };
        return f.nullable() ? values + 1 : values;
    }
}
