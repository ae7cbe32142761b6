package dev.ispd.plan;

import java.util.List;

/** The field loads and comparisons of evaluating a whole predicate tree once, for estimates. */
final class PredicateCost {
    private PredicateCost() {
    }

    /** {field loads, comparisons} with every leaf evaluated; IN costs its binary search. */
    static long[] of(Predicate p) {
        if (p instanceof Predicate.True) {
            return new long[] {0, 0};
        }
        if (p instanceof Predicate.Between) {
            return new long[] {1, 2};
        }
        if (p instanceof Predicate.In in) {
            return new long[] {1, 64 - Long.numberOfLeadingZeros(in.values().stream().distinct().count())};
        }
        if (p instanceof Predicate.Not n) {
            return of(n.operand());
        }
        if (p instanceof Predicate.And a) {
            return sum(a.operands());
        }
        if (p instanceof Predicate.Or o) {
            return sum(o.operands());
        }
        if (p instanceof Predicate.Holds h) {
            return of(h.condition());
        }
        return new long[] {1, 1}; // a comparison or IS NULL
    }

    /**
     * {field loads, comparisons} of evaluating expression {@code e} once with every operand
     * evaluated: a load per field reference, a comparison per comparison, IS NULL, string test and
     * IN value, two per BETWEEN.
     */
    static long[] of(Expr e) {
        long[] total = {0, 0};
        if (e instanceof Expr.Ref) {
            total[0] = 1;
        } else if (e instanceof Expr.Compare || e instanceof Expr.IsNull || e instanceof Expr.Match) {
            total[1] = 1;
        } else if (e instanceof Expr.In in) {
            total[1] = in.values().size();
        } else if (e instanceof Expr.Between) {
            total[1] = 2;
        }
        for (Expr c : e.children()) {
            long[] child = of(c);
            total[0] += child[0];
            total[1] += child[1];
        }
        return total;
    }

    private static long[] sum(List<Predicate> ps) {
        long[] total = {0, 0};
        for (Predicate p : ps) {
            long[] c = of(p);
            total[0] += c[0];
            total[1] += c[1];
        }
        return total;
    }
}
