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

    /** LIKE, STARTS WITH, ENDS WITH or CONTAINS ({@link StringEval.Match}): NULL where the string is. */
    static final class Match extends VectorEval {
        private final StringEval.Match scalar;
        private final VectorEval operand;

        Match(StringEval.Match scalar, VectorEval operand) {
            super(ExprType.BOOL, scalar.sql, false);
            this.scalar = scalar;
            this.operand = operand;
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
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
    }
}
