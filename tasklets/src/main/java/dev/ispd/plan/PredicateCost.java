package dev.ispd.plan;

/** The work of evaluating a whole predicate tree once, every leaf evaluated, for estimates. */
final class PredicateCost {
    private PredicateCost() {
    }

    /** The cost with every leaf evaluated: IN costs its binary search, a Bloom filter a compare per probe, an expression its {@link ExprCost}. */
    static ExprCost of(Predicate p, Layout layout) {
        if (p instanceof Predicate.True) {
            return ExprCost.NONE;
        }
        if (p instanceof Predicate.Between) {
            return new ExprCost(1, 2, 0, 0);
        }
        if (p instanceof Predicate.In in) {
            return new ExprCost(1, 64 - Long.numberOfLeadingZeros(in.values().stream().distinct().count()), 0, 0);
        }
        if (p instanceof Predicate.Bloom b) {
            return new ExprCost(1, b.hashes(), 0, 0);
        }
        if (p instanceof Predicate.Not n) {
            return of(n.operand(), layout);
        }
        if (p instanceof Predicate.And a) {
            return a.operands().stream().map(o -> of(o, layout)).reduce(ExprCost.NONE, ExprCost::plus);
        }
        if (p instanceof Predicate.Or o) {
            return o.operands().stream().map(q -> of(q, layout)).reduce(ExprCost.NONE, ExprCost::plus);
        }
        if (p instanceof Predicate.Holds h) {
            return ExprCost.of(h.condition(), layout);
        }
        if (p instanceof Predicate.CompareString) {
            return ExprCost.STRING_LEAF;
        }
        return new ExprCost(1, 1, 0, 0); // a comparison or IS NULL
    }
}
