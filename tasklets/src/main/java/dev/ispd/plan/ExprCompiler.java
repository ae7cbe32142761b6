package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds an {@link Expr} to a layout: resolves every field, derives every node's type as Spark
 * does ({@link ExprType}), inserts the casts Spark's type coercion would, and builds the tree of
 * closures ({@link ExprEval}) the interpreter runs per record without allocating. A node a plan
 * cannot run is a {@link PlanException} of part {@code expression} naming it (its SQL text).
 */
final class ExprCompiler {
    private final Layout layout;

    private ExprCompiler(Layout layout) {
        this.layout = layout;
    }

    static ExprEval compile(Expr e, Layout layout) {
        return new ExprCompiler(layout).node(e);
    }

    /** {@code e} compiled as a condition: a boolean expression. */
    static ExprEval condition(Expr e, Layout layout) {
        ExprEval c = compile(e, layout);
        if (c.type.kind() != ExprType.Kind.BOOL) {
            throw refused(e, "is " + c.type + ", not a boolean condition");
        }
        return c;
    }

    private ExprEval node(Expr e) {
        String sql = Expr.sql(e);
        if (e instanceof Expr.Ref r) {
            Field f = layout.field(r.name(), "expression");
            ExprType type = ExprType.of(f);
            return type.kind() == ExprType.Kind.STRING ? new StringEval.FieldChars(f) : new ExprEval.FieldValue(f, type);
        }
        if (e instanceof Expr.Literal l) {
            return literal(l, sql);
        }
        if (e instanceof Expr.Arithmetic a) {
            return arithmetic(a, node(a.left()), node(a.right()), sql);
        }
        if (e instanceof Expr.Negate n) {
            ExprEval operand = node(n.operand());
            requireNumeric(n, operand);
            return new ArithmeticEval.Negate(operand, n.mode() == Expr.EvalMode.LEGACY, sql);
        }
        if (e instanceof Expr.Cast c) {
            ExprEval operand = node(c.operand());
            boolean zoned = CastEval.betweenDateAndTimestamp(operand.type, c.type());
            if (!(c.type().numeric() || zoned) || !CastEval.supported(operand.type, c.type())) {
                throw refused(e, "casts " + operand.type + " to " + c.type() + ": plans cast between int, bigint, "
                        + "float, double and decimal (a float to decimals of up to " + ExprType.LONG_PRECISION
                        + " digits), and between a date and a timestamp");
            }
            if (zoned != (c.zone() != null)) {
                throw refused(e, zoned ? "casts between a date and a timestamp without a time zone"
                        : "names a time zone, which only a cast between a date and a timestamp takes");
            }
            return cast(operand, c.type(), zoned ? ZoneClock.of(c.zone(), sql) : null);
        }
        if (e instanceof Expr.Compare c) {
            return compare(c.op(), node(c.left()), node(c.right()), e, sql);
        }
        if (e instanceof Expr.And a) {
            return new LogicEval.Junction(conditions(a.operands(), e), ExprEval.FALSE, sql);
        }
        if (e instanceof Expr.Or o) {
            return new LogicEval.Junction(conditions(o.operands(), e), ExprEval.TRUE, sql);
        }
        if (e instanceof Expr.Not n) {
            return new LogicEval.Not(bool(n.operand(), e), sql);
        }
        if (e instanceof Expr.IsNull n) {
            return new LogicEval.IsNull(node(n.operand()), sql);
        }
        if (e instanceof Expr.Case c) {
            return caseWhen(c, sql);
        }
        if (e instanceof Expr.Coalesce c) {
            if (c.operands().isEmpty()) {
                throw refused(e, "needs an operand");
            }
            List<ExprEval> values = new ArrayList<>();
            c.operands().forEach(o -> values.add(node(o)));
            return choice(null, values, e, sql);
        }
        if (e instanceof Expr.In in) {
            return in(in, sql);
        }
        if (e instanceof Expr.Between b) {
            ExprEval low = compare(CompareOp.GE, node(b.operand()), node(b.low()), e, sql);
            ExprEval high = compare(CompareOp.LE, node(b.operand()), node(b.high()), e, sql);
            return new LogicEval.Junction(new ExprEval[] {low, high}, ExprEval.FALSE, sql);
        }
        if (e instanceof Expr.Match m) {
            ExprEval operand = node(m.operand());
            if (!(operand instanceof StringEval s)) {
                throw refused(e, "tests " + operand.type + ": " + m.op() + " takes a string");
            }
            return new StringEval.Match(m.op(), s, m.pattern(), sql);
        }
        if (e instanceof Expr.KeyLookup k) {
            ExprEval key = node(k.key());
            if (key.type.kind() != ExprType.Kind.INT) {
                throw refused(e, "looks up " + key.type + ": a key lookup takes an integer key");
            }
            return new LogicEval.KeyLookup(key, k.isTrue(), k.isNull(), sql);
        }
        Expr.Extract x = (Expr.Extract) e;
        ExprEval operand = node(x.operand());
        ExprType.Kind kind = operand.type.kind();
        if (kind != ExprType.Kind.DATE && kind != ExprType.Kind.TIMESTAMP) {
            throw refused(e, "extracts from " + operand.type + ": plans extract from dates and timestamps");
        }
        if (kind == ExprType.Kind.DATE && (x.part().ofTime() || x.zone() != null)) {
            throw refused(e, x.part().ofTime() ? "extracts " + x.part() + " from a date, which has no clock time"
                    : "names a time zone for a date, which has none");
        }
        if (kind == ExprType.Kind.TIMESTAMP && x.zone() == null) {
            throw refused(e, "extracts from a timestamp without a time zone to read its clock in");
        }
        return new ExtractEval(x.part(), operand, x.zone() == null ? null : ZoneClock.of(x.zone(), sql), sql);
    }

