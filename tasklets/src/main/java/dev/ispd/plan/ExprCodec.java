package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoding of an {@link Expr} inside a plan (docs/protocol.md, "Plans"): a tag byte per
 * node, then its operands in order. Fields are layout indexes; a type is its kind byte, then
 * the bits of an integer or float or the precision and scale of a decimal; a literal is its
 * type, a null byte (1: NULL) and, when not NULL, its value: an i64 (integers, a decimal's
 * unscaled value, days, microseconds), an f64's bits, a byte (bool) or a string; a decimal of
 * more than 18 digits, its unscaled value's low and then high i64 (version 6). A cast and an
 * EXTRACT carry a time zone ID as a string, empty for none (version 5). Arithmetic and unary minus
 * in Spark's non-ANSI mode ({@link Expr.EvalMode#LEGACY}) have tags of their own (version 7). A
 * key lookup carries its label and its two {@link KeySet}s before its key.
 */
final class ExprCodec {
    private static final int REF = 0;
    private static final int LITERAL = 1;
    private static final int ARITHMETIC = 2;
    private static final int NEGATE = 3;
    private static final int CAST = 4;
    private static final int COMPARE = 5;
    private static final int AND = 6;
    private static final int OR = 7;
    private static final int NOT = 8;
    private static final int IS_NULL = 9;
    private static final int CASE = 10;
    private static final int COALESCE = 11;
    private static final int IN = 12;
    private static final int BETWEEN = 13;
    private static final int MATCH = 14;
    private static final int EXTRACT = 15;
    private static final int LEGACY_ARITHMETIC = 16;
    private static final int LEGACY_NEGATE = 17;
    private static final int KEY_LOOKUP = 18;

    private static final BigInteger LOW_WORD = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private ExprCodec() {
    }

    static void write(PlanCodec.Writer w, Expr e, Layout layout) {
        if (e instanceof Expr.Ref r) {
            w.u8(REF).u8(layout.indexOf(layout.field(r.name(), "expression")));
        } else if (e instanceof Expr.Literal l) {
            literal(type(w.u8(LITERAL), l.type()), l);
        } else if (e instanceof Expr.Arithmetic a) {
            w.u8(a.mode() == Expr.EvalMode.ANSI ? ARITHMETIC : LEGACY_ARITHMETIC).u8(a.op().ordinal());
            operands(w, e, layout);
        } else if (e instanceof Expr.Cast c) {
            type(w.u8(CAST), c.type()).str(zone(c.zone()));
            operands(w, e, layout);
        } else if (e instanceof Expr.Compare c) {
            w.u8(COMPARE).u8(c.op().ordinal());
            operands(w, e, layout);
        } else if (e instanceof Expr.Case c) {
            w.u8(CASE).u8(c.whens().size()).u8(c.otherwise() == null ? 0 : 1);
            operands(w, e, layout);
        } else if (e instanceof Expr.In in) {
            w.u8(IN).u16(in.values().size());
            operands(w, e, layout);
        } else if (e instanceof Expr.Match m) {
            w.u8(MATCH).u8(m.op().ordinal()).str(m.pattern());
            operands(w, e, layout);
        } else if (e instanceof Expr.KeyLookup k) {
            w.u8(KEY_LOOKUP).str(k.label());
            k.isTrue().write(w);
            k.isNull().write(w);
            operands(w, e, layout);
        } else if (e instanceof Expr.Extract x) {
            w.u8(EXTRACT).u8(x.part().ordinal()).str(zone(x.zone()));
            operands(w, e, layout);
        } else if (e instanceof Expr.And || e instanceof Expr.Or || e instanceof Expr.Coalesce) {
            w.u8(e instanceof Expr.And ? AND : e instanceof Expr.Or ? OR : COALESCE).u8(e.children().size());
            operands(w, e, layout);
        } else if (e instanceof Expr.Negate n) {
            w.u8(n.mode() == Expr.EvalMode.ANSI ? NEGATE : LEGACY_NEGATE);
            operands(w, e, layout);
        } else {
            w.u8(e instanceof Expr.Not ? NOT : e instanceof Expr.IsNull ? IS_NULL
                    : BETWEEN);
            operands(w, e, layout);
        }
    }

