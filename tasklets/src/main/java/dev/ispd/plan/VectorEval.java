package dev.ispd.plan;

import java.util.Arrays;

/**
 * A compiled {@link Expr} node evaluated a batch at a time: {@link #evaluate} computes the
 * node's value for the rows {@code sel[0, n)} of a {@link ColumnBatch} into its own arrays,
 * indexed by row, reused from batch to batch (nothing is allocated per batch or per row). A
 * value held as a long is in {@link #longs}, a float's in {@link #doubles}, a boolean's in
 * {@link #truths} ({@link ExprEval#TRUE}, {@link ExprEval#FALSE} or {@link ExprEval#UNKNOWN}),
 * the high words of a decimal of more than 18 digits in {@link #highs}, a string's place in
 * {@link #sources}, {@link #starts} and {@link #lengths} ({@link VectorStrings});
 * {@link #nulls} marks the rows whose long or float is NULL. A node that can never be NULL
 * ({@link #nullable} false: a non-nullable field, arithmetic of such) leaves {@link #nulls}
 * false, and its parents skip the test. Each node computes its rows with the very arithmetic of
 * its per-record {@link ExprEval} (whose {@code compute} methods both call), so values and
 * errors are the same.
 */
abstract class VectorEval {
    final ExprType type;
    final String sql;
    /** Whether a row's value can be NULL. */
    final boolean nullable;
    final long[] longs;
    /** The high words of a wide decimal's values ({@link ExprEval#wide}), else null. */
    final long[] highs;
    final double[] doubles;
    final byte[] truths;
    /** A string's bytes: a literal's, or null where they are in the batch's ({@link ColumnBatch#strings}); else null. */
    final byte[][] sources;
    /** Where a string's bytes start in its {@link #sources} or the batch's strings; else null. */
    final int[] starts;
    /** A string's length in bytes, -1 for NULL; else null. */
    final int[] lengths;
    final boolean[] nulls = new boolean[ColumnBatch.MAX_ROWS];

    VectorEval(ExprType type, String sql, boolean nullable) {
        this.type = type;
        this.sql = sql;
        this.nullable = nullable;
        ExprType.Kind kind = type.kind();
        this.longs = kind == ExprType.Kind.FLOAT || kind == ExprType.Kind.BOOL || kind == ExprType.Kind.STRING ? null
                : new long[ColumnBatch.MAX_ROWS];
        this.highs = type.words() == 2 ? new long[ColumnBatch.MAX_ROWS] : null;
        this.doubles = kind == ExprType.Kind.FLOAT ? new double[ColumnBatch.MAX_ROWS] : null;
        this.truths = kind == ExprType.Kind.BOOL ? new byte[ColumnBatch.MAX_ROWS] : null;
        boolean string = kind == ExprType.Kind.STRING;
        this.sources = string ? new byte[ColumnBatch.MAX_ROWS][] : null;
        this.starts = string ? new int[ColumnBatch.MAX_ROWS] : null;
        this.lengths = string ? new int[ColumnBatch.MAX_ROWS] : null;
    }

    /** Computes this node's value of rows {@code sel[0, n)} of {@code batch} (ascending row numbers). */
    abstract void evaluate(ColumnBatch batch, int[] sel, int n);

    /** The high word of row {@code row}'s value: its {@link #highs} word if wide, else its sign. */
    final long high(int row) {
        return highs != null ? highs[row] : longs[row] >> 63;
    }

    /** Whether row {@code row}'s value, as {@link #evaluate} left it, is NULL. */
    final boolean isNull(int row) {
        return truths != null ? truths[row] == ExprEval.UNKNOWN : nulls[row];
    }

    /**
     * A node of two operands, both evaluated over the node's rows first: NULL where either can be,
     * or where the node makes NULLs of its own ({@code nullsValues}: non-ANSI arithmetic's).
     */
    abstract static class Binary extends VectorEval {
        final VectorEval left;
        final VectorEval right;

        Binary(ExprType type, String sql, boolean nullsValues, VectorEval left, VectorEval right) {
            super(type, sql, nullsValues || left.nullable || right.nullable);
            this.left = left;
            this.right = right;
        }

        @Override
        final void evaluate(ColumnBatch batch, int[] sel, int n) {
            left.evaluate(batch, sel, n);
            right.evaluate(batch, sel, n);
            compute(sel, n);
        }

        /** This node's value of rows {@code sel[0, n)} from its operands'. */
        abstract void compute(int[] sel, int n);
    }

    /** A node of one operand, evaluated over the node's rows first. */
    abstract static class Unary extends VectorEval {
        final VectorEval operand;

        Unary(ExprType type, String sql, boolean nullable, VectorEval operand) {
            super(type, sql, nullable);
            this.operand = operand;
        }

        @Override
        final void evaluate(ColumnBatch batch, int[] sel, int n) {
            operand.evaluate(batch, sel, n);
            compute(sel, n);
        }

        /** This node's value of rows {@code sel[0, n)} from its operand's. */
        abstract void compute(int[] sel, int n);
    }

    /**
     * A field's column, decoded once per batch however many nodes read it; where a node needs
     * fewer than a quarter of the batch's rows, only those, each time.
     */
    static final class Column extends VectorEval {
        private final Field field;
        /** The raw values of a float or bool column, before they become {@link #doubles} or {@link #truths}. */
        private final long[] raw;
        /** The batch whose every row {@link #longs} holds, if any. */
        private final BatchMark decoded = new BatchMark();

        Column(Field field, ExprType type) {
            super(type, field.name(), field.nullable());
            this.field = field;
            this.raw = longs != null ? longs : new long[ColumnBatch.MAX_ROWS];
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            if (decoded.of(batch)) {
                return;
            }
            boolean few = 4 * n < batch.rows();
            if (!few) {
                decoded.set(batch);
            }
            if (field.width() == Field.WIDE_DECIMAL_BYTES) {
                if (few) {
                    batch.decodeWide(field, sel, n, longs, highs, nulls);
                } else {
                    batch.decodeWide(field, longs, highs, nulls);
                }
                return;
            }
            if (few) {
                batch.decode(field, sel, n, raw, nulls);
                convert(sel, n);
            } else {
                batch.decode(field, raw, nulls);
                convert(null, batch.rows());
            }
        }

        /**
         * A float's or bool's raw values of rows {@code sel[0, n)} (null: rows 0 to n) as doubles
         * or truths; a narrow field typed as a wide decimal's high words, its values' signs.
         */
        private void convert(int[] sel, int n) {
            if (longs != null && highs == null) {
                return;
            }
            for (int i = 0; i < n; i++) {
                int r = sel == null ? i : sel[i];
                if (highs != null) {
                    highs[r] = longs[r] >> 63;
                } else if (doubles != null) {
                    doubles[r] = FloatKeys.number(raw[r], field.width());
                } else {
                    truths[r] = (byte) (nulls[r] ? ExprEval.UNKNOWN : raw[r] != 0 ? ExprEval.TRUE : ExprEval.FALSE);
                }
            }
        }
    }

    /** A constant (or a NULL of its type): every row's value, set once. */
    static final class Constant extends VectorEval {
        Constant(ExprEval.Constant c) {
            super(c.type, c.sql, c.isNull);
            if (longs != null) {
                Arrays.fill(longs, c.longValue);
            }
            if (highs != null) {
                Arrays.fill(highs, c.high);
            }
            if (doubles != null) {
                Arrays.fill(doubles, c.doubleValue);
            }
            if (truths != null) {
                Arrays.fill(truths, (byte) c.truth);
            }
            Arrays.fill(nulls, c.isNull);
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            // set once
        }
    }
}
