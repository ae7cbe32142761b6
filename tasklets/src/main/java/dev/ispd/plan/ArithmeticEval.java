package dev.ispd.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;

/**
 * The compiled arithmetic of {@link Expr}: both operands already of the node's type (the
 * compiler inserts the casts), NULL if either is. Where a value does not fit its type or a
 * divisor is zero, Spark's ANSI errors ({@link PlanArithmeticException}), or in its non-ANSI mode
 * ({@link Expr.EvalMode#LEGACY}) what Spark gives there: NULL ({@link Binary#nulled}) for a
 * decimal and for a zero divisor, an integer wrapped to its bits.
 */
final class ArithmeticEval {
    private ArithmeticEval() {
    }

    /** An operator of two operands of the node's type. */
    abstract static class Binary extends ExprEval {
        final Expr.ArithmeticOp op;
        /** Whether this is Spark's non-ANSI arithmetic ({@link Expr.EvalMode#LEGACY}). */
        final boolean legacy;
        /** Whether a value can be NULL where ANSI raises an error: a decimal's, or a quotient's or remainder's, in LEGACY mode. */
        final boolean nullsErrors;
        final ExprEval left;
        final ExprEval right;
        /** Whether the last {@code compute} gave NULL where ANSI raises an error (never, unless {@link #nullsErrors}). */
        boolean nulled;

        Binary(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type, String sql) {
            super(type, sql);
            this.op = op;
            this.legacy = legacy;
            this.nullsErrors = legacy && (type.kind() == ExprType.Kind.DECIMAL || op == Expr.ArithmeticOp.DIVIDE
                    || op == Expr.ArithmeticOp.REMAINDER);
            this.left = left;
            this.right = right;
        }

        /** LEGACY mode's NULL in place of an error: 0, {@link #nulled} set. */
        final long nulled() {
            nulled = true;
            high = 0;
            return 0;
        }
    }

    /** An operator over values held as longs: NULL if either operand is, else {@link #compute}. */
    abstract static class LongBinary extends Binary {
        LongBinary(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type, String sql) {
            super(op, legacy, left, right, type, sql);
        }

        @Override
        final long longValue(ByteBuffer buf, int record) {
            long a = left.longValue(buf, record);
            long b = right.longValue(buf, record);
            if (left.isNull || right.isNull) {
                isNull = true;
                return 0;
            }
            long v = compute(a, b);
            isNull = nulled;
            return v;
        }

        /**
         * {@code a op b} of two values that are not NULL, {@link #nulled} saying whether it is NULL:
         * what a record and a batch ({@link VectorArithmetic}) both run.
         */
        abstract long compute(long a, long b);
    }

    /**
     * {@code + - * %} on {@code int} or {@code bigint}: an error where Java's result would wrap;
     * in LEGACY mode the wrapped value, and NULL for a remainder by zero.
     */
    static final class IntegerOps extends LongBinary {
        IntegerOps(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type, String sql) {
            super(op, legacy, left, right, type, sql);
        }

        @Override
        long compute(long a, long b) {
            if (legacy) {
                return wrapped(a, b);
            }
            try {
                long v = switch (op) {
                    case ADD -> Math.addExact(a, b);
                    case SUBTRACT -> Math.subtractExact(a, b);
                    case MULTIPLY -> Math.multiplyExact(a, b);
                    case REMAINDER -> {
                        if (b == 0) {
                            throw PlanArithmeticException.byZero(op, sql);
                        }
                        yield a % b;
                    }
                    case DIVIDE -> throw new IllegalStateException("an integer / is a double's");
                };
                if (type.bits() == 32 && v != (int) v) {
                    throw PlanArithmeticException.overflow("integer", op, sql);
                }
                return v;
            } catch (PlanArithmeticException e) {
                throw e;
            } catch (ArithmeticException e) {
                throw PlanArithmeticException.overflow(type.bits() == 32 ? "integer" : "long", op, sql);
            }
        }

