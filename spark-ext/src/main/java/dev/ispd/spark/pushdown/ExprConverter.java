package dev.ispd.spark.pushdown;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.PlanException;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Extract;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.UserDefinedScalarFunc;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Compiles Spark's V2 expressions over a layout's columns into the plan model's {@link Expr}:
 * columns, literals, arithmetic ({@code + - * / %}, unary minus; Spark hands a source only its
 * ANSI arithmetic, whose errors the plan raises alike, and the session extension hands it the
 * non-ANSI operators as {@link NonAnsiArithmetic}, which the plan runs in its LEGACY mode), CAST between numeric types, comparisons
 * of two expressions ({@code <=>} as SQL defines it over NULLs), AND, OR, NOT, IS [NOT] NULL,
 * IN of literals, CASE WHEN, COALESCE (of strings too), STARTS WITH, ENDS WITH, CONTAINS, LIKE
 * ({@link PushedLike}), a small table's boolean looked up by key ({@link KeyLookupFunction}), CAST
 * between a date and a timestamp, and EXTRACT of every field Spark pushes (YEAR, QUARTER, MONTH,
 * WEEK, YEAR_OF_WEEK, DAY, DAY_OF_WEEK, DAY_OF_YEAR; HOUR, MINUTE, SECOND of a timestamp). A
 * timestamp's clock and a date's midnight are those of the session's time zone
 * ({@code spark.sql.session.timeZone}, as Spark evaluates them), which the plan carries. The types of the nodes are the plan's to derive ({@link ExprType}, Spark's
 * rules); the caller binds the result to the layout, which refuses what a plan cannot run.
 * Anything else is {@link NotPushable}, naming it.
 */
final class ExprConverter {
    private static final Map<String, CompareOp> COMPARISONS = Map.of("=", CompareOp.EQ, "<>", CompareOp.NE,
            "<", CompareOp.LT, "<=", CompareOp.LE, ">", CompareOp.GT, ">=", CompareOp.GE);
    private static final Map<String, Expr.ArithmeticOp> ARITHMETIC = Map.of("+", Expr.ArithmeticOp.ADD,
            "-", Expr.ArithmeticOp.SUBTRACT, "*", Expr.ArithmeticOp.MULTIPLY, "/", Expr.ArithmeticOp.DIVIDE,
            "%", Expr.ArithmeticOp.REMAINDER);

    private final RecordLayout layout;
    /** The session's time zone ID, resolved as Spark resolves it. */
    private final String zone;

    ExprConverter(RecordLayout layout) {
        this.layout = layout;
        this.zone = DateTimeUtils.getZoneId(SQLConf.get().sessionLocalTimeZone()).getId();
    }

    /** The plan expression {@code e} stands for. */
    Expr convert(Expression e) throws NotPushable {
        if (e instanceof NamedReference) {
            LayoutColumn c = ColumnReference.column(layout, e);
            try {
                ExprType.of(c.field()); // refuses what expressions do not take
            } catch (PlanException x) {
                throw new NotPushable(x.getMessage());
            }
            return Expr.field(c.name());
        }
        if (e instanceof Literal<?> l) {
            return literal(l);
        }
        if (e instanceof Cast c) {
            ExprType to = type(c.dataType(), e);
            boolean zoned = c.expressionDataType() != null && (temporal(c.dataType()) && temporal(c.expressionDataType())
                    && !c.dataType().equals(c.expressionDataType()));
            return Expr.cast(convert(c.expression()), to, zoned ? zone : null);
        }
        if (e instanceof Extract x) {
            Expr.DatePart part;
            try {
                part = Expr.DatePart.valueOf(x.field());
            } catch (IllegalArgumentException unknown) {
                throw new NotPushable("a plan extracts " + Arrays.toString(Expr.DatePart.values()) + ", not " + x.field()
                        + ", in " + e);
            }
            Expr source = convert(x.source());
            return Expr.extract(part, source, timestamp(source) ? zone : null);
        }
        if (e instanceof GeneralScalarExpression g) {
            return general(g.name(), g.children(), e);
        }
        if (e instanceof UserDefinedScalarFunc f && f.canonicalName().startsWith(NonAnsiArithmetic.PREFIX)) {
            return nonAnsi(f.canonicalName().substring(NonAnsiArithmetic.PREFIX.length()), f.children(), e);
        }
        if (e instanceof UserDefinedScalarFunc f && f.canonicalName().equals(PushedLike.NAME)) {
            return Expr.like(convert(f.children()[0]), string(f.children()[1], "LIKE"));
        }
        if (e instanceof UserDefinedScalarFunc f && f.canonicalName().startsWith(KeyLookupFunction.PREFIX)) {
            KeyLookupFunction lookup = KeyLookupFunction.named(f.canonicalName());
            if (lookup == null) {
                throw new NotPushable(e + " is a lookup this JVM did not make");
            }
            return lookup.plan(convert(f.children()[0]));
        }
        throw new NotPushable(e + " is no expression a plan runs");
    }