    private ExprEval literal(Expr.Literal l, String sql) {
        ExprType t = l.type();
        Object v = l.value();
        if (t.kind() == ExprType.Kind.STRING) {
            return new StringEval.Literal(v == null ? null : string(v, l), sql);
        }
        if (v == null) {
            return new ExprEval.Constant(t, sql, true, 0, 0, ExprEval.UNKNOWN);
        }
        try {
            return switch (t.kind()) {
                case INT -> {
                    long n = ((Number) v).longValue();
                    if (!(v instanceof Long || v instanceof Integer) || (t.bits() == 32 && n != (int) n)) {
                        throw refused(l, "is no " + t);
                    }
                    yield new ExprEval.Constant(t, sql, false, n, 0, 0);
                }
                case DECIMAL -> {
                    BigInteger unscaled = ((BigDecimal) v).setScale(t.scale()).unscaledValue();
                    if (unscaled.abs().compareTo(BigInteger.TEN.pow(t.precision())) >= 0) {
                        throw refused(l, "does not fit " + t);
                    }
                    yield new ExprEval.Constant(t, sql, unscaled.shiftRight(64).longValue(), unscaled.longValue());
                }
                case FLOAT -> new ExprEval.Constant(t, sql, false, 0, ((Double) v), 0);
                case DATE -> new ExprEval.Constant(t, sql, false, ((LocalDate) v).toEpochDay(), 0, 0);
                case TIMESTAMP -> {
                    Instant i = (Instant) v;
                    yield new ExprEval.Constant(t, sql, false, Math.addExact(Math.multiplyExact(i.getEpochSecond(),
                            1_000_000L), i.getNano() / 1000), 0, 0);
                }
                case BOOL -> new ExprEval.Constant(t, sql, false, 0, 0, ((Boolean) v) ? ExprEval.TRUE : ExprEval.FALSE);
                case STRING -> throw new IllegalStateException("strings are handled above");
            };
        } catch (ClassCastException | ArithmeticException e) {
            throw refused(l, "holds " + v.getClass().getSimpleName() + " " + v + ", which is no " + t);
        }
    }

    private static String string(Object v, Expr.Literal l) {
        if (!(v instanceof String s)) {
            throw refused(l, "holds " + v.getClass().getSimpleName() + ", which is no string");
        }
        return s;
    }

