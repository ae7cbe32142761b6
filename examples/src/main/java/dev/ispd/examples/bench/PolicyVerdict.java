package dev.ispd.examples.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.DoubleStream;

/**
 * Issue 24 point 3's verdict on one query: the default policy's median wall clock over the best
 * static policy's, and whether the runs settle that it is within {@link #MARGIN} of it. The
 * benchmarks run the policies in the same rounds, so a round's two runs share the machine's
 * moment; the verdict takes the ratio of each round's pair, and a distribution-free interval of
 * their median (order statistics of the binomial: at least {@link #COVERAGE} of the time it holds
 * the median) says whether the spread allows a call. Within 10% when the whole interval is at or
 * under 1.10 ({@link #margin}), more than 10% slower when the whole interval is above it, else not settled by this
 * many runs (the sittings of 3 runs of 2026-11-28 gave Q1 1.11 and 1.04 with the same placement).
 * A benchmark that looks at the verdict more than once to decide whether to run more rounds
 * ({@link Rounds}) asks each look for a higher coverage, so that all its looks together still hold
 * the median at least {@link #COVERAGE} of the time.
 *
 * @param fastest the default policy's name
 * @param best the static policy with the lowest median
 * @param ratio the default policy's median over the best static policy's (the medians' ratio)
 * @param pairedMedian the median of the rounds' ratios, which the interval holds, not always the medians' ratio
 * @param low the interval's low end of the rounds' ratios
 * @param high the interval's high end (both NaN with too few rounds for any interval)
 * @param coverage how often the interval holds the rounds' median ratio, at least
 * @param margin the ratio the whole interval must be at or under to be met, above to be missed:
 *     {@link #MARGIN}, or another aim's ({@link #withMargin}: 0.5 for "at least 2x faster")
 */
public record PolicyVerdict(String fastest, String best, double ratio, double pairedMedian, double low, double high,
                            double coverage, double margin) {
    /** Issue 24's margin: the default policy's median at most 10% above the best static policy's. */
    public static final double MARGIN = 1.10;
    /** How often the interval (all the intervals of a benchmark's looks together) holds the rounds' median ratio, at least. */
    public static final double COVERAGE = 0.90;

    /**
     * The verdict over per-round wall clocks: {@code fastest[r]} ran in the same round as each
     * static policy's {@code [r]}.
     */
    public static PolicyVerdict of(String fastestName, double[] fastest, Map<String, double[]> statics) {
        return of(fastestName, fastest, statics, COVERAGE);
    }

    /** {@link #of(String, double[], Map)} with an interval holding the median at least {@code coverage} of the time. */
    public static PolicyVerdict of(String fastestName, double[] fastest, Map<String, double[]> statics,
                                   double coverage) {
        if (statics.isEmpty()) {
            throw new IllegalArgumentException("no static policy to compare " + fastestName + " with");
        }
        String best = null;
        for (Map.Entry<String, double[]> s : statics.entrySet()) {
            if (s.getValue().length != fastest.length) {
                throw new IllegalArgumentException(s.getKey() + " has " + s.getValue().length + " runs, " + fastestName
                        + " " + fastest.length + ": the verdict pairs them by round");
            }
            if (best == null || median(s.getValue()) < median(statics.get(best))) {
                best = s.getKey();
            }
        }
        double[] pairs = new double[fastest.length];
        for (int r = 0; r < fastest.length; r++) {
            pairs[r] = fastest[r] / statics.get(best)[r];
        }
        Arrays.sort(pairs);
        int k = lowRank(pairs.length, coverage);
        return new PolicyVerdict(fastestName, best, median(fastest) / median(statics.get(best)), median(pairs),
                k < 0 ? Double.NaN : pairs[k], k < 0 ? Double.NaN : pairs[pairs.length - 1 - k], coverage, MARGIN);
    }

    /** The same rounds judged against {@code aim}: met where the whole interval is at or under it. */
    public PolicyVerdict withMargin(double aim) {
        return new PolicyVerdict(fastest, best, ratio, pairedMedian, low, high, coverage, aim);
    }

    /** Of two policies' runs (one static policy), as {@link #of(String, double[], Map)}. */
    public static PolicyVerdict of(String fastestName, double[] fastest, String staticName, double[] statics) {
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put(staticName, statics);
        return of(fastestName, fastest, m);
    }

    /**
     * The 0-based rank of the interval's low end among {@code n} sorted values (its high end is
     * {@code n - 1 -} it): the largest whose interval still holds the median at least
     * {@code coverage} of the time; -1 when even the whole range does not (at 90%: fewer than 5 values).
     */
    static int lowRank(int n, double coverage) {
        // [x(k+1), x(n-k)] (1-based) misses the median when at most k values lie below it or at most k above it
        int rank = -1;
        double below = 0; // P(Binomial(n, 1/2) <= k), summed as k grows
        double term = Math.pow(0.5, n);
        for (int k = 0; 2 * k < n; k++) {
            below += term;
            if (1 - 2 * below < coverage) {
                break;
            }
            rank = k;
            term = term * (n - k) / (k + 1);
        }
        return rank;
    }

    /** The fewest rounds that give an interval holding the median at least {@code coverage} of the time. */
    static int fewestRounds(double coverage) {
        int n = 1;
        while (lowRank(n, coverage) < 0) {
            n++;
        }
        return n;
    }

    /** Whether the interval is known. */
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** {@code met}, {@code missed} or {@code not settled}, as the interval says. */
    public String verdict() {
        if (!hasInterval()) {
            return "not settled";
        }
        return high <= margin ? "met" : low > margin ? "missed" : "not settled";
    }

    /** Whether the runs settle the verdict: met or missed. */
    public boolean settled() {
        return !verdict().equals("not settled");
    }

    /** One line: the ratio, the interval and the verdict, with what to do when it is not settled. */
    public String line(String query, int runs) {
        String verdict = verdict();
        String why = switch (verdict) {
            case "met" -> margin >= 1 ? "within " + Math.round((margin - 1) * 100) + "%"
                    : String.format("at least %.2gx faster", 1 / margin);
            case "missed" -> margin >= 1 ? "more than " + Math.round((margin - 1) * 100) + "% slower"
                    : String.format("less than %.2gx faster", 1 / margin);
            default -> hasInterval() ? "the interval spans " + String.format("%.2f", margin) + ": more runs"
                    : "at least " + fewestRounds(coverage) + " runs";
        };
        return String.format("%s: %s / best static (%s): medians' ratio %.2f over %d runs (%s): %s, %s", query,
                fastest, best, ratio, runs, interval(), verdict, why);
    }

    /**
     * The rounds' ratios as a report says them: their median and its interval, or that there are
     * too few rounds for one. Their median, not the medians' ratio, is what the interval holds.
     */
    public String interval() {
        return hasInterval() ? String.format("rounds' ratios: median %.2f, %s%% interval %.2f-%.2f", pairedMedian,
                percent(coverage), low, high) : "too few rounds for an interval";
    }

    /** {@code 0.9} as {@code 90}, {@code 0.975} as {@code 97.5}. */
    static String percent(double fraction) {
        double p = Math.round(fraction * 1000) / 10.0;
        return p == Math.rint(p) ? String.format("%.0f", p) : String.format("%.1f", p);
    }

    private static double median(double[] values) {
        return WallClockQ1.median(DoubleStream.of(values));
    }
}
