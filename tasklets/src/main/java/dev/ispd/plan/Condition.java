package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link Predicate} bound to a layout: every field resolved and every literal checked, ready to
 * test records without allocating. Each test adds the field loads and comparisons it made to
 * {@link Work}, so AND and OR that stop early meter only what they evaluated. NOT is pushed down
 * to the leaves when binding (De Morgan, and each comparison turned into its opposite, which is
 * exact since every field's values, NaN included, are totally ordered), so that a leaf over a
 * NULL is simply false, and a record passes exactly where SQL's three-valued logic says the tree
 * is true.
 */
abstract class Condition {
    abstract boolean test(ByteBuffer buf, int record, Work work);

    /**
     * {@link #select} as a plan's whole WHERE: an AND ({@link Junction}) tells the batch the rows
     * left after each of its tests ({@link ColumnBatch#readOnly}), since no test after it reads another,
     * so that a columnar source decodes the columns only later tests read for those rows alone.
     */
    int selectWhere(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        return select(batch, sel, n, out, work);
    }

    /**
     * The batch form of {@link #test}: of rows {@code sel[0, n)} of {@code batch}, writes those
     * that pass to {@code out} in order ({@code out} may be {@code sel}) and returns how many,
     * counting in {@code work} what {@link #test} of each would. Here each row is tested in turn,
     * as a record: the form of a batch of records, and of conditions with expressions not
     * {@link #vectorize}d. Every leaf reads a columnar batch's columns instead (a field's values,
     * {@link ColumnBatch#decode}; a string's bytes in place, {@link ColumnBatch#chars}), and
     * expressions, once vectorized, evaluate a batch at a time ({@link VectorEval}).
     */
    int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        ByteBuffer buf = batch.buffer();
        int k = 0;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            if (test(buf, batch.record(r), work)) {
                out[k++] = r;
            }
        }
        return k;
    }

    /** Prepares {@link #select} to evaluate this condition's expressions with {@code compiler}'s batch nodes. */
    void vectorize(VectorCompiler compiler) {
    }

    /**
     * Binds {@code p} to {@code layout}; a {@link PlanException} names the field or literal that does
     * not fit. Each largest part that tests one string field alone is judged once per dictionary
     * entry where a batch has the field as dictionary ids ({@link ByEntry}).
     */
    static Condition bind(Predicate p, Layout layout) {
        Condition c = bind(p, layout, false).byEntry(layout);
        c.shareValues(new HashMap<>());
        return c;
    }

    /**
     * Gives the leaves of one field (Q6's {@code l_shipdate >= ... AND l_shipdate < ...}) the one
     * place for its values, {@code values}'s by field: a batch's rows decoded by one leaf are not
     * decoded again by the next.
     */
    void shareValues(Map<Field, FieldValues> values) {
    }

    /**
     * A field's values and NULLs by row of a batch ({@link ColumnBatch#decode}), for the WHERE leaves
     * that read it; which batch's rows they hold all of, if any.
     */
    static final class FieldValues {
        final long[] values = new long[ColumnBatch.MAX_ROWS];
        final boolean[] nulls = new boolean[ColumnBatch.MAX_ROWS];
        final BatchMark whole = new BatchMark();

        /** Decodes {@code field} of rows {@code sel[0, n)} of {@code batch} unless every row of it is here already. */
        void decode(Field field, ColumnBatch batch, int[] sel, int n) {
            if (whole.of(batch)) {
                return;
            }
            batch.decode(field, sel, n, values, nulls);
            if (n == batch.rows()) {
                whole.set(batch);
            }
        }
    }

    /**
     * The one {@code char(N)} field this condition reads, if it reads no other (comparisons of it with
     * literals, IS [NOT] NULL of it, an expression of it alone such as LIKE, and AND and OR of those):
     * then it is true or false for a row, and raises an error or not, by that field's value alone;
     * else null.
     */
    Field stringField() {
        return null;
    }

    /** This condition with its largest parts that read one string field alone judged per dictionary entry. */
    Condition byEntry(Layout layout) {
        return stringField() != null ? new ByEntry(this, stringField(), layout) : this;
    }

    /** {@code p}, or {@code NOT p} when {@code negated}. */
    private static Condition bind(Predicate p, Layout layout, boolean negated) {
        if (p instanceof Predicate.True) {
            return negated ? new Never() : new Always();
        }
        if (p instanceof Predicate.Compare c) {
            Field f = numeric(layout.field(c.field(), "where"), "a comparison");
            checkLiteral(f, c.literal());
            return new CompareField(f, negated ? c.op().negated() : c.op(), c.literal());
        }
        if (p instanceof Predicate.CompareString c) {
            Field f = layout.field(c.field(), "where");
            if (f.type().kind() != FieldType.Kind.CHAR) {
                throw new PlanException("where", "field " + f.name() + " is " + f.typeText() + ", not a string: '"
                        + c.literal() + "' is no literal of it");
            }
            return new CompareChars(f, negated ? c.op().negated() : c.op(), c.literal().getBytes(StandardCharsets.UTF_8));
        }
        if (p instanceof Predicate.Between b) {
            Field f = numeric(layout.field(b.field(), "where"), "BETWEEN");
            checkLiteral(f, b.lo());
            checkLiteral(f, b.hi());
            return new BetweenField(f, b.lo(), b.hi(), negated);
        }
        if (p instanceof Predicate.In in) {
            Field f = numeric(layout.field(in.field(), "where"), "IN");
            if (in.values().isEmpty() || in.values().size() > Predicate.MAX_IN_VALUES) {
                throw new PlanException("where", "IN on field " + f.name() + " needs 1 to " + Predicate.MAX_IN_VALUES
                        + " values, got " + in.values().size());
            }
            in.values().forEach(v -> checkLiteral(f, v));
            return InField.of(f, in.values(), negated);
        }
        if (p instanceof Predicate.Bloom b) {
            Field f = numeric(layout.field(b.field(), "where"), "a Bloom filter");
            return new BloomField(f, b.bits(), b.hashes(), negated);
        }
        if (p instanceof Predicate.IsNull n) {
            Field f = layout.field(n.field(), "where");
            if (!f.nullable()) {
                throw new PlanException("where", "IS NULL on field " + f.name() + ", which layout " + layout.name()
                        + " does not make nullable");
            }
            return new NullField(f, negated);
        }
        if (p instanceof Predicate.And a) {
            return Junction.of(operands(a.operands(), "AND", layout, negated), negated);
        }
        if (p instanceof Predicate.Or o) {
            CharsIn in = CharsIn.of(o, layout, negated);
            return in != null ? in : Junction.of(operands(o.operands(), "OR", layout, negated), !negated);
        }
        if (p instanceof Predicate.Not n) {
            return bind(n.operand(), layout, !negated);
        }
        if (p instanceof Predicate.Holds h) {
            ExprEval condition = ExprCompiler.condition(h.condition(), layout); // checks the expression either way
            ExprCost cost = ExprCost.of(h.condition(), layout);
            Condition fields = FieldsCompared.of(h.condition(), layout, negated, cost);
            return fields != null ? fields : new ExprCondition(condition, negated, cost, onlyString(h.condition(), layout));
        }
        throw new PlanException("where", "a plan needs a predicate, got " + p);
    }

    /** The one {@code char(N)} field {@code e} reads, if it reads no other field; else null. */
    private static Field onlyString(Expr e, Layout layout) {
        Set<String> names = new HashSet<>();
        refs(e, names);
        if (names.size() != 1) {
            return null;
        }
        Field f = layout.field(names.iterator().next(), "where");
        return f.type().kind() == FieldType.Kind.CHAR ? f : null;
    }

    private static void refs(Expr e, Set<String> names) {
        if (e instanceof Expr.Ref r) {
            names.add(r.name());
        }
        e.children().forEach(c -> refs(c, names));
    }

    private static Condition[] operands(List<Predicate> ps, String what, Layout layout, boolean negated) {
        if (ps.size() < 2) {
            throw new PlanException("where", what + " needs 2 or more operands, got " + ps.size());
        }
        return ps.stream().map(p -> bind(p, layout, negated)).toArray(Condition[]::new);
    }

    /** {@code f}, if its values read as one long ({@link Field#read}); a string or a 16-byte decimal is refused. */
    private static Field numeric(Field f, String what) {
        if (!f.integral() && f.type().kind() != FieldType.Kind.FLOAT && f.type().kind() != FieldType.Kind.BOOL) {
            throw new PlanException("where", what + " on field " + f.name() + " (" + f.typeText() + ") "
                    + (f.type().kind() == FieldType.Kind.CHAR ? "takes a string literal"
                    : "is not run by plans: a decimal of 16 bytes is compared by the engine"));
        }
        return f;
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

        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            System.arraycopy(sel, 0, out, 0, n);
            return n;
        }
    }

    /** A test of one field's value: the load and the comparisons are counted, and NULL fails it, as in SQL. */
    private abstract static class FieldCondition extends Condition {
        final Field field;
        final int comparesPerTest;
        /** Whether the field's value is its integer (no float key or bool to make per record). */
        private final boolean integer;
        /** The field's values and NULLs of a batch's rows, shared with the WHERE's other leaves of it ({@link #shareValues}) where they are its integers. */
        private FieldValues column;
        /** The rows not NULL, for {@link #select}; made on its first call. */
        private int[] present;

        FieldCondition(Field field, int comparesPerTest) {
            this.field = field;
            this.comparesPerTest = comparesPerTest;
            this.integer = field.readsAsInteger();
        }

        /** A field whose values are its integers shares them with the WHERE's other leaves of it. */
        @Override
        final void shareValues(Map<Field, FieldValues> values) {
            if (integer) {
                column = values.computeIfAbsent(field, f -> new FieldValues());
            }
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            work.fieldReads++;
            if (field.hasNullBit() && field.nullBitSet(buf, record)) {
                return false;
            }
            long v = integer ? field.readInteger(buf, record) : field.read(buf, record);
            work.compares += comparesPerTest;
            return !field.isNull(v) && holds(v);
        }

        /**
         * The batch form reads the field's column ({@link ColumnBatch#decode}), not the batch's rows
         * as records, where a batch decodes the field (a {@code char(N)} or 16-byte one it does not),
         * or the batch's own column where it holds one ({@link ColumnBatch#heldValues}, no copy);
         * the rows that are not NULL are then tested in one loop of the leaf's own ({@link #keep}).
         */
        @Override
        final int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            if (field.type().kind() == FieldType.Kind.CHAR || field.width() > Long.BYTES) {
                return super.select(batch, sel, n, out, work);
            }
            if (present == null) {
                present = new int[ColumnBatch.MAX_ROWS];
                column = column != null ? column : new FieldValues();
            }
            long[] values = integer ? batch.heldValues(field) : null; // a float's or bool's are made anew below
            boolean[] nulls;
            if (values != null) {
                nulls = batch.heldNulls(field);
            } else {
                if (integer) {
                    column.decode(field, batch, sel, n);
                } else {
                    batch.decode(field, sel, n, column.values, column.nulls);
                }
                values = column.values;
                nulls = column.nulls;
            }
            work.fieldReads += n;
            int[] rows = sel;
            int m = n;
            if (field.hasNullBit()) { // a NULL by its bit is not compared
                m = 0;
                for (int i = 0; i < n; i++) {
                    int r = sel[i];
                    if (!nulls[r]) {
                        present[m++] = r;
                    }
                }
                rows = present;
            }
            work.compares += (long) comparesPerTest * m;
            if (!integer) { // a float's key or a bool's 1, in place: these values are this leaf's alone
                for (int i = 0; i < m; i++) {
                    int r = rows[i];
                    values[r] = field.fromInteger(values[r]);
                }
            }
            if (field.nullable() && !field.hasNullBit()) { // a NULL by its value is compared, and fails
                int k = 0;
                for (int i = 0; i < m; i++) {
                    int r = rows[i];
                    if (!field.isNull(values[r])) {
                        present[k++] = r;
                    }
                }
                rows = present;
                m = k;
            }
            return keep(values, rows, m, out, work);
        }

        /** {@link #keep(long[], int[], int, int[])}, for a leaf that counts more work as it keeps rows. */
        int keep(long[] values, int[] rows, int m, int[] out, Work work) {
            return keep(values, rows, m, out);
        }

        /**
         * The values that pass, where they are one range of the field's integers: its ends
         * {@code {lo, hi}}, compared as signed longs once {@link #flip} is xor-ed into a value;
         * else null.
         */
        long[] bounds() {
            return null;
        }

        /** The sign bit for unsigned 8-byte fields (their order as signed longs), else 0. */
        final long flip() {
            return field.unsigned64() ? Long.MIN_VALUE : 0;
        }

        /** Whether {@link #select} compares the field's integers as they are (no float key or bool made first). */
        final boolean integer() {
            return integer;
        }

        /**
         * Of rows {@code rows[0, m)}, none NULL, whose values ({@link Field#read}'s) {@code values}
         * holds by row, writes those for which the test holds to {@code out} in order ({@code out}
         * may be {@code rows}); how many. A row at a time by {@link #holds}, unless a leaf has a
         * loop of its own.
         */
        int keep(long[] values, int[] rows, int m, int[] out) {
            int k = 0;
            for (int i = 0; i < m; i++) {
                int r = rows[i];
                if (holds(values[r])) {
                    out[k++] = r;
                }
            }
            return k;
        }

        /** Whether the test holds for {@code v}, a value that is not NULL. */
        abstract boolean holds(long v);
    }

    /**
     * Of rows {@code rows[0, m)}, those whose value lies in {@code [lo, hi]} ({@code inside}) or
     * outside it, to {@code out}; values and ends compared as signed longs once {@code flip} is
     * xor-ed into the values (the sign bit for unsigned 8-byte fields, else 0). One loop without a
     * call: the batch form of comparisons and BETWEEN.
     */
    private static int keepRange(long[] values, int[] rows, int m, int[] out, long flip, long lo, long hi, boolean inside) {
        int k = 0;
        for (int i = 0; i < m; i++) { // no branch on the value: a row is written, and kept by its count
            int r = rows[i];
            long v = values[r] ^ flip;
            out[k] = r;
            k += (v >= lo & v <= hi) == inside ? 1 : 0;
        }
        return k;
    }

    private static final class CompareField extends FieldCondition {
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
            this.flip = field.unsigned64() ? Long.MIN_VALUE : 0;
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

    /** A string compared in place with a literal's bytes; NULL fails it. */
    private static final class CompareChars extends Condition {
        private final Field field;
        private final CompareOp op;
        private final byte[] literal;
        /** The batch form's places of the rows' strings and their NULLs. */
        private final StringPlaces places = new StringPlaces();
        /**
         * For = and <>: the literal padded to the field's width, whose bytes the field's equal
         * ({@link PaddedChars}); null where it does not say equality (other comparisons, or a
         * literal the padding makes no such word of).
         */
        private final PaddedChars equal;

        CompareChars(Field field, CompareOp op, byte[] literal) {
            this.field = field;
            this.op = op;
            this.literal = literal;
            this.equal = op == CompareOp.EQ || op == CompareOp.NE ? PaddedChars.of(field, literal) : null;
        }

        @Override
        Field stringField() {
            return field;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            work.fieldReads++;
            if (field.hasNullBit() && field.nullBitSet(buf, record)) {
                return false;
            }
            work.compares++;
            work.stringLeafCompares++;
            return op.holds(field.compareChars(buf, record, literal));
        }

        /** Each row's string compared where the batch holds it ({@link ColumnBatch#chars}). */
        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            ByteBuffer buf = places.read(batch, field, sel, n);
            int[] starts = places.starts;
            boolean[] nulls = places.nulls;
            int offset = field.offset();
            int compared = 0;
            int k = 0;
            long[] words = equal == null ? null : equal.words(buf.order());
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (nulls[r]) {
                    continue;
                }
                compared++;
                boolean holds = words != null ? equal.equalAt(buf, starts[r], words) == (op == CompareOp.EQ)
                        : op.holds(field.compareChars(buf, starts[r] - offset, literal));
                if (holds) {
                    out[k++] = r;
                }
            }
            work.fieldReads += n;
            work.compares += compared;
            work.stringLeafCompares += compared;
            return k;
        }
    }

    /** BETWEEN, or NOT BETWEEN ({@code outside}): both ends included in the range. */
    private static final class BetweenField extends FieldCondition {
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

    /**
     * Two ranges of one integer field one after the other in an AND (Q6's {@code l_shipdate >= ...
     * AND l_shipdate < ...}): judged in one loop over the field's values, where the AND made a
     * second over the rows the first left. Counted as the two leaves are: the second's field load
     * and comparisons for each row the first passed.
     */
    private static final class TwoRanges extends FieldCondition {
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
            if (a instanceof FieldCondition x && b instanceof FieldCondition y && x.field == y.field
                    && x.integer() && x.bounds() != null && y.bounds() != null) {
                return new TwoRanges(x, y, x.bounds(), y.bounds());
            }
            return null;
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

    /**
     * IN, or NOT IN ({@code absent}), metered as a binary search of the values (log2(n) comparisons);
     * looked up in a bitmap of the values' span where it is at most {@link #MAX_BITMAP_BITS} (a
     * runtime filter's keys: Q19's 485 part keys), else by that search.
     */
    private static final class InField extends FieldCondition {
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

    /** A {@link KeyBloom} filter: a compare per probe. */
    private static final class BloomField extends FieldCondition {
        private final long[] bits;
        private final int hashes;
        private final boolean absent;

        BloomField(Field field, long[] bits, int hashes, boolean absent) {
            super(field, hashes);
            this.bits = bits;
            this.hashes = hashes;
            this.absent = absent;
        }

        @Override
        boolean holds(long v) {
            return KeyBloom.mightContain(bits, hashes, v) != absent;
        }

        /** The rows' probes in a loop of its own: the base loop's call of {@link #holds} is one site for every leaf kind. */
        @Override
        int keep(long[] values, int[] rows, int m, int[] out) {
            int k = 0;
            for (int i = 0; i < m; i++) {
                int r = rows[i];
                if (KeyBloom.mightContain(bits, hashes, values[r]) != absent) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    /** IS NULL, or IS NOT NULL ({@code notNull}): the null bit, or the null value. */
    private static final class NullField extends Condition {
        private final Field field;
        private final boolean notNull;
        /**
         * The batch form's NULLs of the rows, made on its first {@link #select}, and what reading
         * them leaves: a string's places, or a number's values (a 16-byte decimal's high words too).
         */
        private boolean[] nulls;
        private int[] starts;
        private long[] values;
        private long[] highs;

        NullField(Field field, boolean notNull) {
            this.field = field;
            this.notNull = notNull;
        }

        @Override
        Field stringField() {
            return field.type().kind() == FieldType.Kind.CHAR ? field : null;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            work.fieldReads++;
            work.compares++;
            boolean isNull = field.hasNullBit() ? field.nullBitSet(buf, record) : field.isNull(field.readInteger(buf, record)); // a null value is an integer's
            return isNull != notNull;
        }

        /** The rows' NULLs from the batch's column of the field (a string's from its places). */
        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            if (nulls == null) {
                nulls = new boolean[ColumnBatch.MAX_ROWS];
                if (field.type().kind() == FieldType.Kind.CHAR) {
                    starts = new int[ColumnBatch.MAX_ROWS];
                } else {
                    values = new long[ColumnBatch.MAX_ROWS];
                    highs = field.width() == Field.WIDE_DECIMAL_BYTES ? new long[ColumnBatch.MAX_ROWS] : null;
                }
            }
            if (starts != null) {
                batch.chars(field, sel, n, starts, nulls);
            } else if (highs != null) {
                batch.decodeWide(field, sel, n, values, highs, nulls);
            } else {
                batch.decode(field, sel, n, values, nulls);
            }
            work.fieldReads += n;
            work.compares += n;
            int k = 0;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (nulls[r] != notNull) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    /** AND ({@code decidedBy} false) or OR (true): stops at the first operand whose result decides. */
    private static final class Junction extends Condition {
        private final Condition[] operands;
        private final boolean decidedBy;
        /** OR's batch scratch, made by its first {@link #select}: rows still open, rows an operand passed, and which passed. */
        private int[] open;
        private int[] passed;
        private boolean[] passes;

        private Junction(Condition[] operands, boolean decidedBy) {
            this.operands = operands;
            this.decidedBy = decidedBy;
        }

        /**
         * AND ({@code decidedBy} false) or OR of {@code operands}; of an AND, two ranges of one
         * field one after the other are judged as one ({@link TwoRanges}), and an AND left with one
         * operand is that operand.
         */
        static Condition of(Condition[] operands, boolean decidedBy) {
            if (decidedBy) {
                return new Junction(operands, true);
            }
            List<Condition> fused = new ArrayList<>();
            for (Condition c : operands) {
                TwoRanges both = fused.isEmpty() ? null : TwoRanges.of(fused.get(fused.size() - 1), c);
                if (both != null) {
                    fused.set(fused.size() - 1, both);
                } else {
                    fused.add(c);
                }
            }
            return fused.size() == 1 ? fused.get(0) : new Junction(fused.toArray(Condition[]::new), false);
        }

        @Override
        Field stringField() {
            Field f = operands[0].stringField();
            for (Condition c : operands) {
                if (f == null || c.stringField() != f) {
                    return null;
                }
            }
            return f;
        }

        /** Its operands judged per entry where they can be, each tested a batch at a time ({@link #select}). */
        @Override
        Condition byEntry(Layout layout) {
            if (stringField() != null) {
                return super.byEntry(layout);
            }
            for (int i = 0; i < operands.length; i++) {
                operands[i] = operands[i].byEntry(layout);
            }
            return this;
        }

        @Override
        void shareValues(Map<Field, FieldValues> values) {
            for (Condition c : operands) {
                c.shareValues(values);
            }
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

        @Override
        void vectorize(VectorCompiler compiler) {
            for (Condition c : operands) {
                c.vectorize(compiler);
            }
        }

        /** AND: each operand narrows the rows, the batch told them after each (its operands' ANDs likewise). */
        @Override
        int selectWhere(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            if (decidedBy) {
                return select(batch, sel, n, out, work);
            }
            int k = n;
            int[] from = sel;
            for (Condition c : operands) {
                k = c.selectWhere(batch, from, k, out, work);
                batch.readOnly(out, k);
                from = out;
            }
            return k;
        }

        /**
         * AND: each operand narrows the rows; OR: each operand tests the rows none before it passed.
         * Each operand takes its rows a batch at a time, over records as over columns: a leaf's
         * loop of its own over a field's values beats a pass of calls per row.
         */
        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            if (decidedBy && open == null) {
                open = new int[ColumnBatch.MAX_ROWS];
                passed = new int[ColumnBatch.MAX_ROWS];
                passes = new boolean[ColumnBatch.MAX_ROWS];
            }
            if (!decidedBy) {
                int k = n;
                int[] from = sel;
                for (Condition c : operands) {
                    k = c.select(batch, from, k, out, work);
                    from = out;
                }
                return k;
            }
            System.arraycopy(sel, 0, open, 0, n);
            for (int i = 0; i < n; i++) {
                passes[sel[i]] = false; // a batch cut short by an error may have left marks
            }
            int m = n;
            for (int o = 0; o < operands.length && m > 0; o++) {
                int hits = operands[o].select(batch, open, m, passed, work);
                int k = 0;
                for (int i = 0, h = 0; i < m; i++) { // open less passed: both ascending
                    if (h < hits && passed[h] == open[i]) {
                        passes[open[i]] = true;
                        h++;
                    } else {
                        open[k++] = open[i];
                    }
                }
                m = k;
            }
            int k = 0;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (passes[r]) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    /**
     * A boolean expression that must be TRUE (FALSE when {@code negated}: NULL passes neither);
     * counted as its every field load, comparison and node, whichever operands decided.
     */
    private static final class ExprCondition extends Condition {
        private final ExprEval condition;
        private final int passing;
        private final ExprCost cost;
        /** The one string field the expression reads, if it reads no other. */
        private final Field stringField;
        /** The batch form, once {@link #vectorize}d. */
        private VectorEval vector;

        ExprCondition(ExprEval condition, boolean negated, ExprCost cost, Field stringField) {
            this.condition = condition;
            this.passing = negated ? ExprEval.FALSE : ExprEval.TRUE;
            this.cost = cost;
            this.stringField = stringField;
        }

        @Override
        Field stringField() {
            return stringField;
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            work.add(cost, 1);
            return condition.truth(buf, record) == passing;
        }

        @Override
        void vectorize(VectorCompiler compiler) {
            vector = compiler.compile(condition);
        }

        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            if (vector == null) {
                return super.select(batch, sel, n, out, work);
            }
            work.add(cost, n);
            vector.evaluate(batch, sel, n);
            byte[] truths = vector.truths;
            int k = 0;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (truths[r] == passing) {
                    out[k++] = r;
                }
            }
            return k;
        }
    }

    /**
     * A condition on one string field alone ({@link #stringField}), judged once per dictionary entry
     * where a batch holds the field as ids into a dictionary ({@link ColumnBatch#dictionary}): the
     * entry is written into the field's place in a record of its own and tested there by the
     * condition itself (so the verdict is the row's), on the first row that has it; a row then takes
     * its entry's verdict. The work is counted as it is done: the test's, once per entry judged;
     * per row, its verdict loaded by its id ({@link ExprCost#ENTRY_VERDICT}). A NULL row is judged once
     * likewise, by a record whose null bit is set. Elsewhere (a batch of records, a
     * column not dictionary encoded) the condition tests the rows itself.
     */
    private static final class ByEntry extends Condition {
        /** A verdict not yet known: the entry is judged on the first row that has it. */
        private static final byte UNJUDGED = -1;
        private final Condition condition;
        private final Field field;
        /** A record of the layout for the entry under test: the entry in the field's place, padded, and the null bit. */
        private final ByteBuffer place;
        /** The dictionary the verdicts below are of, by identity. */
        private StringDictionary judged;
        /**
         * Per entry (and the NULL after them): 1 where it passes, 0 where it fails, {@link #UNJUDGED}
         * before its first row (a row adds its verdict to the count of rows kept: no branch per row).
         */
        private byte[] verdicts;

        ByEntry(Condition condition, Field field, Layout layout) {
            this.condition = condition;
            this.field = field;
            this.place = ByteBuffer.allocate(layout.recordSize());
        }

        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            return condition.test(buf, record, work);
        }

        @Override
        void vectorize(VectorCompiler compiler) {
            condition.vectorize(compiler); // for batches without the field's dictionary
        }

        @Override
        void shareValues(Map<Field, FieldValues> values) {
            condition.shareValues(values);
        }

        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            StringDictionary d = batch.dictionary(field);
            if (d == null) {
                return condition.select(batch, sel, n, out, work);
            }
            if (d != judged) {
                judged = d;
                verdicts = new byte[d.size() + 1];
                Arrays.fill(verdicts, UNJUDGED);
            }
            int[] ids = batch.dictionaryIds(field);
            byte[] verdicts = this.verdicts;
            int k = 0;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                int id = ids[r];
                int verdict = verdicts[id];
                if (verdict == UNJUDGED) {
                    verdict = judge(d, id, work);
                }
                out[k] = r; // kept where the verdict is 1; else the next kept row writes over it
                k += verdict;
            }
            work.add(ExprCost.ENTRY_VERDICT, n);
            return k;
        }

        /**
         * Tests entry {@code id} (NULL: the dictionary's size) in {@link #place}, its work counted into
         * {@code work}; keeps its verdict and returns it: 1 passes, 0 fails (an error its test raises
         * is the row's: no verdict is kept).
         */
        private int judge(StringDictionary d, int id, Work work) {
            int at = field.offset();
            byte pad = field.type().zeroPad() ? 0 : (byte) ' ';
            for (int i = 0; i < field.width(); i++) {
                place.put(at + i, pad);
            }
            if (id < d.size()) {
                byte[] entry = d.entry(id);
                place.put(at, entry, 0, Math.min(entry.length, field.width())); // a longer one fails its row's decoding first
            }
            if (field.hasNullBit()) {
                int b = field.nullBit() >>> 3;
                byte mask = (byte) (1 << (field.nullBit() & 7));
                place.put(b, (byte) (id < d.size() ? place.get(b) & ~mask : place.get(b) | mask));
            }
            int verdict = condition.test(place, 0, work) ? 1 : 0;
            verdicts[id] = (byte) verdict;
            return verdict;
        }
    }

    /** FALSE: the plan's {@code NOT TRUE}. */
    private static final class Never extends Condition {
        @Override
        boolean test(ByteBuffer buf, int record, Work work) {
            return false;
        }

        @Override
        int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
            return 0;
        }
    }
}
