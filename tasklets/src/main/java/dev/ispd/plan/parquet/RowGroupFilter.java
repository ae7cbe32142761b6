package dev.ispd.plan.parquet;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Predicate;
import java.util.Map;

/**
 * Whether a row group's column statistics prove that no row of it passes a WHERE, so that it is
 * skipped without being read. Conservative: a part it cannot judge (an expression, a string
 * comparison, a float, a column without statistics) may match. A NULL fails every comparison, so a
 * column of only NULLs excludes every comparison on it.
 */
public final class RowGroupFilter {
    /** A column's statistics in its field's representation ({@link Field#read}): min and max, NULLs, rows. */
    public record Range(long min, long max, boolean hasMinMax, long nulls, long rows) {
        boolean allNull() {
            return nulls == rows;
        }
    }

    private RowGroupFilter() {
    }

    /** True if no row of a row group with these statistics (by column name) passes {@code where}. */
    public static boolean excludes(Predicate where, Layout layout, Map<String, Range> stats) {
        if (where instanceof Predicate.And and) {
            return and.operands().stream().anyMatch(p -> excludes(p, layout, stats));
        }
        if (where instanceof Predicate.Or or) {
            return or.operands().stream().allMatch(p -> excludes(p, layout, stats));
        }
        if (where instanceof Predicate.Not not && not.operand() instanceof Predicate.IsNull n) {
            return allNull(stats.get(n.field()));
        }
        if (where instanceof Predicate.IsNull n) {
            return stats.get(n.field()) != null && stats.get(n.field()).nulls() == 0;
        }
        if (where instanceof Predicate.Compare c) {
            return outside(layout.field(c.field(), "where"), stats.get(c.field()), c.op(), c.literal());
        }
        if (where instanceof Predicate.Between b) {
            Field f = layout.field(b.field(), "where");
            Range r = stats.get(b.field());
            return allNull(r) || judged(f, r) && (f.compare(b.hi(), r.min()) < 0 || f.compare(r.max(), b.lo()) < 0);
        }
        if (where instanceof Predicate.In in) {
            Field f = layout.field(in.field(), "where");
            Range r = stats.get(in.field());
            return allNull(r) || judged(f, r) && in.values().stream().allMatch(v -> outside(f, r, CompareOp.EQ, v));
        }
        return false; // an expression, a string comparison, NOT of a comparison: may match
    }

    private static boolean outside(Field f, Range r, CompareOp op, long v) {
        if (allNull(r)) {
            return true;
        }
        if (!judged(f, r)) {
            return false;
        }
        return switch (op) {
            case EQ -> f.compare(v, r.min()) < 0 || f.compare(v, r.max()) > 0;
            case NE -> f.compare(r.min(), v) == 0 && f.compare(r.max(), v) == 0 && r.nulls() == 0;
            case LT -> f.compare(r.min(), v) >= 0;
            case LE -> f.compare(r.min(), v) > 0;
            case GT -> f.compare(r.max(), v) <= 0;
            case GE -> f.compare(r.max(), v) < 0;
        };
    }

    private static boolean allNull(Range r) {
        return r != null && r.allNull();
    }

    /** Statistics this filter trusts: min and max of a field compared as integers (not floats, strings or bools). */
    private static boolean judged(Field f, Range r) {
        return r != null && r.hasMinMax() && f.readsAsInteger() && f.type().kind() != FieldType.Kind.CHAR;
    }
}
