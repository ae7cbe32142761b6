package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Arithmetic on decimals held as unscaled {@code long}s, and on wide ones (more than 18 digits)
 * held as a signed 128-bit pair of words, {@code high:low}, without allocating; the rare
 * operations beyond that (a product past 128 bits or cut to its type's scale, a quotient, a
 * remainder) take {@link BigDecimal}s, as Spark's own {@code Decimal} does.
 */
final class Decimals {
    /** 10^0 to 10^18. */
    static final long[] POW10 = new long[19];
    /** 10^0 to 10^38 as 128-bit pairs: high words, low words. */
    private static final long[] POW10_HIGH = new long[ExprType.MAX_PRECISION + 1];
    private static final long[] POW10_LOW = new long[ExprType.MAX_PRECISION + 1];
    /** Spark's context of a decimal product ({@code Decimal.*}): 39 digits, the rest cut off. */
    static final MathContext PRODUCT = new MathContext(ExprType.MAX_PRECISION + 1, RoundingMode.DOWN);

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
        for (int i = 0; i < POW10_HIGH.length; i++) {
            BigInteger p = BigInteger.TEN.pow(i);
            POW10_HIGH[i] = p.shiftRight(64).longValue();
            POW10_LOW[i] = p.longValue();
        }
    }

    private Decimals() {
    }

    /** {@code v} at {@code digits} more digits of scale; ArithmeticException when that leaves 64 bits. */
    static long scaleUp(long v, int digits) {
        if (digits == 0) {
            return v;
        }
        if (digits >= POW10.length) {
            if (v == 0) {
                return 0;
            }
            throw new ArithmeticException("beyond 64 bits");
        }
        return Math.multiplyExact(v, POW10[digits]);
    }

    /** {@code v} at {@code digits} fewer digits of scale, rounded half away from zero (Spark's HALF_UP). */
    static long scaleDownHalfUp(long v, int digits) {
        if (digits == 0) {
            return v;
        }
        if (digits >= POW10.length) {
            return 0;
        }
        long p = POW10[digits];
        long q = v / p;
        long r = Math.abs(v % p);
        return r * 2 >= p ? q + Long.signum(v) : q; // r < 10^18, so 2r does not overflow
    }

    /** {@code v} at {@code digits} fewer digits of scale, truncated toward zero (a cast to an integer). */
    static long scaleDownTruncate(long v, int digits) {
        return digits == 0 ? v : digits >= POW10.length ? 0 : v / POW10[digits];
    }

    /** Whether unscaled {@code v} has at most {@code precision} digits (every long does, past 18). */
    static boolean fits(long v, int precision) {
        return precision > 18 || (v > -POW10[precision] && v < POW10[precision]);
    }

    /** Text of unscaled {@code v} at {@code scale}, for error messages. */
    static String text(long v, int scale) {
        return BigDecimal.valueOf(v, scale).toPlainString();
    }

    /** Spark's decimal division: the quotient at 38 digits of scale, half up, then at {@code scale}, half up. */
    static BigDecimal divide(long a, int scaleA, long b, int scaleB, int scale) {
        return BigDecimal.valueOf(a, scaleA).divide(BigDecimal.valueOf(b, scaleB), ExprType.MAX_PRECISION,
                RoundingMode.HALF_UP).setScale(scale, RoundingMode.HALF_UP);
    }

    /** Whether {@code high:low} is a long's value sign-extended: its low word holds it. */
    static boolean isLong(long high, long low) {
        return high == low >> 63;
    }

    /** Whether the 128-bit unscaled {@code high:low} has at most {@code precision} digits. */
    static boolean fits(long high, long low, int precision) {
        if (precision > 18 && high == low >> 63) { // a long: at most 19 digits (the commonest wide value)
            return true;
        }
        if (high < 0) { // the magnitude: -(high:low)
            low = -low;
            high = low == 0 ? -high : ~high;
            if (high < 0) {
                return false; // -2^127 itself
            }
        }
        int c = Long.compareUnsigned(high, POW10_HIGH[precision]);
        return c < 0 || (c == 0 && Long.compareUnsigned(low, POW10_LOW[precision]) < 0);
    }

    /** How signed 128-bit {@code aHigh:aLow} compares with {@code bHigh:bLow}. */
    static int compare(long aHigh, long aLow, long bHigh, long bLow) {
        int c = Long.compare(aHigh, bHigh);
        return c != 0 ? c : Long.compareUnsigned(aLow, bLow);
    }

    /** The carry into the high word of the low words' sum {@code sum = a + b}. */
    static long carry(long sum, long a) {
        return Long.compareUnsigned(sum, a) < 0 ? 1 : 0;
    }

    /** The unscaled {@code high:low} as a BigInteger (a slow path's, or an error's). */
    static BigInteger big(long high, long low) {
        return BigInteger.valueOf(high).shiftLeft(64).add(BigInteger.valueOf(low).and(LOW_64));
    }

    private static final BigInteger LOW_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** Text of 128-bit unscaled {@code high:low} at {@code scale}, for error messages. */
    static String text(long high, long low, int scale) {
        return new BigDecimal(big(high, low), scale).toPlainString();
    }
}
