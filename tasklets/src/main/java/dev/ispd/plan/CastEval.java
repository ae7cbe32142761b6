package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;

/**
 * A compiled CAST between numeric types, and between a date and a timestamp in a time zone, with
 * Spark's ANSI rules: a value that does not fit the target is a {@link PlanArithmeticException}
 * ({@code CAST_OVERFLOW} to an integer, {@code NUMERIC_VALUE_OUT_OF_RANGE} to a decimal); a
 * decimal to an integer truncates toward zero, to a decimal of fewer digits of scale rounds half
 * up; a float to a decimal rounds half up the decimal Java prints for it ({@link Double#toString},
 * as Spark's {@code Decimal(double)} takes it; NaN and the infinities are NULL, as in Spark); a
 * date is its first instant in the zone, a timestamp the date the zone's clock shows. A cast from
 * or to a decimal of more than 18 digits ({@link ExprEval#wide}) scales in two words where it can
 * (a long scaled up by up to 18 digits), else in BigDecimal.
 */
final class CastEval extends ExprEval {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    /** Below this a float times a power of ten is within 1e-6 of its decimal's digits, so one rounding is safe. */
    private static final double EXACT_BELOW = 1 << 30;

    final ExprEval operand;
    final ExprType from;
    /** The zone between a date and a timestamp, else null. */
    private final ZoneClock clock;
    /** Whether this casts a float to a decimal, which is NULL for NaN and the infinities (Spark's Decimal(double) reads no digits there). */
    final boolean nullsNonNumbers;
    /** Set by {@link #longOf(double)}: its value was NaN or infinite, so the cast is NULL. */
    boolean nonNumber;

    CastEval(ExprEval operand, ExprType to, ZoneClock clock, String sql) {
        super(to, sql);
        this.operand = operand;
        this.from = operand.type;
        this.clock = clock;
        this.nullsNonNumbers = from.kind() == ExprType.Kind.FLOAT && to.kind() == ExprType.Kind.DECIMAL;
    }

    /** Whether a plan can cast {@code from} to {@code to}. */
    static boolean supported(ExprType from, ExprType to) {
        if (from.equals(to) || betweenDateAndTimestamp(from, to)) {
            return true;
        }
        // a float takes decimals held in one long: wider ones are the engine's
        return from.numeric() && to.numeric() && !(from.kind() == ExprType.Kind.FLOAT
                && to.kind() == ExprType.Kind.DECIMAL && to.precision() > ExprType.LONG_PRECISION);
    }

    /** Whether a cast from {@code from} to {@code to} goes between a date and a timestamp (and needs a time zone). */
    static boolean betweenDateAndTimestamp(ExprType from, ExprType to) {
        return from.kind() == ExprType.Kind.DATE && to.kind() == ExprType.Kind.TIMESTAMP
                || from.kind() == ExprType.Kind.TIMESTAMP && to.kind() == ExprType.Kind.DATE;
    }

    @Override
    long longValue(ByteBuffer buf, int record) {
        if (from.kind() == ExprType.Kind.FLOAT) {
            double d = operand.doubleValue(buf, record);
            isNull = operand.isNull;
            long v = isNull ? 0 : longOf(d);
            isNull |= nonNumber;
            return v;
        }
        long v = operand.longValue(buf, record);
        isNull = operand.isNull;
        if (isNull) {
            high = 0;
            return 0;
        }
        return wide || operand.wide ? wideOf(operand.highOf(v), v) : longOf(v);
    }

    @Override
    double doubleValue(ByteBuffer buf, int record) {
        if (from.kind() == ExprType.Kind.FLOAT) {
            double d = operand.doubleValue(buf, record);
            isNull = operand.isNull;
            return doubleOf(d);
        }
        long v = operand.longValue(buf, record);
        isNull = operand.isNull;
        if (operand.wide && !isNull) {
            return doubleOf(operand.high, v);
        }
        return doubleOf(v);
    }

    /** The cast of a wide decimal {@code hi:lo}, not NULL, to a float (through BigDecimal, as Spark's Decimal). */
    double doubleOf(long hi, long lo) {
        double d = new BigDecimal(Decimals.big(hi, lo), from.scale()).doubleValue();
        return type.bits() == 32 ? (float) d : d;
    }

    /**
     * The cast of {@code high:low}, not NULL, where this node or its operand is wide: the low
     * word, the high one in {@link #high}.
     */
    long wideOf(long hi, long lo) {
        int fromScale = from.kind() == ExprType.Kind.DECIMAL ? from.scale() : 0;
        int up = type.kind() == ExprType.Kind.DECIMAL ? type.scale() - fromScale : -1;
        if (up >= 0 && up < Decimals.POW10.length && Decimals.isLong(hi, lo)) {
            long f = Decimals.POW10[up];
            long h = Math.multiplyHigh(lo, f);
            long l = lo * f;
            if (!Decimals.fits(h, l, type.precision())) {
                throw PlanArithmeticException.outOfRange(Decimals.text(hi, lo, fromScale), type, sql);
            }
            high = h;
            return l;
        }
        BigDecimal v = new BigDecimal(Decimals.big(hi, lo), fromScale);
        if (type.kind() == ExprType.Kind.INT) {
            BigInteger whole = v.toBigInteger(); // toward zero
            if (whole.bitLength() > type.bits() - 1) {
                throw PlanArithmeticException.castOverflow(v.toPlainString(), from, type, sql);
            }
            high = whole.signum() < 0 ? -1 : 0;
            return whole.longValue();
        }
        BigInteger unscaled = v.setScale(type.scale(), RoundingMode.HALF_UP).unscaledValue();
        if (unscaled.abs().compareTo(BigInteger.TEN.pow(type.precision())) >= 0) {
            throw PlanArithmeticException.outOfRange(v.toPlainString(), type, sql);
        }
        high = unscaled.shiftRight(64).longValue();
        return unscaled.longValue();
    }

