package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;

/**
 * The state and arithmetic of one aggregate of an expression ({@link Aggregate#argument}), in a
 * group table's flat arrays: per group a value word ({@code low}: a long, a double's bits, a
 * 128-bit decimal sum's low half), a {@code high} word (that sum's high half) and the count of
 * values taken. NULLs are skipped. SUM of integers raises ARITHMETIC_OVERFLOW past a bigint, as
 * Spark's ANSI mode does; a decimal SUM is exact in 128 bits, and one that passes its type's
 * digits is written as overflowed ({@link #overflowed}), which stays so as partials merge:
 * the final value ({@link Aggregate#value}) is then Spark's overflow, an error or NULL by the
 * query's rule. An
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
    /**
     * The high word of a decimal sum that passed its type's digits (-2^127, beyond every decimal;
     * in a one-word result, {@code Long.MIN_VALUE}, beyond 18 digits).
     */
    private static final long OVERFLOWED_HIGH = Long.MIN_VALUE;

    private final Aggregate.Function function;
    /** The compiled argument: {@link #accept} runs it per record, a batch its {@link VectorCompiler} form. */
    final ExprEval argument;
    private final ExprType result;
    /** How a value is held: {@link #LONG}, {@link #DOUBLE}, {@link #BOOL}, or a long summed as a double. */
    private final int input;
    /** Whether the values are added (SUM, AVG), not compared (MIN, MAX). */
    private final boolean summing;
    private final boolean wideSum;
    /** Whether the argument is a decimal of more than 18 digits: two words per value, and a sum that can pass 128 bits. */
    private final boolean wideInput;
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
        this.wideInput = argument.wide;
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
                takeLong(t, 0, low, high, count, at);
            }
            return;
        }
        long v = argument.longValue(buf, record);
        if (!argument.isNull) {
            takeLong(v, argument.highOf(v), low, high, count, at);
        }
    }

    /**
     * {@link #accept} of a batch: rows {@code sel[from, to)}, whose values {@code values} (the batch
     * form of {@link #argument}) holds, each into the state at {@code base[i] + offset}. Returns
     * -1, or the first {@code i} whose value a SUM could not take (ARITHMETIC_OVERFLOW): the rows
     * from there on are not taken, and the caller raises the error, {@link #overflow}.
     */
    int acceptAll(VectorEval values, int[] sel, int from, int to, int[] base, int offset, long[] low, long[] high,
                  long[] count) {
        if (wideSum) { // a decimal SUM: of longs (the commonest) never fails nor passes 128 bits; of wide values overflowed for good
            long[] v = values.longs;
            long[] h = wideInput ? values.highs : null;
            boolean[] nulls = values.nulls;
            for (int i = from; i < to; i++) {
                int r = sel[i];
                if (!nulls[r]) {
                    int at = base[i] + offset;
                    if (h == null) {
                        add128(low, high, at, v[r], v[r] >> 63);
                    } else {
                        addChecked(low, high, at, v[r], h[r]);
                    }
                    count[at]++;
                }
            }
            return -1;
        }
        if (summing && input == LONG) { // an integer SUM: overflow stops it at its row
            long[] v = values.longs;
            boolean[] nulls = values.nulls;
            int i = from;
            try {
                for (; i < to; i++) {
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
        for (int i = from; i < to; i++) {
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
                    long v = input == BOOL ? values.truths[r] : values.longs[r];
                    takeLong(v, wideInput ? values.highs[r] : v >> 63, low, high, count, at);
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

    private void takeLong(long v, long vHigh, long[] low, long[] high, long[] count, int at) {
        if (!summing) {
            int c = count[at] == 0 ? 0 : Decimals.compare(vHigh, v, high[at], low[at]);
            if (count[at] == 0 || (function == Aggregate.Function.MIN ? c < 0 : c > 0)) {
                low[at] = v;
                high[at] = vHigh;
            }
        } else if (wideSum && wideInput) {
            addChecked(low, high, at, v, vHigh);
        } else if (wideSum) {
            add128(low, high, at, v, vHigh);
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
        high[at] += hi + Decimals.carry(sum, low[at]);
        low[at] = sum;
    }

    /**
     * {@link #add128} of a wide value (up to 10^38 each, so a sum can pass 128 bits): exact while
     * it stays within them, as Spark's unbounded sum of a partition is; one that wraps has passed
     * every decimal's digits, and becomes {@link #OVERFLOWED_HIGH overflowed} for good.
     */
    private static void addChecked(long[] low, long[] high, int at, long lo, long hi) {
        long before = high[at];
        if (before == OVERFLOWED_HIGH && low[at] == 0) {
            return;
        }
        add128(low, high, at, lo, hi);
        if (((before ^ high[at]) & (hi ^ high[at])) < 0) { // both signs alike, the sum's not: it wrapped
            high[at] = OVERFLOWED_HIGH;
            low[at] = 0;
        }
    }

    /** Writes the state at {@code at}: the count alone for COUNT, else the value's words and the count. */
    void write(ResultSink out, long[] low, long[] high, long[] count, int at) {
        if (function == Aggregate.Function.COUNT) {
            out.putLong(low[at]);
            return;
        }
        boolean overflowed = wideSum && !Decimals.fits(high[at], low[at], result.precision());
        out.putLong(overflowed ? (result.words() == 2 ? 0 : Long.MIN_VALUE) : low[at]);
        if (result.words() == 2) {
            out.putLong(overflowed ? OVERFLOWED_HIGH : high[at]);
        }
        out.putLong(count[at]);
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
            int c = result.words() == 2 ? Decimals.compare(partial[from + 1], partial[from], into[at + 1], into[at])
                    : Long.compare(partial[from], into[at]);
            if (function == Aggregate.Function.MIN ? c < 0 : c > 0) {
                System.arraycopy(partial, from, into, at, result.words());
            }
        } else if (wideSum) {
            mergeSums(into, at, partial, from);
        } else {
            into[at] = addExact(into[at], partial[from]);
        }
        into[at + countAt] += n;
    }

    /**
     * Adds decimal sum partials as {@link #write} lays them out: exact, or {@link #OVERFLOWED_HIGH overflowed}
     * where either is, or their sum passes the type's digits.
     */
    private void mergeSums(long[] into, int at, long[] partial, int from) {
        boolean two = result.words() == 2;
        long aLow = into[at];
        long aHigh = two ? into[at + 1] : aLow >> 63;
        long bLow = partial[from];
        long bHigh = two ? partial[from + 1] : bLow >> 63;
        int p = result.precision();
        long sum = aLow + bLow;
        long sumHigh = aHigh + bHigh + Decimals.carry(sum, aLow); // one that wraps past 2^127 lands beyond 10^38
        boolean overflowed = !Decimals.fits(aHigh, aLow, p) || !Decimals.fits(bHigh, bLow, p)
                || !Decimals.fits(sumHigh, sum, p);
        into[at] = overflowed ? (two ? 0 : Long.MIN_VALUE) : sum;
        if (two) {
            into[at + 1] = overflowed ? OVERFLOWED_HIGH : sumHigh;
        }
    }

    /**
     * Whether the partial value at {@code row[at...]}, as {@link #write} lays it out, is a decimal
     * sum that passed its type's digits: Spark's overflow, an error under ANSI, NULL for try_sum.
     */
    static boolean overflowed(long[] row, int at, ExprType partial) {
        return partial.kind() == ExprType.Kind.DECIMAL
                && !Decimals.fits(partial.words() == 2 ? row[at + 1] : row[at] >> 63, row[at], partial.precision());
    }
}