    private ExprEval arithmetic(Expr.Arithmetic a, ExprEval left, ExprEval right, String sql) {
        requireNumeric(a, left);
        requireNumeric(a, right);
        Expr.ArithmeticOp op = a.op();
        boolean legacy = a.mode() == Expr.EvalMode.LEGACY;
        ExprType wider = ExprType.wider(left.type, right.type);
        if (op == Expr.ArithmeticOp.DIVIDE && wider.kind() == ExprType.Kind.INT) {
            wider = ExprType.DOUBLE; // Spark divides integers as doubles
        }
        if (op == Expr.ArithmeticOp.DIVIDE && wider.kind() == ExprType.Kind.FLOAT) {
            wider = ExprType.DOUBLE; // and floats too: / takes doubles and decimals
        }
        switch (wider.kind()) {
            case INT:
                return new ArithmeticEval.IntegerOps(op, legacy, cast(left, wider), cast(right, wider), wider, sql);
            case FLOAT:
                return new ArithmeticEval.FloatOps(op, legacy, cast(left, wider), cast(right, wider), wider, sql);
            default:
                ExprEval l = cast(left, decimalOf(a.left(), left.type));
                ExprEval r = cast(right, decimalOf(a.right(), right.type));
                ExprType type = decimalResult(op, l.type, r.type);
                return type.words() == 2 || l.wide || r.wide ? new ArithmeticEval.WideDecimalOps(op, legacy, l, r, type, sql)
                        : new ArithmeticEval.DecimalOps(op, legacy, l, r, type, sql);
        }
    }

    /**
     * The decimal an operand is taken as next to a decimal: itself, or an integer as
     * {@code decimal(10,0)} or {@code decimal(20,0)}, an integer literal with its own digits
     * (Spark's {@code literalPickMinimumPrecision}).
     */
    private static ExprType decimalOf(Expr operand, ExprType type) {
        if (type.kind() == ExprType.Kind.INT && operand instanceof Expr.Literal l && l.value() != null) {
            return ExprType.decimal(Math.max(1, BigDecimal.valueOf(((Number) l.value()).longValue()).precision()), 0);
        }
        return type.asDecimal();
    }

    /** Spark's result type of {@code a op b} over decimals. */
    static ExprType decimalResult(Expr.ArithmeticOp op, ExprType a, ExprType b) {
        int p1 = a.precision();
        int s1 = a.scale();
        int p2 = b.precision();
        int s2 = b.scale();
        return switch (op) {
            case ADD, SUBTRACT -> {
                int s = Math.max(s1, s2);
                yield ExprType.adjusted(Math.max(p1 - s1, p2 - s2) + s + 1, s);
            }
            case MULTIPLY -> ExprType.adjusted(p1 + p2 + 1, s1 + s2);
            case DIVIDE -> {
                int s = Math.max(6, s1 + p2 + 1);
                yield ExprType.adjusted(p1 - s1 + s2 + s, s);
            }
            case REMAINDER -> {
                int s = Math.max(s1, s2);
                yield ExprType.adjusted(Math.min(p1 - s1, p2 - s2) + s, s);
            }
        };
    }

    private ExprEval compare(CompareOp op, ExprEval left, ExprEval right, Expr e, String sql) {
        if (left instanceof StringEval l && right instanceof StringEval r) {
            return new StringEval.Compare(op, l, r, sql);
        }
        ExprType wider = ExprType.wider(left.type, right.type);
        if (wider == null || wider.kind() == ExprType.Kind.STRING) {
            throw refused(e, "compares " + left.type + " with " + right.type);
        }
        ExprEval l = cast(left, wider);
        ExprEval r = cast(right, wider);
        return switch (wider.kind()) {
            case FLOAT -> new LogicEval.CompareDoubles(op, l, r, sql);
            case BOOL -> new LogicEval.CompareBools(op, l, r, sql);
            default -> new LogicEval.CompareLongs(op, l, r, sql);
        };
    }

    private ExprEval in(Expr.In in, String sql) {
        if (in.values().isEmpty() || in.values().size() > Predicate.MAX_IN_VALUES) {
            throw refused(in, "needs 1 to " + Predicate.MAX_IN_VALUES + " values, got " + in.values().size());
        }
        ExprEval operand = node(in.operand());
        List<ExprEval> equals = new ArrayList<>();
        for (Expr v : in.values()) {
            if (!(v instanceof Expr.Literal)) {
                throw refused(in, "lists " + Expr.sql(v) + ": IN takes literals");
            }
            equals.add(compare(CompareOp.EQ, operand, node(v), in, sql));
        }
        return equals.size() == 1 ? equals.get(0)
                : new LogicEval.Junction(equals.toArray(ExprEval[]::new), ExprEval.TRUE, sql);
    }