        /** {@code a op b} as Spark's non-ANSI mode has it: Java's wrapping arithmetic at the type's bits. */
        private long wrapped(long a, long b) {
            nulled = op == Expr.ArithmeticOp.REMAINDER && b == 0;
            long v = switch (op) {
                case ADD -> a + b;
                case SUBTRACT -> a - b;
                case MULTIPLY -> a * b;
                case REMAINDER -> nulled ? 0 : a % b;
                case DIVIDE -> throw new IllegalStateException("an integer / is a double's");
            };
            return type.bits() == 32 ? (int) v : v;
        }
    }

    /**
     * {@code + - * / %} on decimals of at most 18 digits (type and operands), the result of Spark's derived
     * type: sums at the larger scale, products at the sum of the scales (never cut at 18
     * digits or fewer), quotients as Spark divides (the one node that allocates, a
     * BigDecimal per value), remainders at the larger scale. In LEGACY mode a value that does
     * not fit and a zero divisor are NULL (a quotient's overflow found by catching its error).
     */
    static final class DecimalOps extends LongBinary {
        private final int scaleLeft;
        private final int scaleRight;
        /** What a sum's operands are multiplied by to reach its scale (0: more than 18 digits, which no long holds). */
        final long factorLeft;
        final long factorRight;
        /** The type's bound: 10^precision. */
        final long bound;

        DecimalOps(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type, String sql) {
            super(op, legacy, left, right, type, sql);
            this.scaleLeft = left.type.scale();
            this.scaleRight = right.type.scale();
            this.factorLeft = factor(type.scale() - scaleLeft);
            this.factorRight = factor(type.scale() - scaleRight);
            this.bound = Decimals.POW10[type.precision()];
        }

        /** 10^digits, or 0 where no long holds it (more than 18 digits, or fewer than none: a scale cut). */
        static long factor(int digits) {
            return digits >= 0 && digits < Decimals.POW10.length ? Decimals.POW10[digits] : 0;
        }

