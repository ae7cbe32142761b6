package dev.ispd.examples.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * How many rounds a benchmark times per query (issue 24 point 3): a fixed number, judged once at
 * the end ({@link PolicyVerdict} at {@value PolicyVerdict#COVERAGE}); or {@code auto}: rounds
 * until every verdict the benchmark gives of the query (of fastest against the best static policy,
 * of an aim against Parquet) is settled, looked at after
 * {@value #FIRST_LOOK} rounds and every {@value #LOOK_EVERY} more, and at the cap. Looking again
 * until an interval settles would make a false verdict likelier than one look's 10% (each look is
 * another chance for an interval to miss the median), so each look's interval holds the median at
 * least {@code 1 - 0.10 / looks} of the time: whichever look stops, all the looks' intervals held
 * it at least 90% of the time together (the union bound), and the verdict stays what one look of a
 * fixed number of rounds says. The price is wider intervals per look: at 5 looks each holds the
 * median 98% of the time (over 9 rounds their range, over 33 the 10th to the 24th).
 */
public final class Rounds {
    /** Rounds before the first look of {@code auto}: 9 give a 90% interval from the 2nd to the 8th ratio. */
    public static final int FIRST_LOOK = 9;
    /** Rounds between looks of {@code auto}. */
    public static final int LOOK_EVERY = 6;
    /** The cap of {@code auto} unless one is given: 5 looks, at 9, 15, 21, 27 and 33 rounds. */
    public static final int DEFAULT_CAP = 33;

    private final boolean auto;
    private final List<Integer> looks;

    private Rounds(boolean auto, List<Integer> looks) {
        this.auto = auto;
        this.looks = List.copyOf(looks);
    }

    /** {@code runs} rounds, judged once at the end. */
    public static Rounds fixed(int runs) {
        if (runs < 1) {
            throw new IllegalArgumentException("a benchmark times 1 round or more, not " + runs);
        }
        return new Rounds(false, List.of(runs));
    }

    /** Rounds until every verdict settles, at most {@code cap}. */
    public static Rounds auto(int cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("the cap of --runs auto is 1 round or more, not " + cap);
        }
        List<Integer> looks = new ArrayList<>();
        for (int n = FIRST_LOOK; n < cap; n += LOOK_EVERY) {
            looks.add(n);
        }
        looks.add(cap);
        return new Rounds(true, looks);
    }

    /**
     * {@code text} as a benchmark's {@code --runs}: {@code auto} (capped at {@code cap}) or a
     * number of rounds; anything else is refused naming what is accepted.
     */
    public static Rounds parse(String text, int cap) {
        if (text.trim().equalsIgnoreCase("auto")) {
            return auto(cap);
        }
        try {
            return fixed(Integer.parseInt(text.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("give a number of rounds or auto, not " + text);
        }
    }

    /** The most rounds a query times. */
    public int cap() {
        return looks.get(looks.size() - 1);
    }

    /** Whether the rounds stop once the verdict settles. */
    public boolean auto() {
        return auto;
    }

    /** How often each look's interval holds the rounds' median ratio, at least. */
    public double coverage() {
        return 1 - (1 - PolicyVerdict.COVERAGE) / looks.size();
    }

    /** The verdict after some rounds, at this {@link #coverage}. */
    public PolicyVerdict verdict(String fastestName, double[] fastest, Map<String, double[]> statics) {
        return PolicyVerdict.of(fastestName, fastest, statics, coverage());
    }

    /**
     * Whether a query stops after {@code done} rounds: at the cap, or at a look of {@code auto}
     * whose verdict ({@code verdict} of the rounds done, asked only there; null where the policies
     * it compares did not run, so nothing is to settle) is settled.
     */
    public boolean enough(int done, IntFunction<PolicyVerdict> verdict) {
        if (done >= cap()) {
            return true;
        }
        if (!auto || !looks.contains(done)) {
            return false;
        }
        PolicyVerdict v = verdict.apply(done);
        return v == null || v.settled();
    }

    /** What the rounds are, for the report, counted in {@code unit}: {@code 9 rounds} or the looks of {@code auto}. */
    public String describe(String unit) {
        if (!auto) {
            return cap() + " " + unit;
        }
        return String.format("%s until every verdict settles, looked at after %s %s, each look's interval at "
                + "%s%% so that all of them hold the median %s%% of the time", unit, looks.stream().map(String::valueOf)
                .collect(Collectors.joining(", ")), unit, PolicyVerdict.percent(coverage()),
                PolicyVerdict.percent(PolicyVerdict.COVERAGE));
    }
}
