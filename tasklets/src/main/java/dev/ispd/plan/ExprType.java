package dev.ispd.plan;

import java.io.Serializable;

/**
 * The type of an {@link Expr}'s values, as Spark SQL types them: {@code int} and {@code bigint}
 * (an integer field is an {@code int} where every value fits one, as the Spark connector reads
 * it), {@code float} and {@code double}, {@code decimal(p,s)}, {@code date}, {@code timestamp},
 * {@code boolean} and {@code string}. The derivation rules are Spark 4's
 * ({@code DecimalPrecision}, {@code TypeCoercion}) with its defaults: ANSI mode,
 * precision loss allowed, an integer literal next to a decimal taking its fewest digits.
 *
 * @param bits 32 or 64 for integers and floats, 0 otherwise
 */
public record ExprType(Kind kind, int bits, int precision, int scale) implements Serializable {
    /** The kinds of value. */
    public enum Kind { INT, FLOAT, DECIMAL, DATE, TIMESTAMP, BOOL, STRING }

    /** Most digits of a decimal. */
    public static final int MAX_PRECISION = 38;
    /** Most digits of a decimal whose unscaled value is one {@code long} (a wider type takes two result words). */
    public static final int LONG_PRECISION = 18;

    public static final ExprType INT = new ExprType(Kind.INT, 32, 0, 0);
    public static final ExprType BIGINT = new ExprType(Kind.INT, 64, 0, 0);
    public static final ExprType FLOAT = new ExprType(Kind.FLOAT, 32, 0, 0);
    public static final ExprType DOUBLE = new ExprType(Kind.FLOAT, 64, 0, 0);
    public static final ExprType DATE = new ExprType(Kind.DATE, 0, 0, 0);
    public static final ExprType TIMESTAMP = new ExprType(Kind.TIMESTAMP, 0, 0, 0);
    public static final ExprType BOOL = new ExprType(Kind.BOOL, 0, 0, 0);
    public static final ExprType STRING = new ExprType(Kind.STRING, 0, 0, 0);

    public ExprType {
        if (kind == Kind.DECIMAL && (precision < 1 || precision > MAX_PRECISION || scale < 0 || scale > precision)) {
            throw new PlanException("expression", "decimal(" + precision + "," + scale + ") is no decimal type: "
                    + "precision 1-" + MAX_PRECISION + ", scale 0-precision");
        }
    }

    public static ExprType decimal(int precision, int scale) {
        return new ExprType(Kind.DECIMAL, 0, precision, scale);
    }

    /** The type Spark reads {@code f} as; a {@link PlanException} for a field expressions do not take. */
    public static ExprType of(Field f) {
        return switch (f.type().kind()) {
            case INTEGER -> {
                if (f.unsigned64()) {
                    throw new PlanException("expression", "field " + f.name() + " (u64) holds values beyond a bigint: "
                            + "expressions take integers of up to 63 bits");
                }
                yield (f.signed() ? f.valueBits() <= 32 : f.valueBits() <= 31) ? INT : BIGINT;
            }
            case FLOAT -> f.width() == 4 ? FLOAT : DOUBLE;
            case DECIMAL -> {
                if (!f.integral() && f.width() != Field.WIDE_DECIMAL_BYTES) {
                    throw new PlanException("expression", "field " + f.name() + " (" + f.typeText() + ") is a "
                            + f.width() + "-byte decimal: expressions take decimals of 4, 8 or 16 bytes");
                }
                yield decimal(f.type().precision(), f.type().scale());
            }
            case DATE -> DATE;
            case TIMESTAMP -> TIMESTAMP;
            case BOOL -> BOOL;
            case CHAR -> STRING;
        };
    }

    public boolean numeric() {
        return kind == Kind.INT || kind == Kind.FLOAT || kind == Kind.DECIMAL;
    }

    /** Whether values are held as one {@code long} while evaluated: all but floats, bools and strings. */
    public boolean heldAsLong() {
        return kind == Kind.INT || kind == Kind.DECIMAL || kind == Kind.DATE || kind == Kind.TIMESTAMP;
    }

    /** 64-bit words a value takes in a result row: 2 for a decimal of more than 18 digits, else 1. */
    public int words() {
        return kind == Kind.DECIMAL && precision > LONG_PRECISION ? 2 : 1;
    }

    /** The decimal an integer type widens to next to a decimal: {@code decimal(10,0)} or {@code decimal(20,0)}. */
    ExprType asDecimal() {
        return switch (kind) {
            case DECIMAL -> this;
            case INT -> bits == 32 ? decimal(10, 0) : decimal(20, 0);
            default -> throw new IllegalStateException(this + " has no decimal form");
        };
    }

    /**
     * The type both of {@code a} and {@code b} are compared or combined in (Spark's wider type):
     * the wider integer or float, a decimal wide enough for both, a float against a decimal a
     * double, a date against a timestamp a timestamp; null if they have none.
     */
    static ExprType wider(ExprType a, ExprType b) {
        if (a.equals(b)) {
            return a;
        }
        if (a.numeric() && b.numeric()) {
            if (a.kind == Kind.FLOAT || b.kind == Kind.FLOAT) {
                boolean single = (a.kind != Kind.FLOAT || a.bits == 32) && (b.kind != Kind.FLOAT || b.bits == 32)
                        && a.kind != Kind.DECIMAL && b.kind != Kind.DECIMAL;
                return single ? FLOAT : DOUBLE;
            }
            if (a.kind == Kind.INT && b.kind == Kind.INT) {
                return a.bits >= b.bits ? a : b;
            }
            ExprType x = a.asDecimal();
            ExprType y = b.asDecimal();
            int scale = Math.max(x.scale, y.scale);
            int range = Math.max(x.precision - x.scale, y.precision - y.scale);
            return decimal(Math.min(MAX_PRECISION, range + scale), scale); // DecimalType.bounded
        }
        if ((a.kind == Kind.DATE && b.kind == Kind.TIMESTAMP) || (a.kind == Kind.TIMESTAMP && b.kind == Kind.DATE)) {
            return TIMESTAMP;
        }
        return null;
    }

    /**
     * Spark's adjustment of a derived decimal type whose precision passes 38: keeps the integral
     * digits and cuts the scale, to no fewer than 6 digits (or the scale itself, if smaller).
     */
    static ExprType adjusted(int precision, int scale) {
        if (precision <= MAX_PRECISION) {
            return decimal(precision, scale);
        }
        int integral = precision - scale;
        int minScale = Math.min(scale, 6);
        return decimal(MAX_PRECISION, Math.max(MAX_PRECISION - integral, minScale));
    }

    /** SQL text: {@code int}, {@code decimal(12,2)}. */
    @Override
    public String toString() {
        return switch (kind) {
            case INT -> bits == 32 ? "int" : "bigint";
            case FLOAT -> bits == 32 ? "float" : "double";
            case DECIMAL -> "decimal(" + precision + "," + scale + ")";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case BOOL -> "boolean";
            case STRING -> "string";
        };
    }
}
