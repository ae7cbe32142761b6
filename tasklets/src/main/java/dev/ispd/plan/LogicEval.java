package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * The compiled comparisons, boolean logic and conditionals of {@link Expr}, with SQL's three
 * values: a comparison with NULL is {@link ExprEval#UNKNOWN}; AND is false if an operand is
 * false, else unknown if one is; OR true if one is true, else unknown if one is; NOT keeps
 * unknown. Operands are evaluated left to right and AND and OR stop at the operand that decides.
 */
final class LogicEval {
    private LogicEval() {
    }

    /** A comparison of two operands: NULL if either is. */
    abstract static class Comparison extends ExprEval {
        final CompareOp op;
        final ExprEval left;
        final ExprEval right;

        Comparison(CompareOp op, ExprEval left, ExprEval right, String sql) {
            super(ExprType.BOOL, sql);
            this.op = op;
            this.left = left;
            this.right = right;
        }
    }

    /** {@code left op right} over two values of one type held as longs (decimals at one scale, wide ones in two words). */
    static final class CompareLongs extends Comparison {
        CompareLongs(CompareOp op, ExprEval left, ExprEval right, String sql) {
            super(op, left, right, sql);
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            long a = left.longValue(buf, record);
            if (left.isNull) {
                return UNKNOWN;
            }
            long aHigh = left.highOf(a);
            long b = right.longValue(buf, record);
            if (right.isNull) {
                return UNKNOWN;
            }
            int c = left.wide ? Decimals.compare(aHigh, a, right.highOf(b), b) : Long.compare(a, b);
            return op.holds(c) ? TRUE : FALSE;
        }
    }

    /** {@code left op right} over floats in Spark's order: -0.0 equals 0.0, NaN equals NaN and is above every number. */
    static final class CompareDoubles extends Comparison {
        CompareDoubles(CompareOp op, ExprEval left, ExprEval right, String sql) {
            super(op, left, right, sql);
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            double a = left.doubleValue(buf, record);
            if (left.isNull) {
                return UNKNOWN;
            }
            double b = right.doubleValue(buf, record);
            if (right.isNull) {
                return UNKNOWN;
            }
            return op.holds(compare(a, b)) ? TRUE : FALSE;
        }

        /** Spark's order of doubles. */
        static int compare(double a, double b) {
            if (a < b) {
                return -1;
            }
            if (a > b) {
                return 1;
            }
            if (a == b) {
                return 0; // -0.0 == 0.0
            }
            return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
        }
    }

    /** {@code left op right} over booleans: false before true. */
    static final class CompareBools extends Comparison {
        CompareBools(CompareOp op, ExprEval left, ExprEval right, String sql) {
            super(op, left, right, sql);
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            int a = left.truth(buf, record);
            if (a == UNKNOWN) {
                return UNKNOWN;
            }
            int b = right.truth(buf, record);
            if (b == UNKNOWN) {
                return UNKNOWN;
            }
            return op.holds(Integer.compare(a, b)) ? TRUE : FALSE;
        }
    }

    /** AND ({@code decidedBy} FALSE) or OR (TRUE). */
    static final class Junction extends ExprEval {
        final ExprEval[] operands;
        final int decidedBy;

        Junction(ExprEval[] operands, int decidedBy, String sql) {
            super(ExprType.BOOL, sql);
            this.operands = operands;
            this.decidedBy = decidedBy;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            boolean unknown = false;
            for (ExprEval o : operands) {
                int t = o.truth(buf, record);
                if (t == decidedBy) {
                    return decidedBy;
                }
                unknown |= t == UNKNOWN;
            }
            return unknown ? UNKNOWN : 1 - decidedBy;
        }
    }

    static final class Not extends ExprEval {
        final ExprEval operand;

        Not(ExprEval operand, String sql) {
            super(ExprType.BOOL, sql);
            this.operand = operand;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            int t = operand.truth(buf, record);
            return t == UNKNOWN ? UNKNOWN : 1 - t;
        }
    }

    static final class IsNull extends ExprEval {
        final ExprEval operand;

        IsNull(ExprEval operand, String sql) {
            super(ExprType.BOOL, sql);
            this.operand = operand;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            return operand.evaluatesToNull(buf, record) ? TRUE : FALSE;
        }
    }

    /** {@link Expr.KeyLookup}: the key's answer in the sets, NULL for a NULL key. */
    static final class KeyLookup extends ExprEval {
        final ExprEval key;
        final KeySet isTrue;
        final KeySet isNull;

        KeyLookup(ExprEval key, KeySet isTrue, KeySet isNull, String sql) {
            super(ExprType.BOOL, sql);
            this.key = key;
            this.isTrue = isTrue;
            this.isNull = isNull;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            long k = key.longValue(buf, record);
            return key.isNull ? UNKNOWN : answer(k);
        }

        /** The answer of key {@code k}, not NULL. */
        int answer(long k) {
            return isTrue.contains(k) ? TRUE : isNull.contains(k) ? UNKNOWN : FALSE;
        }

        /** Whether some key answers NULL. */
        boolean answersNull() {
            return isNull.size() > 0;
        }
    }

    /**
     * CASE (a condition per value, the last value the ELSE: {@code conditions.length} is
     * {@code values.length - 1}) or COALESCE (no conditions: the first value not NULL). Values
     * are of the node's type (the compiler casts them).
     */
    static final class Choice extends ExprEval {
        final ExprEval[] conditions;
        final ExprEval[] values;

        Choice(ExprEval[] conditions, ExprEval[] values, ExprType type, String sql) {
            super(type, sql);
            this.conditions = conditions;
            this.values = values;
        }

        @Override
        long longValue(ByteBuffer buf, int record) {
            int i = pick(buf, record);
            if (i < 0) {
                isNull = true;
                return 0;
            }
            long v = values[i].longValue(buf, record);
            isNull = values[i].isNull;
            high = values[i].highOf(v);
            return v;
        }

        @Override
        double doubleValue(ByteBuffer buf, int record) {
            int i = pick(buf, record);
            if (i < 0) {
                isNull = true;
                return 0;
            }
            double v = values[i].doubleValue(buf, record);
            isNull = values[i].isNull;
            return v;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            int i = pick(buf, record);
            return i < 0 ? UNKNOWN : values[i].truth(buf, record);
        }

        /**
         * The value chosen: CASE's first whose condition is true, else the ELSE; COALESCE's first
         * that is not NULL (evaluated to see, then again for its value), -1 if none is.
         */
        private int pick(ByteBuffer buf, int record) {
            for (int i = 0; i < values.length; i++) {
                if (conditions == null ? !values[i].evaluatesToNull(buf, record)
                        : i == conditions.length || conditions[i].truth(buf, record) == TRUE) {
                    return i;
                }
            }
            return -1;
        }
    }
}
