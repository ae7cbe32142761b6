package dev.ispd.plan;

/**
 * The values a comparison or BETWEEN of an integer field passes, as a range of signed longs: a
 * value passes where, {@code flip} xor-ed into it (the sign bit for an unsigned 8-byte field,
 * else 0), it lies in {@code [lo, hi]} ({@code inside}) or outside it. No value passes a range
 * whose {@code lo} is above its {@code hi} and {@code inside}. Its rows are kept in one loop
 * without a branch on the value ({@link ValueTest#keep}): the batch form of comparisons and BETWEEN.
 */
record LongRange(long flip, long lo, long hi, boolean inside) implements ValueTest {
    /** The range no value passes. */
    static LongRange none() {
        return new LongRange(0, Long.MAX_VALUE, Long.MIN_VALUE, true);
    }

    /** Whether {@code v} passes: no branch on the value. */
    @Override
    public boolean passes(long v) {
        long x = v ^ flip;
        return (x >= lo & x <= hi) == inside;
    }
}
