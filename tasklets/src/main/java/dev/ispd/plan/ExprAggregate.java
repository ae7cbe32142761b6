package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * The state and arithmetic of one aggregate of an expression ({@link Aggregate#argument}), in a
 * group table's flat arrays: per group a value word ({@code low}: a long, a double's bits, a
 * 128-bit decimal sum's low half), a {@code high} word (that sum's high half) and the count of
 * values taken. NULLs are skipped. SUM of integers raises ARITHMETIC_OVERFLOW past a bigint, as
 * Spark's ANSI mode does; a decimal SUM is exact and its precision checked when it is written. An
 * AVG keeps Spark's partial sum ({@link Aggregate#partialType}): a double (integers summed as
 * doubles, as Spark's does), or a decimal sum as SUM's; {@link Aggregate#value} divides it.
 * The same rules merge partial results ({@link #merge}), so a split's answer on a drive and on
 * the host merge to the same result.
 */
final class ExprAggregate {
    private static final int LONG = 0;
    private static final int DOUBLE = 1;
    private static final int BOOL = 2;
    private static final int LONG_AS_DOUBLE = 3;
    private static final BigInteger UNSIGNED_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private final Aggregate.Function function;
    /** The compiled argument: {@link #accept} runs it per record, a batch its {@link VectorCompiler} form. */
    final ExprEval argument;
    private final ExprType result;
    /** How a value is held: {@link #LONG}, {@link #DOUBLE}, {@link #BOOL}, or a long summed as a double. */
    private final int input;
    /** Whether the values are added (SUM, AVG), not compared (MIN, MAX). */
    private final boolean summing;
    private final boolean wideSum;
    private final String sql;

    ExprAggregate(Aggregate aggregate, Layout layout) {
        this.function = aggregate.function();
        this.argument = ExprCompiler.compile(aggregate.argument(), layout);
        this.result = aggregate.partialType(layout);
        this.summing = function == Aggregate.Function.SUM || function == Aggregate.Function.AVG;
        this.input = switch (argument.type.kind()) {
            case FLOAT -> DOUBLE;
            case BOOL -> BOOL;
            case STRING -> -1; // COUNT only: nullness
            case INT -> summing && result.kind() == ExprType.Kind.FLOAT ? LONG_AS_DOUBLE : LONG;
            default -> LONG;
        };
        // a decimal sum is summed in 128 bits whatever its words: its precision is checked as it is written
        this.wideSum = summing && result.kind() == ExprType.Kind.DECIMAL;
        this.sql = aggregate.toString();
    }

    /** Takes the record's value into the state at {@code at}. */
    void accept(ByteBuffer buf, int record, long[] low, long[] high, long[] count, int at) {
        if (function == Aggregate.Function.COUNT) {
            if (!argument.evaluatesToNull(buf, record)) {
                low[at]++;
            }
            return;
        }
        if (input == DOUBLE || input == LONG_AS_DOUBLE) {
            double d = input == DOUBLE ? argument.doubleValue(buf, record) : argument.longValue(buf, record);
            if (!argument.isNull) {
                takeDouble(d, low, count, at);
            }
            return;
        }
        if (input == BOOL) {
            int t = argument.truth(buf, record);
            if (t != ExprEval.UNKNOWN) {
                takeLong(t, low, high, count, at);
            }
            return;
        }
        long v = argument.longValue(buf, record);
        if (!argument.isNull) {
            takeLong(v, low, high, count, at);
        }
    }

    /**
     * {@link #accept} of a batch: rows {@code sel[0, n)}, whose values {@code values} (the batch
     * form of {@link #argument}) holds, each into the state at {@code base[i] + offset}. Returns
     * -1, or the first {@code i} whose value a SUM could not take (ARITHMETIC_OVERFLOW): the rows
     * from there on are not taken, and the caller raises the error, {@link #overflow}.
     */
    int acceptAll(VectorEval values, int[] sel, int n, int[] base, int offset, long[] low, long[] high,
                  long[] count) {
        if (wideSum && input == LONG) { // a decimal SUM, the commonest: never fails here
            long[] v = values.longs;
            boolean[] nulls = values.nulls;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (!nulls[r]) {
                    int at = base[i] + offset;
                    add128(low, high, at, v[r], v[r] >> 63);
                    count[at]++;
                }
            }
            return -1;
        }
        if (summing && input == LONG) { // an integer SUM: overflow stops it at its row
            long[] v = values.longs;
            boolean[] nulls = values.nulls;
            int i = 0;
            try {
                for (; i < n; i++) {
                    int r = sel[i];
                    if (!nulls[r]) {
                        int at = base[i] + offset;
                        low[at] = Math.addExact(low[at], v[r]);
                        count[at]++;
                    }
                }
            } catch (ArithmeticException e) {
                return i;
            }
            return -1;
        }
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            int at = base[i] + offset;
            if (values.isNull(r)) {
                continue;
            }
            if (function == Aggregate.Function.COUNT) {
                low[at]++;
            } else if (input == DOUBLE || input == LONG_AS_DOUBLE) {
                takeDouble(input == DOUBLE ? values.doubles[r] : values.longs[r], low, count, at);
            } else {
                try {
                    takeLong(input == BOOL ? values.truths[r] : values.longs[r], low, high, count, at);
                } catch (PlanArithmeticException e) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The error of a SUM that left a bigint ({@link #acceptAll}'s). */
    PlanArithmeticException overflow() {
        return PlanArithmeticException.overflow("long", sql);
    }

    private void takeDouble(double d, long[] low, long[] count, int at) {
        double sofar = Double.longBitsToDouble(low[at]);
        // a SUM starts from 0.0, as Spark's does (so a sum of -0.0 is 0.0); a NaN is written as Java's one NaN
        low[at] = Double.doubleToLongBits(summing ? sofar + d
                : count[at] == 0 ? d : extreme(sofar, d));
        count[at]++;
    }

    private void takeLong(long v, long[] low, long[] high, long[] count, int at) {
        if (!summing) {
            if (count[at] == 0 || (function == Aggregate.Function.MIN ? v < low[at] : v > low[at])) {
                low[at] = v;
            }
        } else if (wideSum) {
            add128(low, high, at, v, v >> 63);
        } else {
            low[at] = addExact(low[at], v);
        }
        count[at]++;
    }

    private double extreme(double sofar, double d) {
        int c = LogicEval.CompareDoubles.compare(d, sofar);
        return function == Aggregate.Function.MIN ? (c < 0 ? d : sofar) : (c > 0 ? d : sofar);
    }

    private long addExact(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw PlanArithmeticException.overflow("long", sql);
        }
    }

    private static void add128(long[] low, long[] high, int at, long lo, long hi) {
        long sum = low[at] + lo;
        long carry = Long.compareUnsigned(sum, low[at]) < 0 ? 1 : 0;
        low[at] = sum;
        high[at] += hi + carry;
    }

    /** Writes the state at {@code at}: the count alone for COUNT, else the value's words and the count. */
    void write(ResultSink out, long[] low, long[] high, long[] count, int at) {
        if (function == Aggregate.Function.COUNT) {
            out.putLong(low[at]);
            return;
        }
        checkPrecision(low[at], high[at]);
        out.putLong(low[at]);
        if (result.words() == 2) {
            out.putLong(high[at]);
        }
        out.putLong(count[at]);
    }

    /** A decimal SUM past its type's digits is Spark's ANSI error. */
    private void checkPrecision(long lo, long hi) {
        if (!wideSum) {
            return;
        }
        BigInteger v = BigInteger.valueOf(hi).shiftLeft(64).or(BigInteger.valueOf(lo).and(UNSIGNED_64));
        if (v.abs().compareTo(BigInteger.TEN.pow(result.precision())) >= 0) {
            throw new PlanArithmeticException("ARITHMETIC_OVERFLOW", "overflow in sum of decimals: " + sql + " passed "
                    + result);
        }
    }

    /** Words of this aggregate in a result row. */
    int words() {
        return function == Aggregate.Function.COUNT ? 1 : result.words() + 1;
    }

    /**
     * Merges the partial at {@code partial[from...]} into {@code into[at...]}, both this
     * aggregate's {@link #words} as {@link #write} lays them out.
     */
    void merge(long[] into, int at, long[] partial, int from) {
        if (function == Aggregate.Function.COUNT) {
            into[at] += partial[from];
            return;
        }
        int countAt = result.words();
        long n = partial[from + countAt];
        if (n == 0) {
            return;
        }
        if (into[at + countAt] == 0) {
            System.arraycopy(partial, from, into, at, words());
            return;
        }
        if (input == DOUBLE || input == LONG_AS_DOUBLE) {
            double a = Double.longBitsToDouble(into[at]);
            double b = Double.longBitsToDouble(partial[from]);
            into[at] = Double.doubleToLongBits(summing ? a + b : extreme(a, b));
        } else if (!summing) {
            long b = partial[from];
            if (function == Aggregate.Function.MIN ? b < into[at] : b > into[at]) {
                into[at] = b;
            }
        } else if (wideSum && result.words() == 2) {
            long sum = into[at] + partial[from];
            long carry = Long.compareUnsigned(sum, into[at]) < 0 ? 1 : 0;
            into[at] = sum;
            into[at + 1] += partial[from + 1] + carry;
            checkPrecision(into[at], into[at + 1]);
        } else if (wideSum) {
            into[at] = addExact(into[at], partial[from]);
            checkPrecision(into[at], into[at] >> 63);
        } else {
            into[at] = addExact(into[at], partial[from]);
        }
        into[at + countAt] += n;
    }
}
