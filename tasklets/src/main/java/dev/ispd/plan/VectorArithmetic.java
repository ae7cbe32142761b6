package dev.ispd.plan;

/**
 * The arithmetic of {@link ArithmeticEval} a batch at a time: each row computed by the
 * per-record node's own {@code compute} (so the same ANSI checks: {@code Math.*Exact}, decimal
 * precision bounds, division by zero naming the node; or the same NULLs of non-ANSI mode), in
 * one loop per node; a row with a NULL operand is NULL and not computed.
 */
final class VectorArithmetic {
    private VectorArithmetic() {
    }

    /** Integers and decimals ({@link ArithmeticEval.LongBinary}). */
    static final class Longs extends VectorEval.Binary {
        private final ArithmeticEval.LongBinary scalar;

        Longs(ArithmeticEval.LongBinary scalar, VectorEval left, VectorEval right) {
            super(scalar.type, scalar.sql, scalar.nullsErrors, left, right);
            this.scalar = scalar;
        }

        @Override
        void compute(int[] sel, int n) {
            long[] a = left.longs;
            long[] b = right.longs;
            if (!nullable && !scalar.legacy && scalar instanceof ArithmeticEval.DecimalOps d && d.factorLeft != 0
                    && d.factorRight != 0 && scalar.op != Expr.ArithmeticOp.DIVIDE
                    && scalar.op != Expr.ArithmeticOp.REMAINDER) {
                decimals(d, a, b, sel, n);
                return;
            }
            if (!nullable) {
                for (int i = 0; i < n; i++) {
                    int r = sel[i];
                    longs[r] = scalar.compute(a[r], b[r]);
                }
                return;
            }
            boolean[] nullA = left.nulls;
            boolean[] nullB = right.nulls;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                boolean isNull = nullA[r] || nullB[r];
                longs[r] = isNull ? 0 : scalar.compute(a[r], b[r]);
                nulls[r] = isNull || scalar.nulled;
            }
        }