    private static String zone(String zone) {
        return zone == null ? "" : zone;
    }

    private static String zone(PlanCodec.Reader r) {
        String zone = r.str();
        return zone.isEmpty() ? null : zone;
    }

    private static void operands(PlanCodec.Writer w, Expr e, Layout layout) {
        e.children().forEach(c -> write(w, c, layout));
    }

    private static PlanCodec.Writer type(PlanCodec.Writer w, ExprType t) {
        w.u8(t.kind().ordinal());
        switch (t.kind()) {
            case INT, FLOAT -> w.u8(t.bits());
            case DECIMAL -> w.u8(t.precision()).u8(t.scale());
            default -> { }
        }
        return w;
    }

    private static void literal(PlanCodec.Writer w, Expr.Literal l) {
        Object v = l.value();
        w.u8(v == null ? 1 : 0);
        if (v == null) {
            return;
        }
        switch (l.type().kind()) {
            case INT -> w.i64(((Number) v).longValue());
            case DECIMAL -> {
                BigInteger unscaled = ((BigDecimal) v).setScale(l.type().scale()).unscaledValue();
                if (l.type().words() == 2) { // version 6: past 18 digits, the low and the high word
                    w.i64(unscaled.longValue()).i64(unscaled.shiftRight(64).longValueExact());
                } else {
                    w.i64(unscaled.longValueExact());
                }
            }
            case FLOAT -> w.i64(Double.doubleToRawLongBits((Double) v));
            case DATE -> w.i64(((LocalDate) v).toEpochDay());
            case TIMESTAMP -> w.i64(Math.addExact(Math.multiplyExact(((Instant) v).getEpochSecond(), 1_000_000L),
                    ((Instant) v).getNano() / 1000));
            case BOOL -> w.u8((Boolean) v ? 1 : 0);
            case STRING -> w.str((String) v);
        }
    }

    /** Depth is bounded so a hostile body cannot overflow the decoder's stack. */
    static Expr read(PlanCodec.Reader r, Layout layout, int depth) {
        int at = r.at();
        if (depth > PlanLimits.HOST.maxPredicateDepth()) {
            throw r.error(at, "the expression is deeper than " + PlanLimits.HOST.maxPredicateDepth() + " levels");
        }
        int tag = r.u8();
        return switch (tag) {
            case REF -> new Expr.Ref(PlanCodec.name(r, layout, r.u8()));
            case LITERAL -> literal(r, type(r));
            case ARITHMETIC, LEGACY_ARITHMETIC -> new Expr.Arithmetic(ordinal(r, Expr.ArithmeticOp.values()),
                    read(r, layout, depth + 1), read(r, layout, depth + 1), mode(tag == LEGACY_ARITHMETIC));
            case NEGATE, LEGACY_NEGATE -> new Expr.Negate(read(r, layout, depth + 1), mode(tag == LEGACY_NEGATE));
            case CAST -> {
                ExprType type = type(r);
                String zone = zone(r);
                yield new Expr.Cast(read(r, layout, depth + 1), type, zone);
            }
            case COMPARE -> new Expr.Compare(ordinal(r, CompareOp.values()), read(r, layout, depth + 1),
                    read(r, layout, depth + 1));
            case AND -> new Expr.And(list(r, layout, depth, r.u8()));
            case OR -> new Expr.Or(list(r, layout, depth, r.u8()));
            case NOT -> new Expr.Not(read(r, layout, depth + 1));
            case IS_NULL -> new Expr.IsNull(read(r, layout, depth + 1));
            case CASE -> {
                int whens = r.u8();
                boolean otherwise = r.u8() != 0;
                List<Expr.When> ws = new ArrayList<>(whens);
                for (int i = 0; i < whens; i++) {
                    ws.add(new Expr.When(read(r, layout, depth + 1), read(r, layout, depth + 1)));
                }
                yield new Expr.Case(ws, otherwise ? read(r, layout, depth + 1) : null);
            }
            case COALESCE -> new Expr.Coalesce(list(r, layout, depth, r.u8()));
            case IN -> {
                int n = r.u16();
                Expr operand = read(r, layout, depth + 1);
                yield new Expr.In(operand, list(r, layout, depth, n));
            }
            case BETWEEN -> new Expr.Between(read(r, layout, depth + 1), read(r, layout, depth + 1),
                    read(r, layout, depth + 1));
            case MATCH -> {
                Expr.MatchOp op = ordinal(r, Expr.MatchOp.values());
                String pattern = r.str();
                yield new Expr.Match(op, read(r, layout, depth + 1), pattern);
            }
            case EXTRACT -> {
                Expr.DatePart part = ordinal(r, Expr.DatePart.values());
                String zone = zone(r);
                yield new Expr.Extract(part, read(r, layout, depth + 1), zone);
            }
            case KEY_LOOKUP -> {
                String label = r.str();
                KeySet isTrue = KeySet.read(r);
                KeySet isNull = KeySet.read(r);
                Expr key = read(r, layout, depth + 1);
                try {
                    yield new Expr.KeyLookup(key, isTrue, isNull, label);
                } catch (PlanException refused) { // a key in both sets, a label too long
                    throw r.error(at, refused.getMessage());
                }
            }
            default -> throw r.error(at, "unknown expression node " + tag);
        };
    }

