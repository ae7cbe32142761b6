package dev.ispd.plan;

/**
 * A WHERE leaf's test of a field's integer value that is not NULL ({@link Field#readInteger}'s), in
 * a form a batch applies as it loads each value ({@link ColumnBatch#decodeKeeping}): a comparison's
 * or BETWEEN's range ({@link LongRange}), an IN's values.
 */
interface ValueTest {
    /** Whether {@code v} passes. */
    boolean passes(long v);

    /**
     * Of rows {@code rows[0, m)}, whose values {@code values} holds by row, those that pass to
     * {@code out} in order ({@code out} may be {@code rows}); how many.
     */
    default int keep(long[] values, int[] rows, int m, int[] out) {
        int k = 0;
        for (int i = 0; i < m; i++) { // no branch on the value: a row is written, and kept by its count
            int r = rows[i];
            out[k] = r;
            k += passes(values[r]) ? 1 : 0;
        }
        return k;
    }
}
