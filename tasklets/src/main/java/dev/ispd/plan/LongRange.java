package dev.ispd.plan;

/**
 * The values a comparison or BETWEEN of an integer field passes, as a range of signed longs: a
 * value passes where, {@code flip} xor-ed into it (the sign bit for an unsigned 8-byte field,
 * else 0), it lies in {@code [lo, hi]} ({@code inside}) or outside it. No value passes a range
 * whose {@code lo} is above its {@code hi} and {@code inside}.
 */
record LongRange(long flip, long lo, long hi, boolean inside) {
    /** The range no value passes. */
    static LongRange none() {
        return new LongRange(0, Long.MAX_VALUE, Long.MIN_VALUE, true);
    }

    /** Whether {@code v}, a value that is not NULL, passes: no branch on the value. */
    boolean passes(long v) {
        long x = v ^ flip;
        return (x >= lo & x <= hi) == inside;
    }

    /**
     * Of rows {@code rows[0, m)}, whose values {@code values} holds by row, those that pass to
     * {@code out} in order ({@code out} may be {@code rows}); how many. One loop without a call:
     * the batch form of comparisons and BETWEEN.
     */
    int keep(long[] values, int[] rows, int m, int[] out) {
        int k = 0;
        for (int i = 0; i < m; i++) { // no branch on the value: a row is written, and kept by its count
            int r = rows[i];
            out[k] = r;
            k += passes(values[r]) ? 1 : 0;
        }
        return k;
    }
}