    private Expr general(String name, Expression[] args, Expression e) throws NotPushable {
        if (name.equals("=") && isTrue(args[1]) && bool(args[0])) {
            return convert(args[0]); // x = TRUE of a boolean x is x, NULL where x is: Spark's way to hand a function as a predicate
        }
        CompareOp compared = COMPARISONS.get(name);
        if (compared != null) {
            return Expr.compare(convert(args[0]), compared, convert(args[1]));
        }
        Expr.ArithmeticOp arithmetic = ARITHMETIC.get(name);
        if (arithmetic != null && args.length == 2) {
            return new Expr.Arithmetic(arithmetic, convert(args[0]), convert(args[1]));
        }
        return switch (name) {
            case "-" -> Expr.neg(convert(args[0]));
            case "<=>" -> nullSafeEqual(convert(args[0]), convert(args[1]));
            case "AND" -> Expr.and(convert(args[0]), convert(args[1]));
            case "OR" -> Expr.or(convert(args[0]), convert(args[1]));
            case "NOT" -> Expr.not(convert(args[0]));
            case "IS_NULL" -> Expr.isNull(convert(args[0]));
            case "IS_NOT_NULL" -> Expr.not(Expr.isNull(convert(args[0])));
            case "IN" -> new Expr.In(convert(args[0]), all(Arrays.copyOfRange(args, 1, args.length)));
            case "CASE_WHEN" -> caseWhen(args);
            case "COALESCE" -> new Expr.Coalesce(all(args));
            case "STARTS_WITH" -> Expr.startsWith(convert(args[0]), string(args[1], name));
            case "ENDS_WITH" -> Expr.endsWith(convert(args[0]), string(args[1], name));
            case "CONTAINS" -> Expr.contains(convert(args[0]), string(args[1], name));
            case "ALWAYS_TRUE" -> Expr.lit(true);
            case "ALWAYS_FALSE" -> Expr.lit(false);
            default -> throw new NotPushable("a plan has no " + name + " (in " + e + ")");
        };
    }

    /** Spark's non-ANSI operator {@code symbol} of {@code args} (one: unary minus), in the plan's LEGACY mode. */
    private Expr nonAnsi(String symbol, Expression[] args, Expression e) throws NotPushable {
        if (args.length == 1 && symbol.equals("-")) {
            return new Expr.Negate(convert(args[0]), Expr.EvalMode.LEGACY);
        }
        Expr.ArithmeticOp op = ARITHMETIC.get(symbol);
        if (op == null || args.length != 2) {
            throw new NotPushable("a plan has no " + symbol + " of " + args.length + " operands (in " + e + ")");
        }
        return new Expr.Arithmetic(op, convert(args[0]), convert(args[1]), Expr.EvalMode.LEGACY);
    }

    private static boolean isTrue(Expression e) {
        return e instanceof Literal<?> l && Boolean.TRUE.equals(l.value());
    }

    /** Whether {@code e} is boolean: a predicate, or a function of ours that answers one (a LIKE, a lookup). */
    private static boolean bool(Expression e) {
        return e instanceof org.apache.spark.sql.connector.expressions.filter.Predicate
                || e instanceof UserDefinedScalarFunc f && (f.canonicalName().equals(PushedLike.NAME)
                        || f.canonicalName().startsWith(KeyLookupFunction.PREFIX));
    }