    private ExprEval caseWhen(Expr.Case c, String sql) {
        if (c.whens().isEmpty()) {
            throw refused(c, "needs a WHEN");
        }
        List<ExprEval> conditions = new ArrayList<>();
        List<ExprEval> values = new ArrayList<>();
        for (Expr.When w : c.whens()) {
            conditions.add(bool(w.condition(), c));
            values.add(node(w.value()));
        }
        values.add(c.otherwise() == null ? null : node(c.otherwise()));
        return choice(conditions, values, c, sql);
    }

    /** CASE ({@code conditions}, the last value the ELSE, null for none) or COALESCE (no conditions), of the values' wider type. */
    private ExprEval choice(List<ExprEval> conditions, List<ExprEval> values, Expr e, String sql) {
        ExprType type = null;
        for (ExprEval v : values) {
            if (v != null && !(v instanceof ExprEval.Constant k && k.isNull)) {
                type = type == null ? v.type : ExprType.wider(type, v.type);
                if (type == null) {
                    throw refused(e, "mixes " + values.stream().filter(x -> x != null).map(x -> x.type.toString()).toList());
                }
            }
        }
        if (type == null) {
            type = values.get(0) == null ? ExprType.INT : values.get(0).type; // only NULLs
        }
        if (type.kind() == ExprType.Kind.STRING) {
            return new StringEval.Choice(conditions == null ? null : conditions.toArray(ExprEval[]::new),
                    values.stream().map(v -> v instanceof StringEval str ? str
                            : new StringEval.Literal(null, v == null ? "NULL" : v.sql))
                            .toArray(StringEval[]::new), sql);
        }
        ExprEval[] cast = new ExprEval[values.size()];
        for (int i = 0; i < cast.length; i++) {
            ExprEval v = values.get(i);
            cast[i] = v == null ? new ExprEval.Constant(type, "NULL", true, 0, 0, ExprEval.UNKNOWN) : cast(v, type);
        }
        return new LogicEval.Choice(conditions == null ? null : conditions.toArray(ExprEval[]::new), cast, type, sql);
    }

    private ExprEval[] conditions(List<Expr> operands, Expr e) {
        if (operands.size() < 2) {
            throw refused(e, "needs 2 or more operands, got " + operands.size());
        }
        return operands.stream().map(o -> bool(o, e)).toArray(ExprEval[]::new);
    }

    private ExprEval bool(Expr operand, Expr parent) {
        ExprEval b = node(operand);
        if (b.type.kind() != ExprType.Kind.BOOL) {
            throw refused(parent, "takes " + Expr.sql(operand) + " (" + b.type + ") where a boolean belongs");
        }
        return b;
    }

    /**
     * {@code e} as {@code to}: itself when it is of that type, else a cast; a constant's cast is
     * made once, here (unless it fails: then it fails as the records are evaluated, as Spark's would).
     */
    private static ExprEval cast(ExprEval e, ExprType to) {
        return cast(e, to, null);
    }

    /** {@code e} as {@code to}, between a date and a timestamp in {@code clock}'s zone (else null: UTC, as a comparison widens a date). */
    private static ExprEval cast(ExprEval e, ExprType to, ZoneClock clock) {
        if (e.type.equals(to)) {
            return e;
        }
        CastEval cast = new CastEval(e, to, clock, "CAST(" + e.sql + " AS " + to
                + (clock == null ? "" : " AT TIME ZONE '" + clock.id + "'") + ")");
        if (!(e instanceof ExprEval.Constant) || to.kind() == ExprType.Kind.BOOL) {
            return cast;
        }
        try {
            boolean floating = to.kind() == ExprType.Kind.FLOAT;
            long v = floating ? 0 : cast.longValue(null, 0);
            double d = floating ? cast.doubleValue(null, 0) : 0;
            return cast.wide && !cast.isNull ? new ExprEval.Constant(to, e.sql, cast.high, v)
                    : new ExprEval.Constant(to, e.sql, cast.isNull, v, d, ExprEval.UNKNOWN);
        } catch (PlanArithmeticException failsPerRecord) {
            return cast;
        }
    }

    private static void requireNumeric(Expr e, ExprEval operand) {
        if (!operand.type.numeric()) {
            throw refused(e, "takes " + operand.sql + " (" + operand.type + "): arithmetic takes numbers");
        }
    }

    static PlanException refused(Expr e, String why) {
        return new PlanException("expression", "expression " + Expr.sql(e) + " " + why);
    }
}
