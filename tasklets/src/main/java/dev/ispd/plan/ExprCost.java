package dev.ispd.plan;

/**
 * The work of evaluating an expression once with every operand evaluated, as the meter counts it:
 * a field load per field reference; a comparison per comparison, IS NULL, string test and IN
 * value, two per BETWEEN; an evaluation per node that computes (every node but field references
 * and constants); and of those a wide operation per node whose value or operand is a decimal of
 * more than 18 digits or a string; an aggregate of an expression adds its accumulation
 * ({@link #ofUpdate}). This is the one place that says what each node kind costs;
 * the per-record loop and the batch loop both count through it, so their meters agree.
 */
record ExprCost(long reads, long compares, long evaluations, long wideOps) {
    static final ExprCost NONE = new ExprCost(0, 0, 0, 0);
    /** A field read as it is. */
    static final ExprCost FIELD = new ExprCost(1, 0, 0, 0);

    /** The cost of {@code e} over {@code layout} (which gives its nodes' types). */
    static ExprCost of(Expr e, Layout layout) {
        if (e instanceof Expr.Ref) {
            return FIELD;
        }
        if (e instanceof Expr.Literal) {
            return NONE;
        }
        long compares = e instanceof Expr.Compare || e instanceof Expr.IsNull || e instanceof Expr.Match ? 1
                : e instanceof Expr.In in ? in.values().size() : e instanceof Expr.Between ? 2 : 0;
        boolean wide = slow(ExprCompiler.compile(e, layout).type);
        ExprCost total = new ExprCost(0, compares, 1, 0);
        for (Expr c : e.children()) {
            wide |= !(c instanceof Expr.Literal) && slow(ExprCompiler.compile(c, layout).type);
            total = total.plus(of(c, layout));
        }
        return wide ? total.plus(new ExprCost(0, 0, 0, 1)) : total;
    }

    /**
     * The work of one row's update of {@code agg}, an aggregate of an expression: its argument's
     * evaluation, then one evaluation to accumulate it, a wide one for a decimal SUM or AVG (summed
     * in 128 bits whatever its words).
     */
    static ExprCost ofUpdate(Aggregate agg, Layout layout) {
        boolean summing = agg.function() == Aggregate.Function.SUM || agg.function() == Aggregate.Function.AVG;
        boolean wide = summing && agg.partialType(layout).kind() == ExprType.Kind.DECIMAL;
        return of(agg.argument(), layout).plus(new ExprCost(0, 0, 1, wide ? 1 : 0));
    }

    /** Whether values of {@code type} take the slow path: 128-bit decimals and strings. */
    private static boolean slow(ExprType type) {
        return type.words() == 2 || type.kind() == ExprType.Kind.STRING;
    }

    ExprCost plus(ExprCost o) {
        return new ExprCost(reads + o.reads, compares + o.compares, evaluations + o.evaluations, wideOps + o.wideOps);
    }
}
