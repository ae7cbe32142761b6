package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * A {@link Predicate} bound to a layout: every field resolved and every literal checked, ready to
 * test records without allocating. Each test adds the field loads and comparisons it made to
 * {@link Work}, so AND and OR that stop early meter only what they evaluated.
 */
abstract class Condition {
    abstract boolean test(ByteBuffer buf, int record, Work work);

    /** Binds {@code p} to {@code layout}; a {@link PlanException} names the field or literal that does not fit. */
    static Condition bind(Predicate p, Layout layout) {
        if (p instanceof Predicate.True) {
            return new Always();
        }
        if (p instanceof Predicate.Compare c) {
            Field f = layout.field(c.field(), "where");
            checkLiteral(f, c.literal());
            return new CompareField(f, c.op(), c.literal());
        }
        if (p instanceof Predicate.Between b) {
            Field f = layout.field(b.field(), "where");
            checkLiteral(f, b.lo());
            checkLiteral(f, b.hi());
            return new BetweenField(f, b.lo(), b.hi());
        }
        if (p instanceof Predicate.In in) {
            Field f = layout.field(in.field(), "where");
            if (in.values().isEmpty() || in.values().size() > Predicate.MAX_IN_VALUES) {
                throw new PlanException("where", "IN on field " + f.name() + " needs 1 to " + Predicate.MAX_IN_VALUES
                        + " values, got " + in.values().size());
            }
            in.values().forEach(v -> checkLiteral(f, v));
            return InField.of(f, in.values());
        }
        if (p instanceof Predicate.IsNull n) {
            Field f = layout.field(n.field(), "where");
            if (!f.nullable()) {
                throw new PlanException("where", "IS NULL on field " + f.name() + ", which layout " + layout.name()
                        + " does not make nullable");
            }
            return new NullField(f);
        }
        if (p instanceof Predicate.And a) {
            return new Junction(operands(a.operands(), "AND", layout), false);
        }
        if (p instanceof Predicate.Or o) {
            return new Junction(operands(o.operands(), "OR", layout), true);
        }
        if (p instanceof Predicate.Not n) {
            return new Negation(bind(n.operand(), layout));
        }
        throw new PlanException("where", "a plan needs a predicate, got " + p);
    }

    private static Condition[] operands(List<Predicate> ps, String what, Layout layout) {
        if (ps.size() < 2) {
            throw new PlanException("where", what + " needs 2 or more operands, got " + ps.size());
        }
        return ps.stream().map(p -> bind(p, layout)).toArray(Condition[]::new);
    }

    private static void checkLiteral(Field f, long v) {
        if (!f.holds(v)) {
            throw new PlanException("where", "literal " + v + " is outside the range " + f.rangeText() + " of field "
                    + f.name());
        }
    }

    static final class Always extends Condition {
        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            return true;
        }
    }

    /** A test of one field's value: the load and the comparisons are counted, and NULL fails it, as in SQL. */
    private abstract static class FieldCondition extends Condition {
        final Field field;
        private final int comparesPerTest;

        FieldCondition(Field field, int comparesPerTest) {
            this.field = field;
            this.comparesPerTest = comparesPerTest;
        }

        @Override
        final boolean test(ByteBuffer buf, int record, Work work) {
            long v = field.read(buf, record);
            work.fieldReads++;
            work.compares += comparesPerTest;
            return !field.isNull(v) && holds(v);
        }

        /** Whether the test holds for {@code v}, a value that is not NULL. */
        abstract boolean holds(long v);
    }

    private static final class CompareField extends FieldCondition {
        private final CompareOp op;
        private final long literal;

        CompareField(Field field, CompareOp op, long literal) {
            super(field, 1);
            this.op = op;
            this.literal = literal;
        }

        @Override
        boolean holds(long v) {
            return op.holds(field.compare(v, literal));
        }
    }

    private static final class BetweenField extends FieldCondition {
        private final long lo;
        private final long hi;

        BetweenField(Field field, long lo, long hi) {
            super(field, 2);
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        boolean holds(long v) {
            return field.compare(v, lo) >= 0 && field.compare(v, hi) <= 0;
        }
    }

    /** A sorted copy of the values, searched in log2(n) comparisons. */
    private static final class InField extends FieldCondition {
        private final long[] sorted;

        InField(Field field, long[] sorted) {
            super(field, 64 - Long.numberOfLeadingZeros(sorted.length));
            this.sorted = sorted;
        }

        /** The distinct values in the field's order (unsigned 8-byte values sort with the sign bit flipped). */
        static InField of(Field field, List<Long> values) {
            long flip = field.unsigned64() ? Long.MIN_VALUE : 0;
            long[] v = values.stream().mapToLong(x -> x ^ flip).distinct().sorted().map(x -> x ^ flip).toArray();
            return new InField(field, v);
        }

        @Override
        boolean holds(long v) {
            int lo = 0;
            int hi = sorted.length - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int c = field.compare(sorted[mid], v);
                if (c == 0) {
                    return true;
                }
                if (c < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return false;
        }
    }

    private static final class NullField extends Condition {
        private final Field field;

        NullField(Field field) {
            this.field = field;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            work.fieldReads++;
            work.compares++;
            return field.isNull(field.read(buf, record));
        }
    }

    /** AND ({@code decidedBy} false) or OR (true): stops at the first operand whose result decides. */
    private static final class Junction extends Condition {
        private final Condition[] operands;
        private final boolean decidedBy;

        Junction(Condition[] operands, boolean decidedBy) {
            this.operands = operands;
            this.decidedBy = decidedBy;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            for (Condition c : operands) {
                if (c.test(buf, record, work) == decidedBy) {
                    return decidedBy;
                }
            }
            return !decidedBy;
        }
    }

    private static final class Negation extends Condition {
        private final Condition operand;

        Negation(Condition operand) {
            this.operand = operand;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            return !operand.test(buf, record, work);
        }
    }
}
