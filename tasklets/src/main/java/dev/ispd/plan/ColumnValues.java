package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

/**
 * How a plan returns the values of its output columns, a row plan's selected ones and an
 * aggregate plan's GROUP BY ones (docs/protocol.md, "Plans"). A column that is a field a plan
 * returns as one i64 (an integer, a decimal of up to 8 bytes, a date, a timestamp, a bool or a
 * float, NULL by a null value at most) is a <em>field column</em>: one word, the field's value
 * as a plan reads it. Any other column (an expression, a {@code char(N)} field, a field with a
 * null bit) is a <em>computed column</em> of Spark's type for it ({@link ExprType}): a string as
 * a word holding its length in bytes (-1: NULL) and then its bytes, 8 to a word from the least
 * significant byte, zero-filled to the longest string the column can hold; any other value as
 * its value's words (as an aggregate's: {@link ExprType#words}, 0 when NULL) and then a word
 * that is 1, or 0 for NULL. As a GROUP BY key, a float's -0.0 is 0.0 and every NaN one NaN, so
 * they group as Spark groups them.
 */
public final class ColumnValues {
    private ColumnValues() {
    }

    /** Whether {@code column} is a field column of {@code layout}: one word, the field's value. */
    public static boolean fieldColumn(Expr column, Layout layout) {
        return column instanceof Expr.Ref r && Plan.returnsAsWord(layout.field(r.name(), "expression"));
    }

    /** The type of computed {@code column} over {@code layout}; a {@link PlanException} of {@code part} if a plan cannot return it. */
    public static ExprType type(Expr column, Layout layout, String part) {
        try {
            ExprType t = ExprCompiler.compile(column, layout).type;
            if (t.kind() == ExprType.Kind.STRING) {
                maxBytes(column, layout);
            }
            return t;
        } catch (PlanException e) {
            throw new PlanException(part, part + " " + Expr.sql(column) + ": " + e.getMessage());
        }
    }

    /** The 64-bit words {@code column} takes in a result row. */
    public static int words(Expr column, Layout layout) {
        if (fieldColumn(column, layout)) {
            return 1;
        }
        ExprType t = type(column, layout, "expression");
        return t.kind() == ExprType.Kind.STRING ? 1 + (maxBytes(column, layout) + 7) / Long.BYTES : t.words() + 1;
    }

    /**
     * The value of computed {@code column} in a result row whose words for it start at {@code at}:
     * a String, a Long (an int or bigint, a timestamp's microseconds), a BigDecimal at the type's
     * scale, a Double, a LocalDate, a Boolean; null for SQL's NULL.
     */
    public static Object value(long[] row, int at, Expr column, Layout layout) {
        ExprType t = type(column, layout, "expression");
        if (t.kind() == ExprType.Kind.STRING) {
            int length = (int) row[at];
            if (length < 0) {
                return null;
            }
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) (row[at + 1 + i / Long.BYTES] >>> (8 * (i % Long.BYTES)));
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
        return row[at + t.words()] == 0 ? null : value(row, at, t);
    }

    /** The value of type {@code t} held in its {@link ExprType#words} from {@code at}. */
    public static Object value(long[] row, int at, ExprType t) {
        long v = row[at];
        return switch (t.kind()) {
            case DECIMAL -> new BigDecimal(t.words() == 2 ? BigInteger.valueOf(row[at + 1]).shiftLeft(64)
                    .or(BigInteger.valueOf(v).and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)))
                    : BigInteger.valueOf(v), t.scale());
            case FLOAT -> Double.longBitsToDouble(v);
            case DATE -> LocalDate.ofEpochDay(v);
            case BOOL -> v != 0;
            default -> v;
        };
    }

    /** The most bytes a string column can hold: a {@code char(N)} field's N, a literal's length, a CASE's or COALESCE's longest value. */
    static int maxBytes(Expr column, Layout layout) {
        if (column instanceof Expr.Case c) {
            int most = c.otherwise() == null ? 0 : maxBytes(c.otherwise(), layout);
            for (Expr.When w : c.whens()) {
                most = Math.max(most, maxBytes(w.value(), layout));
            }
            return most;
        }
        if (column instanceof Expr.Coalesce c) {
            return c.operands().stream().mapToInt(o -> maxBytes(o, layout)).max().orElse(0);
        }
        if (column instanceof Expr.Ref r) {
            return layout.field(r.name(), "expression").width();
        }
        if (column instanceof Expr.Literal l) {
            return l.value() == null ? 0 : ((String) l.value()).getBytes(StandardCharsets.UTF_8).length;
        }
        throw ExprCompiler.refused(column, "is a string a plan cannot bound: a string column is a field, a literal, "
                + "or a CASE or COALESCE of them");
    }
}