    /** The cast of a float that is not NULL to a type held as a long (an integer or a decimal; {@link #nonNumber} says NULL). */
    long longOf(double d) {
        return type.kind() == ExprType.Kind.DECIMAL ? floatToDecimal(d) : floatToInteger(d);
    }

    /** The cast of a value held as a long, not NULL, to a type held as a long, neither of them {@link ExprEval#wide}. */
    long longOf(long v) {
        if (from.kind() == ExprType.Kind.DATE) {
            return clock == null ? v * MICROS_PER_DAY : clock.startOfDay(v); // days within +-2^31 never overflow
        }
        if (from.kind() == ExprType.Kind.TIMESTAMP) {
            return Math.floorDiv(clock.localSecond(v), MICROS_PER_DAY / 1_000_000L);
        }
        return type.kind() == ExprType.Kind.INT ? toInteger(v) : toDecimal(v);
    }

    /** The cast of a float to a float. */
    double doubleOf(double d) {
        return type.bits() == 32 ? (float) d : d;
    }

    /** The cast of a value held as a long to a float. */
    double doubleOf(long v) {
        double d = from.kind() == ExprType.Kind.DECIMAL ? decimalToDouble(v, from.scale()) : v;
        return type.bits() == 32 ? (float) d : d;
    }

    /** The nearest double to unscaled {@code v} at {@code scale} (exact division where both are below 2^53). */
    static double decimalToDouble(long v, int scale) {
        return scale < Decimals.POW10.length ? v / (double) Decimals.POW10[scale] : v / Math.pow(10, scale);
    }

    private long toInteger(long v) {
        long whole = from.kind() == ExprType.Kind.DECIMAL ? Decimals.scaleDownTruncate(v, from.scale()) : v;
        if (type.bits() == 32 && whole != (int) whole) {
            throw PlanArithmeticException.castOverflow(from.kind() == ExprType.Kind.DECIMAL
                    ? Decimals.text(v, from.scale()) : Long.toString(v), from, type, sql);
        }
        return whole;
    }

    private long toDecimal(long v) {
        int fromScale = from.kind() == ExprType.Kind.DECIMAL ? from.scale() : 0;
        long r;
        try {
            r = type.scale() >= fromScale ? Decimals.scaleUp(v, type.scale() - fromScale)
                    : Decimals.scaleDownHalfUp(v, fromScale - type.scale());
        } catch (ArithmeticException e) {
            throw PlanArithmeticException.outOfRange(Decimals.text(v, fromScale), type, sql);
        }
        if (!Decimals.fits(r, type.precision())) {
            throw PlanArithmeticException.outOfRange(Decimals.text(v, fromScale), type, sql);
        }
        return r;
    }

    /**
     * Half up at the target's scale, of the digits {@link Double#toString} gives {@code d}: one
     * rounding of {@code d} times a power of ten where that is far from a tie, the digits
     * themselves (allocating) near one, or for large values.
     */
    private long floatToDecimal(double d) {
        nonNumber = Double.isNaN(d) || Double.isInfinite(d);
        if (nonNumber) {
            return 0;
        }
        double x = Math.abs(d) * Decimals.POW10[type.scale()];
        long r;
        double whole = Math.floor(x);
        if (x < EXACT_BELOW && Math.abs(x - whole - 0.5) > 1e-6) {
            r = (long) whole + (x - whole > 0.5 ? 1 : 0);
            r = d < 0 ? -r : r;
        } else {
            java.math.BigDecimal exact = new java.math.BigDecimal(Double.toString(d))
                    .setScale(type.scale(), java.math.RoundingMode.HALF_UP);
            if (exact.precision() > ExprType.LONG_PRECISION) {
                throw PlanArithmeticException.outOfRange(Double.toString(d), type, sql);
            }
            r = exact.unscaledValue().longValueExact();
        }
        if (!Decimals.fits(r, type.precision())) {
            throw PlanArithmeticException.outOfRange(Double.toString(d), type, sql);
        }
        return r;
    }

    private long floatToInteger(double d) {
        // Spark's ANSI test, word for word: NaN fails it; a long's bound is 2^63 as a double, which (long) saturates
        double max = type.bits() == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        double min = type.bits() == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        if (!(Math.floor(d) <= max && Math.ceil(d) >= min)) {
            throw PlanArithmeticException.castOverflow(Double.toString(d), from, type, sql);
        }
        return (long) d;
    }
}
