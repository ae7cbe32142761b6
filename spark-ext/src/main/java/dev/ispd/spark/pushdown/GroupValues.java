package dev.ispd.spark.pushdown;

import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.util.List;
import java.util.Map;

/**
 * The most distinct values (NULL counted as one) a GROUP BY column can take over a layout's
 * records, known before the scan runs, so that no drive outgrows its groups and falls back: a
 * field's value count; a literal's one; a CASE's or COALESCE's, the sum of the values it can
 * return; an EXTRACT of a calendar field (not YEAR), that field's range; a comparison or other
 * boolean, three; any other expression, a function of its operands, the product of theirs.
 * {@link Long#MAX_VALUE} where that overflows.
 */
final class GroupValues {
    /** The values of each calendar field an EXTRACT returns, NULL not counted. */
    private static final Map<Expr.DatePart, Long> CALENDAR = Map.of(Expr.DatePart.MONTH, 12L, Expr.DatePart.DAY, 31L,
            Expr.DatePart.QUARTER, 4L, Expr.DatePart.DAY_OF_WEEK, 7L, Expr.DatePart.DAY_OF_YEAR, 366L,
            Expr.DatePart.WEEK, 53L, Expr.DatePart.HOUR, 24L, Expr.DatePart.MINUTE, 60L);

    private GroupValues() {
    }

    /** The most combinations of values of {@code keys} over records of {@code layout}: the product of theirs. */
    static long ofAll(List<Expr> keys, Layout layout) {
        return keys.stream().mapToLong(k -> of(k, layout)).reduce(1, GroupValues::saturatedMultiply);
    }

    /** The most values of {@code e} over records of {@code layout}. */
    static long of(Expr e, Layout layout) {
        if (e instanceof Expr.Ref r) {
            Field f = layout.field(r.name(), "groupBy");
            int bits = f.valueBits() + (f.nullable() ? 1 : 0);
            return bits >= 63 ? Long.MAX_VALUE : 1L << bits;
        }
        if (e instanceof Expr.Literal) {
            return 1;
        }
        if (e instanceof Expr.Case c) {
            long values = c.otherwise() == null ? 1 : of(c.otherwise(), layout);
            for (Expr.When w : c.whens()) {
                values = saturatedAdd(values, of(w.value(), layout));
            }
            return values;
        }
        if (e instanceof Expr.Coalesce c) {
            return c.operands().stream().mapToLong(o -> of(o, layout)).reduce(0, GroupValues::saturatedAdd);
        }
        long operands = ofAll(e.children(), layout);
        if (e instanceof Expr.Extract x && CALENDAR.containsKey(x.part())) {
            return Math.min(operands, CALENDAR.get(x.part()) + 1);
        }
        boolean bool = e instanceof Expr.Compare || e instanceof Expr.And || e instanceof Expr.Or
                || e instanceof Expr.Not || e instanceof Expr.IsNull || e instanceof Expr.In
                || e instanceof Expr.Between || e instanceof Expr.Match;
        return bool ? Math.min(operands, 3) : operands;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long saturatedMultiply(long a, long b) {
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }
}