        /**
         * The common decimal {@code + - *} (operands not NULL, rescaled within a long, a product at
         * the operands' scales) in a loop for products and one for sums and differences, the result's precision checked after. An overflow throws the same
         * error class as {@link ArithmeticEval.DecimalOps#compute}; the batch is then run again
         * record by record ({@link BatchScan}), which gives the exact error.
         */
        private void decimals(ArithmeticEval.DecimalOps d, long[] a, long[] b, int[] sel, int n) {
            long fa = d.factorLeft;
            long fb = d.factorRight;
            long bound = d.bound;
            try {
                if (d.op == Expr.ArithmeticOp.MULTIPLY) {
                    for (int i = 0; i < n; i++) {
                        int r = sel[i];
                        longs[r] = Math.multiplyExact(a[r], b[r]);
                    }
                } else { // a - b as a + b * -factor: the same value, past 64 bits (so past the bound) where the difference is
                    long fbSigned = d.op == Expr.ArithmeticOp.SUBTRACT ? -fb : fb;
                    for (int i = 0; i < n; i++) {
                        int r = sel[i];
                        longs[r] = Math.addExact(Math.multiplyExact(a[r], fa), Math.multiplyExact(b[r], fbSigned));
                    }
                }
            } catch (ArithmeticException e) { // past 64 bits: the record-by-record rerun names the value
                throw PlanArithmeticException.outOfRange("a value", type, sql);
            }
            for (int i = 0; i < n; i++) {
                long v = longs[sel[i]];
                if (v <= -bound || v >= bound) {
                    throw PlanArithmeticException.outOfRange(Decimals.text(v, type.scale()), type, sql);
                }
            }
        }
    }

    /**
     * Decimals whose type has more than 18 digits ({@link ArithmeticEval.WideDecimalOps}): two
     * words per row. The common {@code + - *} of operands that are longs (a narrow column, or a
     * wide one whose value fits a long, as a cast of a narrow column does) take one
     * {@code Math.multiplyHigh} per product ({@link ArithmeticEval.WideDecimalOps#fast}); any
     * other row the per-record node's {@code compute}, slow path and all.
     */
    static final class WideDecimals extends VectorEval.Binary {
        private final ArithmeticEval.WideDecimalOps scalar;

        WideDecimals(ArithmeticEval.WideDecimalOps scalar, VectorEval left, VectorEval right) {
            super(scalar.type, scalar.sql, scalar.nullsErrors, left, right);
            this.scalar = scalar;
        }

        @Override
        void compute(int[] sel, int n) {
            long[] a = left.longs;
            long[] b = right.longs;
            boolean[] nullA = left.nulls;
            boolean[] nullB = right.nulls;
            if (scalar.fastOp && scalar.op == Expr.ArithmeticOp.MULTIPLY) {
                multiply(a, b, sel, n);
                return;
            }
            boolean narrow = left.highs == null && right.highs == null && scalar.fastOp;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                boolean isNull = nullable && (nullA[r] || nullB[r]);
                nulls[r] = isNull;
                if (isNull) {
                    longs[r] = 0;
                    highs[r] = 0;
                    continue;
                }
                longs[r] = narrow ? scalar.fast(a[r], b[r]) : scalar.compute(left.high(r), a[r], right.high(r), b[r]);
                highs[r] = scalar.high;
                nulls[r] = scalar.nulled;
            }
        }

        /**
         * A product at the operands' scales ({@code fastOp}): of operands that are longs, one
         * {@code Math.multiplyHigh} per row in this loop, whose result fits its type's digits
         * where it is a long; any other row as {@link ArithmeticEval.WideDecimalOps#compute} does.
         */
        private void multiply(long[] a, long[] b, int[] sel, int n) {
            long[] highA = left.highs;
            long[] highB = right.highs;
            boolean longsFit = type.precision() > 18;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (nullable && (left.nulls[r] || right.nulls[r])) {
                    longs[r] = 0;
                    highs[r] = 0;
                    nulls[r] = true;
                    continue;
                }
                long x = a[r];
                long y = b[r];
                if (highA != null && highA[r] != x >> 63 || highB != null && highB[r] != y >> 63) {
                    longs[r] = scalar.compute(left.high(r), x, right.high(r), y);
                    highs[r] = scalar.high;
                    nulls[r] = scalar.nulled;
                    continue;
                }
                long lo = x * y;
                long hi = Math.multiplyHigh(x, y);
                if (longsFit && hi == lo >> 63) {
                    longs[r] = lo;
                    highs[r] = hi;
                    nulls[r] = false;
                } else {
                    longs[r] = scalar.checked(hi, lo);
                    highs[r] = scalar.high;
                    nulls[r] = scalar.nulled;
                }
            }
        }
    }

    /** Floats ({@link ArithmeticEval.FloatOps}). */
    static final class Doubles extends VectorEval.Binary {
        private final ArithmeticEval.FloatOps scalar;

        Doubles(ArithmeticEval.FloatOps scalar, VectorEval left, VectorEval right) {
            super(scalar.type, scalar.sql, scalar.nullsErrors, left, right);
            this.scalar = scalar;
        }

        @Override
        void compute(int[] sel, int n) {
            double[] a = left.doubles;
            double[] b = right.doubles;
            boolean[] nullA = left.nulls;
            boolean[] nullB = right.nulls;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                boolean isNull = nullable && (nullA[r] || nullB[r]);
                doubles[r] = isNull ? 0 : scalar.compute(a[r], b[r]);
                nulls[r] = isNull || scalar.nulled;
            }
        }
    }

    /** Unary minus ({@link ArithmeticEval.Negate}), of a wide decimal in two words. */
    static final class Negate extends VectorEval.Unary {
        private final ArithmeticEval.Negate scalar;

        Negate(ArithmeticEval.Negate scalar, VectorEval operand) {
            super(scalar.type, scalar.sql, operand.nullable, operand);
            this.scalar = scalar;
        }

        @Override
        void compute(int[] sel, int n) {
            boolean[] nullIn = operand.nulls;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                boolean isNull = nullIn[r];
                nulls[r] = isNull;
                if (doubles != null) {
                    doubles[r] = -operand.doubles[r];
                } else if (highs != null) {
                    long lo = isNull ? 0 : -operand.longs[r];
                    longs[r] = lo;
                    highs[r] = isNull ? 0 : ArithmeticEval.Negate.negatedHigh(lo, operand.high(r));
                } else {
                    longs[r] = isNull ? 0 : scalar.negated(operand.longs[r]);
                }
            }
        }
    }

    /**
     * A cast between numeric types, or of a date to a timestamp ({@link CastEval}): NULL stays
     * NULL. From or to a wide decimal, each row takes the node's own two-word {@code wideOf}.
     */
    static final class Cast extends VectorEval.Unary {
        private final CastEval scalar;
        private final boolean fromFloat;
        private final boolean wide;

        Cast(CastEval scalar, VectorEval operand) {
            super(scalar.type, scalar.sql, operand.nullable || scalar.nullsNonNumbers, operand);
            this.scalar = scalar;
            this.fromFloat = scalar.from.kind() == ExprType.Kind.FLOAT;
            this.wide = scalar.wide || scalar.operand.wide;
        }

        @Override
        void compute(int[] sel, int n) {
            boolean[] nullIn = operand.nulls;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                boolean isNull = nullIn[r];
                nulls[r] = isNull;
                if (doubles != null) {
                    doubles[r] = fromFloat ? scalar.doubleOf(operand.doubles[r])
                            : isNull || !scalar.operand.wide ? scalar.doubleOf(operand.longs[r])
                            : scalar.doubleOf(operand.highs[r], operand.longs[r]);
                } else if (isNull) {
                    if (highs != null) {
                        highs[r] = 0;
                    }
                } else if (wide) {
                    longs[r] = scalar.wideOf(operand.high(r), operand.longs[r]);
                    if (highs != null) {
                        highs[r] = scalar.high;
                    }
                } else {
                    longs[r] = fromFloat ? scalar.longOf(operand.doubles[r]) : scalar.longOf(operand.longs[r]);
                    nulls[r] = fromFloat && scalar.nonNumber;
                }
            }
        }
    }
}
