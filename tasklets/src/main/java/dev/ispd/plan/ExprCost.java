package dev.ispd.plan;

import java.nio.charset.StandardCharsets;

/**
 * The work of evaluating an expression once with every operand evaluated, as the meter counts it:
 * a field load per field reference; a comparison per comparison, IS NULL, string test and IN
 * value, two per BETWEEN; an evaluation per node that computes (every node but field references
 * and constants); and of those a wide operation per node whose value or operand is a decimal of
 * more than 18 digits or a string, and of those a string operation per comparison made by a node
 * whose value or operand is a string (one per IN value; one for a node that compares nothing),
 * each spanning the bytes of the widest string it reads ({@link #stringWidth}: a test walks the
 * string, so a LIKE over a char(25) costs several times an = over a char(10)), which a host profile
 * prices apart (docs/model.md); an aggregate of an expression adds its accumulation
 * ({@link #ofUpdate}). This is the one place that says what each node kind costs;
 * the per-record loop and the batch loop both count through it, so their meters agree.
 */
record ExprCost(long reads, long compares, long evaluations, long wideOps, long stringOps, long stringBytes,
                long stringLeafCompares) {
    static final ExprCost NONE = new ExprCost(0, 0, 0, 0);
    /** A field read as it is. */
    static final ExprCost FIELD = new ExprCost(1, 0, 0, 0);

    /** A cost with no string comparison. */
    ExprCost(long reads, long compares, long evaluations, long wideOps) {
        this(reads, compares, evaluations, wideOps, 0, 0, 0);
    }

    /** A plain WHERE leaf's comparison of a string field with a literal: a load, a comparison in place. */
    static final ExprCost STRING_LEAF = new ExprCost(1, 1, 0, 0, 0, 0, 1);

    /**
     * A row's part of a WHERE judged once per dictionary entry: its entry's verdict loaded by its id
     * (a table of the dictionary's size; no value compared), the entry's own test counted once,
     * when it is judged.
     */
    static final ExprCost ENTRY_VERDICT = new ExprCost(1, 0, 0, 0);

    /** The cost of {@code e} over {@code layout} (which gives its nodes' types). */
    static ExprCost of(Expr e, Layout layout) {
        if (e instanceof Expr.Ref) {
            return FIELD;
        }
        if (e instanceof Expr.Literal) {
            return NONE;
        }
        long compares = e instanceof Expr.Compare || e instanceof Expr.IsNull || e instanceof Expr.Match
                || e instanceof Expr.KeyLookup ? 1
                : e instanceof Expr.In in ? in.values().size() : e instanceof Expr.Between ? 2 : 0;
        ExprType type = ExprCompiler.compile(e, layout).type;
        boolean wide = slow(type);
        boolean string = type.kind() == ExprType.Kind.STRING;
        ExprCost total = new ExprCost(0, compares, 1, 0);
        for (Expr c : e.children()) {
            if (!(c instanceof Expr.Literal)) {
                ExprType operand = ExprCompiler.compile(c, layout).type;
                wide |= slow(operand);
                string |= operand.kind() == ExprType.Kind.STRING;
            }
            total = total.plus(of(c, layout));
        }
        if (!wide) {
            return total;
        }
        // a string node compares strings once per comparison it makes (an IN once per value), else once
        long stringOps = string ? Math.max(1, compares) : 0;
        return total.plus(new ExprCost(0, 0, 0, 1, stringOps, stringOps * stringWidth(e, layout), 0));
    }

    /**
     * The bytes of the widest string {@code e} or its operands hold: a {@code char(N)} field's N, a
     * literal's UTF-8 length, the widest value of a CASE or COALESCE; 0 where none is a string.
     */
    static int stringWidth(Expr e, Layout layout) {
        if (e instanceof Expr.Ref r) {
            Field f = layout.field(r.name(), "expression");
            return f.type().kind() == FieldType.Kind.CHAR ? f.width() : 0;
        }
        if (e instanceof Expr.Literal l) {
            return l.value() instanceof String s ? s.getBytes(StandardCharsets.UTF_8).length : 0;
        }
        int widest = 0;
        for (Expr c : e.children()) {
            widest = Math.max(widest, stringWidth(c, layout));
        }
        return widest;
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
        return new ExprCost(reads + o.reads, compares + o.compares, evaluations + o.evaluations, wideOps + o.wideOps,
                stringOps + o.stringOps, stringBytes + o.stringBytes, stringLeafCompares + o.stringLeafCompares);
    }
}
