package dev.ispd.profile;

import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact integer arithmetic in the model's units: nanoseconds, bytes, bytes per second, hertz,
 * nanowatts, nanojoules. Products such as bytes x 1e9 overflow a long for a few GB, so every
 * scaling goes through {@link #mulDiv}, which falls back to 128-bit arithmetic when needed.
 * No floating point: the same inputs give the same figures on any machine.
 */
public final class Units {
    public static final long NS_PER_SECOND = 1_000_000_000L;

    private Units() {
    }

    /** {@code a * b / c}, rounded as asked; a and b non-negative, c positive, the result must fit a long. */
    public static long mulDiv(long a, long b, long c, RoundingMode rounding) {
        if (a < 0 || b < 0 || c <= 0) {
            throw new IllegalArgumentException("mulDiv needs a, b >= 0 and c > 0, got " + a + ", " + b + ", " + c);
        }
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            long q = lo / c;
            long r = lo % c;
            return rounding == RoundingMode.CEILING && r != 0 ? q + 1 : q;
        }
        BigInteger[] qr = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).divideAndRemainder(BigInteger.valueOf(c));
        BigInteger q = rounding == RoundingMode.CEILING && qr[1].signum() != 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        return q.longValueExact();
    }

    /** Time to move {@code bytes} at {@code bytesPerSecond}, rounded up to whole ns. */
    public static long transferNs(long bytes, long bytesPerSecond) {
        return mulDiv(bytes, NS_PER_SECOND, bytesPerSecond, RoundingMode.CEILING);
    }

    /** Time to run {@code cycles} at {@code clockHz}, rounded up to whole ns. */
    public static long cyclesNs(long cycles, long clockHz) {
        return mulDiv(cycles, NS_PER_SECOND, clockHz, RoundingMode.CEILING);
    }

    /** Energy drawn at {@code nanowatts} for {@code ns}, in nanojoules, rounded down. */
    public static long energyNj(long nanowatts, long ns) {
        return mulDiv(nanowatts, ns, NS_PER_SECOND, RoundingMode.FLOOR);
    }
}
