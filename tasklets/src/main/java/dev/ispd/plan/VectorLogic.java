package dev.ispd.plan;

/**
 * The comparisons and boolean logic of {@link LogicEval} a batch at a time, with SQL's three
 * values. AND and OR evaluate each operand only on the rows the operands before it left
 * undecided, as the per-record nodes stop at the operand that decides.
 */
final class VectorLogic {
    private VectorLogic() {
    }

    /**
     * {@code left op right} of two numbers, dates or booleans of one type (not strings), wide
     * decimals in two words: NULL if either is.
     */
    static final class Compare extends VectorEval.Binary {
        private final CompareOp op;
        private final boolean wide;

        Compare(LogicEval.Comparison scalar, VectorEval left, VectorEval right) {
            super(ExprType.BOOL, scalar.sql, false, left, right);
            this.op = scalar.op;
            this.wide = scalar.left.wide;
        }

        @Override
        void compute(int[] sel, int n) {
            ExprType.Kind kind = left.type.kind();
            if (wide) {
                for (int i = 0; i < n; i++) {
                    int r = sel[i];
                    truths[r] = nullable && (left.nulls[r] || right.nulls[r]) ? ExprEval.UNKNOWN
                            : (byte) (op.holds(Decimals.compare(left.high(r), left.longs[r], right.high(r),
                                    right.longs[r])) ? ExprEval.TRUE : ExprEval.FALSE);
                }
                return;
            }
            if (!nullable && kind != ExprType.Kind.FLOAT && kind != ExprType.Kind.BOOL) {
                long[] a = left.longs;
                long[] b = right.longs;
                for (int i = 0; i < n; i++) {
                    int r = sel[i];
                    truths[r] = (byte) (op.holds(Long.compare(a[r], b[r])) ? ExprEval.TRUE : ExprEval.FALSE);
                }
                return;
            }
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (nullable && (left.isNull(r) || right.isNull(r))) {
                    truths[r] = ExprEval.UNKNOWN;
                    continue;
                }
                int c = kind == ExprType.Kind.FLOAT ? LogicEval.CompareDoubles.compare(left.doubles[r], right.doubles[r])
                        : kind == ExprType.Kind.BOOL ? Integer.compare(left.truths[r], right.truths[r])
                        : Long.compare(left.longs[r], right.longs[r]);
                truths[r] = (byte) (op.holds(c) ? ExprEval.TRUE : ExprEval.FALSE);
            }
        }
    }

    /** AND ({@code decidedBy} FALSE) or OR (TRUE). */
    static final class Junction extends VectorEval {
        private final VectorEval[] operands;
        private final byte decidedBy;
        /** The rows no operand has decided yet. */
        private final int[] open = new int[ColumnBatch.MAX_ROWS];
        /** Per row, whether an operand so far was NULL. */
        private final boolean[] unknown = new boolean[ColumnBatch.MAX_ROWS];

        Junction(LogicEval.Junction scalar, VectorEval[] operands) {
            super(ExprType.BOOL, scalar.sql, true);
            this.operands = operands;
            this.decidedBy = (byte) scalar.decidedBy;
        }

        @Override
        void evaluate(ColumnBatch batch, int[] sel, int n) {
            int m = n;
            for (int i = 0; i < n; i++) {
                open[i] = sel[i];
                unknown[sel[i]] = false;
            }
            for (int o = 0; o < operands.length && m > 0; o++) {
                VectorEval operand = operands[o];
                operand.evaluate(batch, open, m);
                byte[] t = operand.truths;
                int k = 0;
                for (int i = 0; i < m; i++) {
                    int r = open[i];
                    if (t[r] == decidedBy) {
                        truths[r] = decidedBy;
                    } else {
                        unknown[r] |= t[r] == ExprEval.UNKNOWN;
                        open[k++] = r;
                    }
                }
                m = k;
            }
            byte undecided = (byte) (1 - decidedBy);
            for (int i = 0; i < m; i++) {
                int r = open[i];
                truths[r] = unknown[r] ? ExprEval.UNKNOWN : undecided;
            }
        }
    }

    /** NOT: NULL stays NULL. */
    static final class Not extends VectorEval.Unary {
        Not(LogicEval.Not scalar, VectorEval operand) {
            super(ExprType.BOOL, scalar.sql, operand.nullable, operand);
        }

        @Override
        void compute(int[] sel, int n) {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                byte t = operand.truths[r];
                truths[r] = t == ExprEval.UNKNOWN ? t : (byte) (1 - t);
            }
        }
    }

    /** IS NULL: never NULL itself. */
    static final class IsNull extends VectorEval.Unary {
        IsNull(LogicEval.IsNull scalar, VectorEval operand) {
            super(ExprType.BOOL, scalar.sql, false, operand);
        }

        @Override
        void compute(int[] sel, int n) {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                truths[r] = (byte) (operand.isNull(r) ? ExprEval.TRUE : ExprEval.FALSE);
            }
        }
    }

    /** {@link LogicEval.KeyLookup} over a batch: each row's key looked up, NULL for a NULL key. */
    static final class KeyLookup extends VectorEval.Unary {
        private final LogicEval.KeyLookup scalar;

        KeyLookup(LogicEval.KeyLookup scalar, VectorEval key) {
            super(ExprType.BOOL, scalar.sql, key.nullable || scalar.answersNull(), key);
            this.scalar = scalar;
        }

        /** FALSE, then TRUE where the key is in the one set and NULL where in the other (they share no key), then NULL for a NULL key. */
        @Override
        void compute(int[] sel, int n) {
            long[] keys = operand.longs;
            for (int i = 0; i < n; i++) {
                truths[sel[i]] = ExprEval.FALSE;
            }
            scalar.isTrue.mark(keys, sel, n, truths, (byte) ExprEval.TRUE);
            scalar.isNull.mark(keys, sel, n, truths, (byte) ExprEval.UNKNOWN);
            if (operand.nullable) {
                boolean[] nulls = operand.nulls;
                for (int i = 0; i < n; i++) {
                    if (nulls[sel[i]]) {
                        truths[sel[i]] = ExprEval.UNKNOWN;
                    }
                }
            }
        }
    }
}
