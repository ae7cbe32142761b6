package dev.ispd.spark.pushdown;

import dev.ispd.plan.Field;
import java.math.BigInteger;

/**
 * What a SUM of a column can reach over a number of records, bounded by the column's type: the
 * largest magnitude of one value (as Spark reads it: an unsigned 8-byte field's values are signed
 * {@code bigint}s) times the records. It decides how a SUM is pushed: within 64 bits no SUM can
 * overflow, so the drives' 64-bit sums are exact and Spark's answer does not depend on its
 * overflow rules; within 2^53 a double holds every partial sum exactly, so AVG as Spark rewrites
 * it (the long SUM cast to double, over COUNT) equals Spark's own average in double.
 */
final class SumRange {
    /** Largest magnitude a double holds every integer up to. */
    static final BigInteger EXACT_IN_DOUBLE = BigInteger.ONE.shiftLeft(53);
    static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private SumRange() {
    }

    /** Whether the sum of {@code records} values of {@code f} cannot exceed {@code bound} in magnitude. */
    static boolean within(Field f, long records, BigInteger bound) {
        return largest(f).multiply(BigInteger.valueOf(records)).compareTo(bound) <= 0;
    }

    /** The largest magnitude of one value of {@code f} as Spark reads it. */
    private static BigInteger largest(Field f) {
        if (f.valueBits() == 64) {
            return BigInteger.ONE.shiftLeft(63); // Long.MIN_VALUE's magnitude: Spark's bigint
        }
        return BigInteger.valueOf(f.max()).max(BigInteger.valueOf(f.min()).abs());
    }
}
