package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The string nodes of {@link StringEval} a batch at a time. A string column of the batch form
 * says, per row, where the string's bytes are ({@link VectorEval#sources}: a literal's bytes, or
 * null for the batch's buffer; {@link VectorEval#starts}) and how many ({@link VectorEval#lengths},
 * -1 for NULL), nothing copied; CASE and COALESCE of strings ({@link VectorChoice}) pick those
 * places. Tests of strings run the per-record node's own byte loops ({@link StringEval#compare},
 * {@link StringEval.Match#holds}) over them, one loop per node.
 */
final class VectorStrings {
    private VectorStrings() {
    }

    /**
     * A {@code char(N)} field: each row's bytes in place in the batch's buffer ({@link ColumnBatch#chars}), less the padding
     * (the length the batch keeps, else found from the padding);
     * found once per batch however many nodes read the field (as {@link VectorEval.Column}), or
     * only for the rows asked, each time, where those are fewer than a quarter of the batch's.
     */
    static final class Chars extends VectorEval {
        private final Field field;
        private final byte pad;
        /** The batch whose every row this holds, if any. */
        private final BatchMark found = new BatchMark();

        Chars(StringEval.FieldChars scalar) {
            super(ExprType.STRING, scalar.sql, scalar.field.hasNullBit());
            this.field = scalar.field;
            this.pad = scalar.pad;
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            if (found.of(batch)) {
                return;
            }
            if (4 * n < batch.rows()) {
                find(batch, sel, n);
                return;
            }
            found.set(batch);
            find(batch, null, batch.rows());
        }

        /** The places of rows {@code sel[0, n)} (null: rows 0 to n). */
        private void find(ColumnBatch batch, int[] sel, int n) {
            batch.chars(field, sel, n, starts, nulls);
            ByteBuffer buf = batch.strings();
            int[] kept = batch.stringLengths(field);
            int width = field.width();
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                lengths[r] = nulls[r] ? -1 : kept != null ? kept[r] : Field.stringEnd(buf, starts[r], width, pad);
            }
        }
    }

    /** A string literal (or a NULL string): every row's place, set once. */
    static final class Literal extends VectorEval {
        Literal(StringEval.Literal scalar) {
            super(ExprType.STRING, scalar.sql, scalar.value == null);
            Arrays.fill(sources, scalar.value);
            Arrays.fill(lengths, scalar.value == null ? -1 : scalar.value.length);
            Arrays.fill(nulls, scalar.value == null);
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            // set once
        }
    }

    /** {@code left op right} of two strings ({@link StringEval.Compare}): NULL if either is. */
    static final class Compare extends VectorEval {
        private final CompareOp op;
        private final VectorEval left;
        private final VectorEval right;

        Compare(StringEval.Compare scalar, VectorEval left, VectorEval right) {
            super(ExprType.BOOL, scalar.sql, false);
            this.op = scalar.op;
            this.left = left;
            this.right = right;
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            left.evaluate(batch, sel, n);
            right.evaluate(batch, sel, n);
            ByteBuffer buf = batch.strings();
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                int a = left.lengths[r];
                int b = right.lengths[r];
                truths[r] = (byte) (a < 0 || b < 0 ? ExprEval.UNKNOWN : op.holds(StringEval.compare(buf,
                        left.sources[r], left.starts[r], a, right.sources[r], right.starts[r], b))
                        ? ExprEval.TRUE : ExprEval.FALSE);
            }
        }
    }

    /**
     * LIKE, STARTS WITH, ENDS WITH or CONTAINS ({@link StringEval.Match}): NULL where the string is.
     * Of a {@code char(N)} field that a batch holds as dictionary ids ({@link ColumnBatch#dictionary}),
     * each entry is matched once, on the first row that has it, and each row takes its entry's
     * verdict (TPC-H Q14's {@code p_type LIKE 'PROMO%'}: 150 entries for 200,000 parts): the entry
     * less any trailing padding bytes, the string a record holding it reads as.
     */
    static final class Match extends VectorEval {
        /** A verdict not yet known: the entry is matched on the first row that has it. */
        private static final byte UNJUDGED = -2;
        private final StringEval.Match scalar;
        private final VectorEval operand;
        /** The field the operand is, else null, and its padding byte. */
        private final Field field;
        private final byte pad;
        /** The dictionary {@link #verdicts} are of, by identity, and per entry (and the NULL after them) its truth. */
        private StringDictionary judged;
        private byte[] verdicts;

        Match(StringEval.Match scalar, VectorEval operand) {
            super(ExprType.BOOL, scalar.sql, false);
            this.scalar = scalar;
            this.operand = operand;
            this.field = operand instanceof Chars c ? c.field : null;
            this.pad = operand instanceof Chars c ? c.pad : 0;
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            StringDictionary d = field == null ? null : batch.dictionary(field);
            if (d != null) {
                byEntry(d, batch.dictionaryIds(field), sel, n);
                return;
            }
            operand.evaluate(batch, sel, n);
            ByteBuffer buf = batch.strings();
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                int length = operand.lengths[r];
                truths[r] = (byte) (length < 0 ? ExprEval.UNKNOWN
                        : scalar.holds(buf, operand.sources[r], operand.starts[r], length) ? ExprEval.TRUE
                        : ExprEval.FALSE);
            }
        }

        /** Rows {@code sel[0, n)} by their entries' verdicts, {@code ids} their ids into {@code d} (a NULL's its size). */
        private void byEntry(StringDictionary d, int[] ids, int[] sel, int n) {
            if (d != judged) {
                judged = d;
                verdicts = new byte[d.size() + 1];
                Arrays.fill(verdicts, UNJUDGED);
                verdicts[d.size()] = (byte) ExprEval.UNKNOWN;
            }
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                int id = ids[r];
                byte verdict = verdicts[id];
                if (verdict == UNJUDGED) {
                    byte[] entry = d.entry(id);
                    int length = Field.stringEnd(ByteBuffer.wrap(entry), 0, entry.length, pad); // once an entry
                    verdict = (byte) (scalar.holds(null, entry, 0, length) ? ExprEval.TRUE : ExprEval.FALSE);
                    verdicts[id] = verdict;
                }
                truths[r] = verdict;
            }
        }
    }
}
