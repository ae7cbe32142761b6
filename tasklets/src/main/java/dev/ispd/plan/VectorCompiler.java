package dev.ispd.plan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Builds the batch form ({@link VectorEval}) of compiled expressions ({@link ExprEval}, types
 * and casts already derived), node for node. One compiler serves all of a plan's expressions, so
 * a field they share is one column, decoded once per batch (a string field, its rows' places found once). Every node kind has a batch form.
 */
final class VectorCompiler {
    private final Map<Field, VectorEval.Column> columns = new HashMap<>();
    private final Map<Field, VectorStrings.Chars> strings = new HashMap<>();

    /** The fields the expressions compiled so far read. */
    Set<Field> fields() {
        Set<Field> fields = new HashSet<>(columns.keySet());
        fields.addAll(strings.keySet());
        return fields;
    }

    VectorEval compile(ExprEval e) {
        if (e instanceof ArithmeticEval.WideDecimalOps w) {
            return new VectorArithmetic.WideDecimals(w, compile(w.left), compile(w.right));
        }
        if (e instanceof ExprEval.FieldValue f) {
            return columns.computeIfAbsent(f.field, field -> new VectorEval.Column(field, f.type));
        }
        if (e instanceof ExprEval.Constant c) {
            return new VectorEval.Constant(c);
        }
        if (e instanceof StringEval.FieldChars f) {
            return strings.computeIfAbsent(f.field, field -> new VectorStrings.Chars(f));
        }
        if (e instanceof StringEval.Literal l) {
            return new VectorStrings.Literal(l);
        }
        if (e instanceof StringEval.Compare c) {
            return new VectorStrings.Compare(c, compile(c.left), compile(c.right));
        }
        if (e instanceof StringEval.Match m) {
            return new VectorStrings.Match(m, compile(m.operand));
        }
        if (e instanceof StringEval.Choice c) {
            return new VectorChoice(c, c.conditions == null ? null : compile(c.conditions), compile(c.values));
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
        if (e instanceof CastEval c) {
            return new VectorArithmetic.Cast(c, compile(c.operand));
        }
        if (e instanceof LogicEval.CompareLongs || e instanceof LogicEval.CompareDoubles
                || e instanceof LogicEval.CompareBools) {
            LogicEval.Comparison c = (LogicEval.Comparison) e;
            return new VectorLogic.Compare(c, compile(c.left), compile(c.right));
        }
        if (e instanceof LogicEval.Junction j) {
            return new VectorLogic.Junction(j, compile(j.operands));
        }
        if (e instanceof LogicEval.Not n) {
            return new VectorLogic.Not(n, compile(n.operand));
        }
        if (e instanceof LogicEval.IsNull n) {
            return new VectorLogic.IsNull(n, compile(n.operand));
        }
        if (e instanceof ExtractEval x) {
            return new VectorExtract(x, compile(x.operand));
        }
        if (e instanceof LogicEval.KeyLookup k) {
            return new VectorLogic.KeyLookup(k, compile(k.key));
        }
        if (e instanceof LogicEval.Choice c) {
            return new VectorChoice(c, c.conditions == null ? null : compile(c.conditions), compile(c.values));
        }
        throw new IllegalStateException("no batch form of " + e.getClass().getSimpleName() + " " + e.sql);
    }

    private VectorEval[] compile(ExprEval[] nodes) {
        VectorEval[] compiled = new VectorEval[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            compiled[i] = compile(nodes[i]);
        }
        return compiled;
    }
}
