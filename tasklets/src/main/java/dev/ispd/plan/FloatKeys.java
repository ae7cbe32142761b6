package dev.ispd.plan;

/**
 * Floats as longs that order as Spark orders doubles: -infinity, ..., -0.0 = 0.0, ...,
 * +infinity, then NaN (every NaN equal, above every number). The key of a number is its IEEE 754
 * bits with the magnitude bits flipped when negative, so that signed longs order as the numbers
 * do; -0.0 takes 0.0's key and every NaN {@link #NAN}. An f32 value is widened to a double first
 * (exactly), so f32 fields compare with double literals as Spark compares them after its cast.
 */
public final class FloatKeys {
    /** The key of every NaN: above +infinity's. */
    public static final long NAN = Long.MAX_VALUE;

    private FloatKeys() {
    }

    /** The key of {@code d}. */
    public static long of(double d) {
        if (d != d) {
            return NAN;
        }
        long bits = Double.doubleToRawLongBits(d + 0.0); // -0.0 + 0.0 is 0.0
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The number of a key ({@link #of} or {@link #shown} undone; a NaN comes back as the canonical NaN). */
    public static double toDouble(long key) {
        if (key == NAN) {
            return Double.NaN;
        }
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /** Whether {@code key} is the key of a value a float of {@code width} bytes (4: f32, 8: f64) holds. */
    public static boolean holds(long key, int width) {
        if (key == NAN) {
            return true;
        }
        double d = toDouble(key);
        return d == d && of(d) == key && (width == 8 || (double) (float) d == d);
    }

    /**
     * The key a row shows {@code d} by: {@link #of}'s, but -0.0 keeps a key of its own (-1, just
     * below 0.0's), which {@link #toDouble} turns back into -0.0. Not for comparing: -0.0 = 0.0.
     */
    public static long shown(double d) {
        return d == 0 && Double.doubleToRawLongBits(d) != 0 ? -1 : of(d);
    }

    /** The number in the raw bits of a float field of {@code width} bytes (4: f32, widened exactly). */
    static double number(long raw, int width) {
        return width == 4 ? Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw);
    }
}
