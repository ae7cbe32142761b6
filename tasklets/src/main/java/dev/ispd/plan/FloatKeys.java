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

    /** The number of a key ({@link #of} undone; -0.0 comes back as 0.0, a NaN as the canonical NaN). */
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

    /** The key of the raw bits of a float field of {@code width} bytes, as {@link Field#read} loads them. */
    static long ofBits(long raw, int width) {
        return of(width == 4 ? Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw));
    }
}