        @Override
        long compute(long a, long b) {
            if (b == 0 && (op == Expr.ArithmeticOp.DIVIDE || op == Expr.ArithmeticOp.REMAINDER)) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.byZero(op, sql);
            }
            long v;
            try {
                v = switch (op) {
                    case ADD -> Math.addExact(rescaled(a, factorLeft), rescaled(b, factorRight));
                    case SUBTRACT -> Math.subtractExact(rescaled(a, factorLeft), rescaled(b, factorRight));
                    // a type of 18 digits or fewer keeps the product's whole scale: Spark cuts only past 38
                    case MULTIPLY -> Math.multiplyExact(a, b);
                    case DIVIDE -> quotient(a, b);
                    case REMAINDER -> remainder(a, b);
                };
            } catch (PlanArithmeticException e) {
                if (legacy) {
                    return nulled();
                }
                throw e;
            } catch (ArithmeticException e) { // past 64 bits, so past the type's 18 digits or fewer
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.outOfRange(exact(a, b).toPlainString(), type, sql);
            }
            if (v <= -bound || v >= bound) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.outOfRange(Decimals.text(v, type.scale()), type, sql);
            }
            nulled = false;
            return v;
        }

        /** The exact {@code a op b} of {@code + - *}, for an error's text. */
        private BigDecimal exact(long a, long b) {
            BigDecimal x = BigDecimal.valueOf(a, scaleLeft);
            BigDecimal y = BigDecimal.valueOf(b, scaleRight);
            return op == Expr.ArithmeticOp.ADD ? x.add(y) : op == Expr.ArithmeticOp.SUBTRACT ? x.subtract(y) : x.multiply(y);
        }

        private static long rescaled(long v, long factor) {
            if (factor == 1) {
                return v;
            }
            if (factor == 0 && v != 0) {
                throw new ArithmeticException("beyond 64 bits");
            }
            return Math.multiplyExact(v, factor);
        }

        private long quotient(long a, long b) {
            BigDecimal q = Decimals.divide(a, scaleLeft, b, scaleRight, type.scale());
            if (q.precision() - q.scale() > type.precision() - type.scale()) {
                throw PlanArithmeticException.outOfRange(q.toPlainString(), type, sql);
            }
            return q.unscaledValue().longValueExact();
        }

        private long remainder(long a, long b) {
            int scale = Math.max(scaleLeft, scaleRight);
            long r = Decimals.scaleUp(a, scale - scaleLeft) % Decimals.scaleUp(b, scale - scaleRight);
            return Decimals.scaleUp(r, type.scale() - scale);
        }
    }

    /**
     * {@code + - * / %} on decimals where the type or an operand has more than 18 digits: signed
     * 128-bit values ({@link ExprEval#high}). Sums and differences of operands rescaled by up to
     * 18 digits, and products of operands that are longs at the type's scale, are computed in two
     * words without allocating; the rest (an operand beyond a long in a product, a product or
     * sum whose type cut its scale, a quotient, a remainder) as Spark's {@code Decimal} computes
     * it in BigDecimal (a product to 39 digits, cut), then rounded half up to the type's scale.
     * Past the type's precision, NUMERIC_VALUE_OUT_OF_RANGE naming the node (LEGACY mode: NULL).
     */
    static final class WideDecimalOps extends Binary {
        private final int scaleLeft;
        private final int scaleRight;
        /** What the operands are multiplied by to reach the type's scale in {@code + -}; 0 where the slow path rescales. */
        final long factorLeft;
        final long factorRight;
        /** Whether {@code a op b} of operands that are longs is computed in two words ({@link #fast}). */
        final boolean fastOp;

        WideDecimalOps(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type,
                String sql) {
            super(op, legacy, left, right, type, sql);
            this.scaleLeft = left.type.scale();
            this.scaleRight = right.type.scale();
            this.factorLeft = DecimalOps.factor(type.scale() - scaleLeft);
            this.factorRight = DecimalOps.factor(type.scale() - scaleRight);
            this.fastOp = switch (op) {
                case ADD, SUBTRACT -> factorLeft != 0 && factorRight != 0;
                case MULTIPLY -> scaleLeft + scaleRight == type.scale();
                default -> false;
            };
        }

        @Override
        long longValue(ByteBuffer buf, int record) {
            long a = left.longValue(buf, record);
            long aHigh = left.highOf(a);
            long b = right.longValue(buf, record);
            long bHigh = right.highOf(b);
            if (left.isNull || right.isNull) {
                isNull = true;
                high = 0;
                return 0;
            }
            long v = compute(aHigh, a, bHigh, b);
            isNull = nulled;
            return v;
        }

        /** {@code a op b} of two values that are not NULL: the low word, the high in {@link #high}, {@link #nulled} whether NULL. */
        long compute(long aHigh, long a, long bHigh, long b) {
            if (fastOp && Decimals.isLong(aHigh, a) && Decimals.isLong(bHigh, b)) {
                return fast(a, b);
            }
            return slow(aHigh, a, bHigh, b);
        }

        /** {@link #compute} of two longs, when {@link #fastOp}: 64 x 64 bits make at most 127, so nothing wraps. */
        long fast(long a, long b) {
            long lo;
            long hi;
            if (op == Expr.ArithmeticOp.MULTIPLY) {
                lo = a * b;
                hi = Math.multiplyHigh(a, b);
            } else {
                long x = a * factorLeft;
                long xHigh = Math.multiplyHigh(a, factorLeft);
                long y = b * factorRight;
                long yHigh = Math.multiplyHigh(b, factorRight);
                if (op == Expr.ArithmeticOp.SUBTRACT) {
                    y = -y;
                    yHigh = y == 0 ? -yHigh : ~yHigh;
                }
                lo = x + y;
                hi = xHigh + yHigh + Decimals.carry(lo, x);
            }
            return checked(hi, lo);
        }

        /** {@code hi:lo}, if it has no more digits than the type's precision (else NULL in LEGACY mode). */
        long checked(long hi, long lo) {
            if (!Decimals.fits(hi, lo, type.precision())) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.outOfRange(Decimals.text(hi, lo, type.scale()), type, sql);
            }
            nulled = false;
            high = hi;
            return lo;
        }

        private long slow(long aHigh, long a, long bHigh, long b) {
            BigDecimal x = new BigDecimal(Decimals.big(aHigh, a), scaleLeft);
            BigDecimal y = new BigDecimal(Decimals.big(bHigh, b), scaleRight);
            if ((op == Expr.ArithmeticOp.DIVIDE || op == Expr.ArithmeticOp.REMAINDER) && y.signum() == 0) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.byZero(op, sql);
            }
            BigDecimal v = switch (op) {
                case ADD -> x.add(y);
                case SUBTRACT -> x.subtract(y);
                case MULTIPLY -> x.multiply(y, Decimals.PRODUCT);
                case DIVIDE -> x.divide(y, ExprType.MAX_PRECISION, RoundingMode.HALF_UP);
                case REMAINDER -> x.remainder(y);
            };
            BigInteger unscaled = v.setScale(type.scale(), RoundingMode.HALF_UP).unscaledValue();
            if (unscaled.abs().compareTo(BigInteger.TEN.pow(type.precision())) >= 0) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.outOfRange(v.toPlainString(), type, sql);
            }
            return checked(unscaled.shiftRight(64).longValue(), unscaled.longValue());
        }
    }

    /**
     * {@code + - * / %} on floats: IEEE 754 doubles, a {@code float}'s result rounded to single
     * precision (exact as float arithmetic is, for these operators); a zero divisor is an error,
     * as Spark's ANSI mode has it, or NULL in LEGACY mode.
     */
    static final class FloatOps extends Binary {
        FloatOps(Expr.ArithmeticOp op, boolean legacy, ExprEval left, ExprEval right, ExprType type, String sql) {
            super(op, legacy, left, right, type, sql);
        }

        @Override
        double doubleValue(ByteBuffer buf, int record) {
            double a = left.doubleValue(buf, record);
            double b = right.doubleValue(buf, record);
            if (left.isNull || right.isNull) {
                isNull = true;
                return 0;
            }
            double v = compute(a, b);
            isNull = nulled;
            return v;
        }

        /** {@code a op b} of two values that are not NULL, {@link #nulled} saying whether it is NULL. */
        double compute(double a, double b) {
            if (b == 0 && (op == Expr.ArithmeticOp.DIVIDE || op == Expr.ArithmeticOp.REMAINDER)) {
                if (legacy) {
                    return nulled();
                }
                throw PlanArithmeticException.byZero(op, sql);
            }
            double v = switch (op) {
                case ADD -> a + b;
                case SUBTRACT -> a - b;
                case MULTIPLY -> a * b;
                case DIVIDE -> a / b;
                case REMAINDER -> a % b;
            };
            nulled = false;
            return type.bits() == 32 ? (float) v : v;
        }
    }

    /** Unary minus: an integer's MIN_VALUE is an overflow (LEGACY mode: itself, wrapped); a decimal or float changes sign. */
    static final class Negate extends ExprEval {
        final ExprEval operand;
        private final boolean legacy;

        Negate(ExprEval operand, boolean legacy, String sql) {
            super(operand.type, sql);
            this.operand = operand;
            this.legacy = legacy;
        }

        @Override
        long longValue(ByteBuffer buf, int record) {
            long v = operand.longValue(buf, record);
            isNull = operand.isNull;
            if (wide) {
                long lo = -v;
                high = isNull ? 0 : negatedHigh(lo, operand.high);
                return isNull ? 0 : lo;
            }
            return isNull ? 0 : negated(v);
        }

        /** The high word of {@code -(high:low)}, given {@code -low}: a wide decimal's -10^38 < -v < 10^38, never wrapping. */
        static long negatedHigh(long negatedLow, long high) {
            return negatedLow == 0 ? -high : ~high;
        }

        /** {@code -v}, an error for an integer's MIN_VALUE (unless LEGACY: itself). */
        long negated(long v) {
            boolean int32 = type.kind() == ExprType.Kind.INT && type.bits() == 32;
            if (!legacy && type.kind() == ExprType.Kind.INT && (int32 ? v == Integer.MIN_VALUE : v == Long.MIN_VALUE)) {
                throw PlanArithmeticException.overflow(int32 ? "integer" : "long", sql);
            }
            return int32 ? (int) -v : -v;
        }

        @Override
        double doubleValue(ByteBuffer buf, int record) {
            double v = operand.doubleValue(buf, record);
            isNull = operand.isNull;
            return -v;
        }
    }
}
