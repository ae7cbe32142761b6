package dev.ispd.examples.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a benchmark's round runs its sources (policies, or Spark's sources): a
 * Williams design, so that whatever a run leaves behind (garbage a later collection pays for, the
 * JIT's last compilations, caches warmed or cooled) falls on every source alike. Over every
 * {@link #period} rounds each source runs in each place of the round equally often, and runs right
 * after each other source, and right after whatever precedes the round (the stock job, plain
 * Spark), equally often. Rotating the sources and reversing every other round balances only the
 * places for four or more: with four TPC-H sources it put fastest last in the round, where the
 * round's young collection fell, in half its rounds and device-only never.
 *
 * <p>For {@code n} sources the first round is {@code 0, 1, n-1, 2, n-2, ...} and round {@code i}
 * adds {@code i} to each, modulo {@code n}: for an even {@code n} that balances both within
 * {@code n} rounds; for an odd {@code n} the next {@code n} rounds are the first {@code n}
 * reversed.
 */
public final class RunOrder {
    private RunOrder() {
    }

    /** The rounds after which the order balances: {@code n} for an even count, else {@code 2n}. */
    public static int period(int n) {
        return n % 2 == 0 ? n : 2 * n;
    }

    /** {@code sources} in the order of round {@code round} (from 1). */
    public static <T> List<T> of(List<T> sources, int round) {
        List<T> order = new ArrayList<>(sources.size());
        for (int k = 0; k < sources.size(); k++) {
            order.add(sources.get(at(round, k, sources.size())));
        }
        return order;
    }

    /** Which of {@code n} sources runs {@code k}th (from 0) in round {@code round} (from 1). */
    static int at(int round, int k, int n) {
        int row = (round - 1) % period(n);
        int place = row < n ? k : n - 1 - k;
        return (first(place, n) + row) % n;
    }

    /** The first round's {@code k}th source: 0, 1, n-1, 2, n-2, ... */
    private static int first(int k, int n) {
        return k % 2 == 1 ? (k + 1) / 2 : (n - k / 2) % n;
    }
}
