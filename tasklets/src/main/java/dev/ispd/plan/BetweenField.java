package dev.ispd.plan;

/** BETWEEN, or NOT BETWEEN ({@code outside}): both ends included in the range. */
final class BetweenField extends FieldCondition {
    private final long lo;
    private final long hi;
    private final boolean outside;

    BetweenField(Field field, long lo, long hi, boolean outside) {
        super(field, 2);
        this.lo = lo;
        this.hi = hi;
        this.outside = outside;
    }

    @Override
    boolean holds(long v) {
        return (field.compare(v, lo) >= 0 && field.compare(v, hi) <= 0) != outside;
    }

    @Override
    int keep(long[] values, int[] rows, int m, int[] out) {
        long flip = flip();
        return keepRange(values, rows, m, out, flip, lo ^ flip, hi ^ flip, !outside);
    }

    @Override
    long[] bounds() {
        return outside ? null : new long[] {lo ^ flip(), hi ^ flip()};
    }
}
