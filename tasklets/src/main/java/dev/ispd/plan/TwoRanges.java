package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * Two ranges of one integer field one after the other in an AND (Q6's {@code l_shipdate >= ...
 * AND l_shipdate < ...}): judged in one loop over the field's values, where the AND made a
 * second over the rows the first left. Counted as the two leaves are: the second's field load
 * and comparisons for each row the first passed.
 */
final class TwoRanges extends FieldCondition {
    private final FieldCondition first;
    private final FieldCondition second;
    private final long flip;
    private final long lo1;
    private final long hi1;
    private final long lo2;
    private final long hi2;

    private TwoRanges(FieldCondition first, FieldCondition second, long[] firstBounds, long[] secondBounds) {
        super(first.field, first.comparesPerTest);
        this.first = first;
        this.second = second;
        this.flip = first.flip();
        this.lo1 = firstBounds[0];
        this.hi1 = firstBounds[1];
        this.lo2 = secondBounds[0];
        this.hi2 = secondBounds[1];
    }

    /** {@code a} and {@code b} in one, where both are ranges of the same integer field; else null. */
    static TwoRanges of(Condition a, Condition b) {
        if (!(a instanceof FieldCondition x && b instanceof FieldCondition y && x.field == y.field && x.integer())) {
            return null;
        }
        long[] first = x.bounds();
        long[] second = y.bounds();
        return first != null && second != null ? new TwoRanges(x, y, first, second) : null;
    }

    /** A record at a time, as the AND of the two leaves, each counting its own work. */
    @Override
    boolean test(ByteBuffer buf, int record, Work work) {
        return first.test(buf, record, work) && second.test(buf, record, work);
    }

    @Override
    boolean holds(long v) {
        return first.holds(v) && second.holds(v);
    }

    @Override
    int keep(long[] values, int[] rows, int m, int[] out) {
        throw new IllegalStateException("two ranges count the second's work as they keep rows");
    }

    @Override
    int keep(long[] values, int[] rows, int m, int[] out, Work work) {
        int k = 0;
        int passedFirst = 0;
        for (int i = 0; i < m; i++) { // no branch on the value, as in keepRange
            int r = rows[i];
            long v = values[r] ^ flip;
            boolean inFirst = v >= lo1 & v <= hi1;
            out[k] = r;
            passedFirst += inFirst ? 1 : 0;
            k += inFirst & v >= lo2 & v <= hi2 ? 1 : 0;
        }
        work.fieldReads += passedFirst;
        work.compares += (long) second.comparesPerTest * passedFirst;
        return k;
    }
}
