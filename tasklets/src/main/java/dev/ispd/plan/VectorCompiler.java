package dev.ispd.plan;

import java.util.HashMap;
import java.util.Map;

/**
 * Builds the batch form ({@link VectorEval}) of compiled expressions ({@link ExprEval}, types
 * and casts already derived), node for node. One compiler serves all of a plan's expressions, so
 * a field they share is one column, decoded once per batch. A node without a batch form (CASE,
 * COALESCE, string tests, EXTRACT, and every node of or over decimals of more than 18 digits
 * but the common {@code + - *} of two longs, {@link VectorArithmetic.WideDecimals}) is run per
 * record with the tree below it.
 */
final class VectorCompiler {
    private final Map<Field, VectorEval.Column> columns = new HashMap<>();

    VectorEval compile(ExprEval e) {
        if (e instanceof ArithmeticEval.WideDecimalOps w && !w.left.wide && !w.right.wide && w.fastOp) {
            return new VectorArithmetic.WideDecimals(w, compile(w.left), compile(w.right));
        }
        if (e.wide || readsWide(e)) {
            return new VectorEval.PerRecord(e);
        }
        if (e instanceof ExprEval.FieldValue f) {
            return columns.computeIfAbsent(f.field, field -> new VectorEval.Column(field, f.type));
        }
        if (e instanceof ExprEval.Constant c) {
            return new VectorEval.Constant(c);
        }
        if (e instanceof ArithmeticEval.LongBinary b) {
            return new VectorArithmetic.Longs(b, compile(b.left), compile(b.right));
        }
        if (e instanceof ArithmeticEval.FloatOps b) {
            return new VectorArithmetic.Doubles(b, compile(b.left), compile(b.right));
        }
        if (e instanceof ArithmeticEval.Negate n) {
            return new VectorArithmetic.Negate(n, compile(n.operand));
        }
        if (e instanceof CastEval c && c.type.kind() != ExprType.Kind.BOOL && c.from.kind() != ExprType.Kind.BOOL) {
            return new VectorArithmetic.Cast(c, compile(c.operand));
        }
        if (e instanceof LogicEval.CompareLongs || e instanceof LogicEval.CompareDoubles
                || e instanceof LogicEval.CompareBools) {
            LogicEval.Comparison c = (LogicEval.Comparison) e;
            return new VectorLogic.Compare(c, compile(c.left), compile(c.right));
        }
        if (e instanceof LogicEval.Junction j) {
            VectorEval[] operands = new VectorEval[j.operands.length];
            for (int i = 0; i < operands.length; i++) {
                operands[i] = compile(j.operands[i]);
            }
            return new VectorLogic.Junction(j, operands);
        }
        if (e instanceof LogicEval.Not n) {
            return new VectorLogic.Not(n, compile(n.operand));
        }
        if (e instanceof LogicEval.IsNull n) {
            return new VectorLogic.IsNull(n, compile(n.operand));
        }
        return new VectorEval.PerRecord(e);
    }

    /** Whether {@code e} takes a wide decimal operand, which only the per-record nodes read. */
    private static boolean readsWide(ExprEval e) {
        return e instanceof CastEval c && c.operand.wide || e instanceof LogicEval.Comparison k && k.left.wide;
    }
}
