package dev.ispd.plan;

import java.util.List;

/**
 * IN, or NOT IN ({@code absent}), metered as a binary search of the values (log2(n) comparisons);
 * looked up in a bitmap of the values' span where it is at most {@link #MAX_BITMAP_BITS} (a
 * runtime filter's keys: Q19's 485 part keys), else by that search.
 */
final class InField extends FieldCondition {
    static final long MAX_BITMAP_BITS = 1 << 21;
    /** The distinct values xor {@link #flip}, ascending as signed longs. */
    private final long[] sorted;
    private final boolean absent;
    /** The sign bit for unsigned 8-byte fields (their order as signed longs), else 0. */
    private final long flip;
    /** Bit {@code v - least} set for each value {@code v} (xor {@link #flip}), or null: search {@link #sorted}. */
    private final long[] bitmap;
    private final long least;
    private final long span;

    private InField(Field field, long[] sorted, long flip, boolean absent) {
        super(field, 64 - Long.numberOfLeadingZeros(sorted.length));
        this.sorted = sorted;
        this.absent = absent;
        this.flip = flip;
        this.least = sorted[0];
        long bits = sorted[sorted.length - 1] - least + 1; // wraps past 2^63: then not a bitmap
        this.span = bits > 0 && bits <= MAX_BITMAP_BITS ? bits : 0;
        this.bitmap = span > 0 ? new long[(int) ((span + 63) >>> 6)] : null;
        if (bitmap != null) {
            for (long v : sorted) {
                long d = v - least;
                bitmap[(int) (d >>> 6)] |= 1L << d;
            }
        }
    }

    /** The distinct values in the field's order (unsigned 8-byte values sort with the sign bit flipped). */
    static InField of(Field field, List<Long> values, boolean absent) {
        long flip = field.unsigned64() ? Long.MIN_VALUE : 0;
        long[] v = values.stream().mapToLong(x -> x ^ flip).distinct().sorted().toArray();
        return new InField(field, v, flip, absent);
    }

    @Override
    boolean holds(long v) {
        return found(v) != absent;
    }

    /**
     * The base loop with {@link #found} called directly: the base's call of {@link #holds} is one
     * call site for every kind of leaf, which the JIT cannot inline, and an IN is the leaf a
     * runtime filter adds to scans of millions of rows.
     */
    @Override
    int keep(long[] values, int[] rows, int m, int[] out) {
        int k = 0;
        for (int i = 0; i < m; i++) {
            int r = rows[i];
            if (found(values[r]) != absent) {
                out[k++] = r;
            }
        }
        return k;
    }

    private boolean found(long value) {
        long v = value ^ flip;
        if (bitmap != null) {
            long d = v - least;
            return Long.compareUnsigned(d, span) < 0 && (bitmap[(int) (d >>> 6)] & 1L << d) != 0;
        }
        int lo = 0;
        int hi = sorted.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long s = sorted[mid];
            if (s == v) {
                return true;
            }
            if (s < v) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return false;
    }
}
