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