    private static Expr.EvalMode mode(boolean legacy) {
        return legacy ? Expr.EvalMode.LEGACY : Expr.EvalMode.ANSI;
    }

    private static List<Expr> list(PlanCodec.Reader r, Layout layout, int depth, int n) {
        List<Expr> es = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            es.add(read(r, layout, depth + 1));
        }
        return es;
    }

    private static <T> T ordinal(PlanCodec.Reader r, T[] values) {
        int at = r.at();
        int v = r.u8();
        if (v >= values.length) {
            throw r.error(at, "unknown " + values[0].getClass().getSimpleName() + " " + v);
        }
        return values[v];
    }

    private static ExprType type(PlanCodec.Reader r) {
        int at = r.at();
        ExprType.Kind kind = ordinal(r, ExprType.Kind.values());
        try {
            return switch (kind) {
                case INT, FLOAT -> {
                    int bits = r.u8();
                    if (bits != 32 && bits != 64) {
                        throw r.error(at + 1, "a " + kind + " of " + bits + " bits: 32 or 64");
                    }
                    yield new ExprType(kind, bits, 0, 0);
                }
                case DECIMAL -> ExprType.decimal(r.u8(), r.u8());
                default -> new ExprType(kind, 0, 0, 0);
            };
        } catch (PlanException e) {
            throw r.error(at, e.getMessage());
        }
    }

    private static Expr literal(PlanCodec.Reader r, ExprType t) {
        if (r.u8() != 0) {
            return new Expr.Literal(null, t);
        }
        Object v = switch (t.kind()) {
            case INT -> r.i64();
            case DECIMAL -> t.words() == 2 ? new BigDecimal(BigInteger.valueOf(r.i64()).and(LOW_WORD)
                    .or(BigInteger.valueOf(r.i64()).shiftLeft(64)), t.scale()) : BigDecimal.valueOf(r.i64(), t.scale());
            case FLOAT -> Double.longBitsToDouble(r.i64());
            case DATE -> {
                int at = r.at();
                long days = r.i64();
                if (days < LocalDate.MIN.toEpochDay() || days > LocalDate.MAX.toEpochDay()) {
                    throw r.error(at, "date literal of " + days + " days is past any date");
                }
                yield LocalDate.ofEpochDay(days);
            }
            case TIMESTAMP -> {
                long micros = r.i64();
                yield Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
            }
            case BOOL -> r.u8() != 0;
            case STRING -> r.str();
        };
        return new Expr.Literal(v, t);
    }
}