    /** {@code a <=> b}: TRUE where both are NULL, FALSE where one is, else {@code a = b}. */
    private static Expr nullSafeEqual(Expr a, Expr b) {
        Expr bothNull = Expr.and(Expr.isNull(a), Expr.isNull(b));
        return Expr.or(bothNull, Expr.and(Expr.not(Expr.isNull(a)), Expr.not(Expr.isNull(b)), Expr.eq(a, b)));
    }

    /** CASE's children: each WHEN's condition and value, then the ELSE if there is one. */
    private Expr caseWhen(Expression[] args) throws NotPushable {
        List<Expr.When> whens = new ArrayList<>();
        int i = 0;
        for (; i + 1 < args.length; i += 2) {
            whens.add(Expr.when(convert(args[i]), convert(args[i + 1])));
        }
        return Expr.caseWhen(whens, i < args.length ? convert(args[i]) : null);
    }

    private List<Expr> all(Expression[] args) throws NotPushable {
        List<Expr> out = new ArrayList<>(args.length);
        for (Expression a : args) {
            out.add(convert(a));
        }
        return out;
    }

    private static String string(Expression e, String function) throws NotPushable {
        if (e instanceof Literal<?> l && l.value() instanceof UTF8String s) {
            return s.toString();
        }
        throw new NotPushable(function + " takes a string literal, not " + e.getClass().getSimpleName());
    }

    /**
     * Whether {@code e}, the source of an EXTRACT, is a timestamp: a timestamp column, cast or
     * literal (what Spark hands a source). Another timestamp source goes without the zone, and
     * the plan then refuses it.
     */
    private boolean timestamp(Expr e) {
        if (e instanceof Expr.Ref r) {
            return layout.column(r.name()).orElseThrow().field().type().kind() == FieldType.Kind.TIMESTAMP;
        }
        return e instanceof Expr.Cast c ? c.type().kind() == ExprType.Kind.TIMESTAMP
                : e instanceof Expr.Literal l && l.type().kind() == ExprType.Kind.TIMESTAMP;
    }

    private static boolean temporal(DataType t) {
        return t.equals(DataTypes.DateType) || t.equals(DataTypes.TimestampType);
    }

    /** A literal of Spark's type as the plan's: Spark's type, not the value's, decides a decimal's digits. */
    private static Expr literal(Literal<?> l) throws NotPushable {
        DataType t = l.dataType();
        ExprType type = type(t, l);
        Object v = l.value();
        if (v == null) {
            return Expr.nullOf(type);
        }
        Object value = switch (type.kind()) {
            case INT -> ((Number) v).longValue();
            case DECIMAL -> ((Decimal) v).toJavaBigDecimal();
            case FLOAT -> ((Number) v).doubleValue();
            case DATE -> LocalDate.ofEpochDay((Integer) v);
            case TIMESTAMP -> Instant.ofEpochSecond(Math.floorDiv((Long) v, 1_000_000L), Math.floorMod((Long) v, 1_000_000L) * 1000L);
            case BOOL -> v;
            case STRING -> v.toString();
        };
        return new Expr.Literal(value, type);
    }

    /** The plan's type for Spark's {@code t}; NotPushable for a type plans do not compute in. */
    private static ExprType type(DataType t, Object in) throws NotPushable {
        if (t instanceof DecimalType d) {
            return ExprType.decimal(d.precision(), d.scale());
        }
        if (t.equals(DataTypes.IntegerType)) {
            return ExprType.INT;
        }
        if (t.equals(DataTypes.LongType)) {
            return ExprType.BIGINT;
        }
        if (t.equals(DataTypes.FloatType)) {
            return ExprType.FLOAT;
        }
        if (t.equals(DataTypes.DoubleType)) {
            return ExprType.DOUBLE;
        }
        if (t.equals(DataTypes.DateType)) {
            return ExprType.DATE;
        }
        if (t.equals(DataTypes.TimestampType)) {
            return ExprType.TIMESTAMP;
        }
        if (t.equals(DataTypes.BooleanType)) {
            return ExprType.BOOL;
        }
        if (t.equals(DataTypes.StringType)) {
            return ExprType.STRING;
        }
        throw new NotPushable(in + " is of type " + t.simpleString() + ", which plans do not compute in");
    }
}
