package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Arithmetic on decimals held as unscaled {@code long}s, without allocating. */
final class Decimals {
    /** 10^0 to 10^18. */
    static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
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
}
