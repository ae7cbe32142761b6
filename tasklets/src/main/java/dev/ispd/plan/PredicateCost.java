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
        return new long[] {1, 1}; // a comparison or IS NULL
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
