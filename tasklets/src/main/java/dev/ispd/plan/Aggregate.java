package dev.ispd.plan;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * One aggregate of a GROUP BY plan: COUNT(*) (no field), or COUNT, SUM, MIN, MAX of a field or
 * of an expression ({@code argument}), or AVG of an expression (of a field: of its expression).
 * Over a field, SUM adds integers and wraps around in 64 bits, and a MIN or MAX of only NULLs is
 * the field's null value: one result word each. Over an expression, an aggregate takes Spark's
 * result type ({@link #resultType}): SUM of integers a bigint (overflow an error), of a
 * {@code decimal(p,s)} a {@code decimal(min(38,p+10),s)} summed exactly in 128 bits (past its
 * digits, overflowed: {@link #overflowed}), of floats a
 * double; and its result words are the value's words then the count of values it took
 * ({@link #words}), so that a SUM, MIN or MAX of no values reads as NULL and partial results
 * merge. AVG returns the partial sum ({@link #partialType}: a double, or a
 * {@code decimal(min(38,p+10),s)}) and the count; {@link #value} divides them as Spark does.
 * Serializable, so an engine ships it to its executors.
 *
 * @param field the field aggregated, or null (COUNT(*), or an expression)
 * @param argument the expression aggregated, or null (COUNT(*), or a field)
 */
public record Aggregate(Function function, String field, Expr argument) implements Serializable {
    /** The aggregate functions; COUNT counts non-null values. */
    public enum Function { COUNT_STAR, COUNT, SUM, MIN, MAX, AVG }

    public Aggregate {
        if (function == null || (function == Function.COUNT_STAR) != (field == null && argument == null)
                || (field != null && argument != null)) {
            throw new PlanException("aggregate", "COUNT(*) takes no field and the other aggregates one field or "
                    + "expression, got " + function + "(" + (field != null ? field : argument) + ")");
        }
    }

    /** An aggregate of a field (null for COUNT(*)). */
    public Aggregate(Function function, String field) {
        this(function, field, null);
    }

    public static Aggregate countStar() {
        return new Aggregate(Function.COUNT_STAR, null);
    }

    public static Aggregate count(String field) {
        return new Aggregate(Function.COUNT, field);
    }

    public static Aggregate sum(String field) {
        return new Aggregate(Function.SUM, field);
    }

    public static Aggregate min(String field) {
        return new Aggregate(Function.MIN, field);
    }

    public static Aggregate max(String field) {
        return new Aggregate(Function.MAX, field);
    }

    /** {@code function(argument)} over an expression; not COUNT_STAR. */
    public static Aggregate of(Function function, Expr argument) {
        return new Aggregate(function, null, argument);
    }

    public static Aggregate count(Expr argument) {
        return of(Function.COUNT, argument);
    }

    public static Aggregate sum(Expr argument) {
        return of(Function.SUM, argument);
    }

    public static Aggregate min(Expr argument) {
        return of(Function.MIN, argument);
    }

    public static Aggregate max(Expr argument) {
        return of(Function.MAX, argument);
    }

    /** {@code AVG(argument)}: Spark's average (a double, or {@code decimal(p+4,s+4)} of a {@code decimal(p,s)}). */
    public static Aggregate avg(Expr argument) {
        return of(Function.AVG, argument);
    }

    /** {@code AVG(field)}, as the AVG of the field's expression. */
    public static Aggregate avg(String field) {
        return avg(Expr.field(field));
    }

    /**
     * The type of this aggregate's value over {@code layout}, as Spark types it: COUNT a bigint;
     * SUM of integers a bigint, of decimals {@code decimal(min(38,p+10),s)}, of floats a double;
     * AVG of a {@code decimal(p,s)} a {@code decimal(min(38,p+4),min(38,s+4))}, of other numbers a
     * double; MIN and MAX their argument's type. Only for an aggregate of an expression.
     */
    public ExprType resultType(Layout layout) {
        ExprType t = ExprCompiler.compile(argument, layout).type;
        return switch (function) {
            case COUNT_STAR, COUNT -> ExprType.BIGINT;
            case SUM -> switch (t.kind()) {
                case INT -> ExprType.BIGINT;
                case DECIMAL -> sumOfDecimals(t);
                case FLOAT -> ExprType.DOUBLE;
                default -> throw notNumbers(t);
            };
            case AVG -> switch (t.kind()) {
                case INT, FLOAT -> ExprType.DOUBLE;
                case DECIMAL -> ExprType.decimal(Math.min(ExprType.MAX_PRECISION, t.precision() + 4),
                        Math.min(ExprType.MAX_PRECISION, t.scale() + 4));
                default -> throw notNumbers(t);
            };
            case MIN, MAX -> {
                if (t.kind() == ExprType.Kind.STRING) {
                    throw new PlanException("aggregate", function + "(" + Expr.sql(argument) + ") of a string is left "
                            + "to the engine: a plan's MIN and MAX take numbers, dates, timestamps and booleans");
                }
                yield t;
            }
        };
    }

    /**
     * The type of the value words this aggregate's partial results carry: its {@link #resultType},
     * but for AVG the sum Spark keeps beside the count (a double, or {@code decimal(min(38,p+10),s)}).
     */
    public ExprType partialType(Layout layout) {
        if (function != Function.AVG) {
            return resultType(layout);
        }
        ExprType t = ExprCompiler.compile(argument, layout).type;
        return t.kind() == ExprType.Kind.DECIMAL ? sumOfDecimals(t) : ExprType.DOUBLE;
    }

    private static ExprType sumOfDecimals(ExprType t) {
        return ExprType.decimal(Math.min(ExprType.MAX_PRECISION, t.precision() + 10), t.scale());
    }

    private PlanException notNumbers(ExprType t) {
        return new PlanException("aggregate", function + "(" + Expr.sql(argument) + ") takes a " + t + ": "
                + function + " takes numbers");
    }

    /**
     * The 64-bit words this aggregate takes in a result row: 1 over a field or for a count; over
     * an expression, its partial value's words ({@link #partialType}, {@link ExprType#words}) and
     * then the count of values.
     */
    public int words(Layout layout) {
        if (argument == null || function == Function.COUNT) {
            return 1;
        }
        return partialType(layout).words() + 1;
    }

    /**
     * This aggregate as a plan over {@code layout} runs it: a SUM of a nullable field becomes the
     * SUM of the field's expression, whose count word answers NULL for a group of only NULLs (a
     * plain field's sum cannot tell that from 0); an AVG of a field, the AVG of its expression.
     */
    public Aggregate over(Layout layout) {
        if (field != null && (function == Function.AVG
                || function == Function.SUM && layout.field(field, "aggregate").nullable())) {
            return of(function, Expr.field(field));
        }
        return this;
    }

    /**
     * The value of this aggregate of an expression in a result row whose words for it start at
     * {@code at} (merged over every split, for AVG): a Long (a count, an int or bigint), a
     * BigDecimal at the type's scale, a Double, a LocalDate, a Long of microseconds for a
     * timestamp, a Boolean; null where the aggregate took no value (SQL's NULL).
     */
    public Object value(long[] row, int at, Layout layout) {
        if (function == Function.COUNT) {
            return row[at];
        }
        ExprType partial = partialType(layout);
        long count = row[at + partial.words()];
        if (count == 0) {
            return null;
        }
        if (overflowed(row, at, partial)) {
            throw new PlanArithmeticException("ARITHMETIC_OVERFLOW", "overflow in sum of decimals: " + this
                    + " passed " + partial, Map.of("message", "Overflow in sum of decimals", "alternative",
                            " Use 'try_sum' to tolerate overflow and return NULL instead."));
        }
        Object v = ColumnValues.value(row, at, partial);
        if (function != Function.AVG) {
            return v;
        }
        ExprType result = resultType(layout);
        if (result.kind() == ExprType.Kind.FLOAT) {
            return (Double) v / count;
        }
        return decimalAverage((BigDecimal) v, count, result);
    }

    /**
     * Whether this aggregate's decimal sum in a result row (words from {@code at}) passed its
     * type's digits: Spark's overflow of SUM and AVG, which {@link #value} raises as ANSI does
     * ({@code ARITHMETIC_OVERFLOW}) and an engine answers as NULL under {@code try_sum},
     * {@code try_avg} or with ANSI off.
     */
    public boolean overflowed(long[] row, int at, Layout layout) {
        return argument != null && overflowed(row, at, partialType(layout));
    }

    /** {@link #overflowed(long[], int, Layout)} of this aggregate of an expression, its {@link #partialType} given. */
    public boolean overflowed(long[] row, int at, ExprType partial) {
        return (function == Function.SUM || function == Function.AVG) && row[at + partial.words()] != 0
                && ExprAggregate.overflowed(row, at, partial);
    }

    /**
     * Spark 4.2's decimal average ({@code DecimalDivideWithOverflowCheck}) of {@code count} (more
     * than 0) values summing to {@code sum}, as a value of {@code result}: the sum divided by the
     * count to 39 digits after the point, half up, then to the result's scale, half up, with no
     * decimal division type between (whose scale, cut past 38 digits, may be below the
     * result's); past the result's precision, Spark's ANSI error.
     */
    public static BigDecimal decimalAverage(BigDecimal sum, long count, ExprType result) {
        BigDecimal avg = sum.divide(BigDecimal.valueOf(count), ExprType.MAX_PRECISION + 1, RoundingMode.HALF_UP)
                .setScale(result.scale(), RoundingMode.HALF_UP);
        if (avg.precision() - avg.scale() > result.precision() - result.scale()) {
            throw new PlanArithmeticException("NUMERIC_VALUE_OUT_OF_RANGE", "the average " + avg.toPlainString()
                    + " does not fit " + result, Map.of("value", avg.toPlainString(),
                            "precision", Integer.toString(result.precision()), "scale", Integer.toString(result.scale())));
        }
        return avg;
    }

    /** SQL text: {@code COUNT(*)}, {@code SUM(size)}, {@code SUM((price * (1 - disc)))}. */
    @Override
    public String toString() {
        return function == Function.COUNT_STAR ? "COUNT(*)"
                : function + "(" + (field != null ? field : Expr.sql(argument)) + ")";
    }
}
