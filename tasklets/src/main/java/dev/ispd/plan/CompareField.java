package dev.ispd.plan;

/** A number compared with a literal (=, <>, <, <=, >, >=); NULL fails it. */
final class CompareField extends FieldCondition {
    private final CompareOp op;
    private final long literal;

    /** The values that pass as a range of flipped values ({@link #keepRange}): = and <> the literal's, the others a side of it. */
    private final long flip;
    private final long lo;
    private final long hi;
    /** Whether no value passes: < the least long, > the greatest. */
    private final boolean none;

    CompareField(Field field, CompareOp op, long literal) {
        super(field, 1);
        this.op = op;
        this.literal = literal;
        this.flip = flip();
        long at = literal ^ flip;
        this.none = op == CompareOp.GT && at == Long.MAX_VALUE || op == CompareOp.LT && at == Long.MIN_VALUE;
        this.lo = switch (op) {
            case EQ, NE, GE -> at;
            case GT -> at + 1;
            case LT, LE -> Long.MIN_VALUE;
        };
        this.hi = switch (op) {
            case EQ, NE, LE -> at;
            case LT -> at - 1;
            case GT, GE -> Long.MAX_VALUE;
        };
    }

    @Override
    boolean holds(long v) {
        return op.holds(field.compare(v, literal));
    }

    @Override
    int keep(long[] values, int[] rows, int m, int[] out) {
        return none ? 0 : keepRange(values, rows, m, out, flip, lo, hi, op != CompareOp.NE);
    }

    @Override
    long[] bounds() {
        return none || op == CompareOp.NE ? null : new long[] {lo, hi};
    }
}
