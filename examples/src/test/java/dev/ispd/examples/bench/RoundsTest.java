package dev.ispd.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RoundsTest {
    private static final double[] BEST = new double[40];

    static {
        Arrays.fill(BEST, 1.0);
    }

    @Test
    void aFixedNumberIsOneLookAtTheEndAtNinetyPercent() {
        Rounds r = Rounds.parse("9", 33);
        assertFalse(r.auto());
        assertEquals(9, r.cap());
        assertEquals(0.90, r.coverage(), 1e-12);
        // every ratio 1.0 settles it at once, yet a fixed number runs them all
        assertFalse(r.enough(5, n -> verdict(r, ratios(n, 1.0))));
        assertTrue(r.enough(9, n -> verdict(r, ratios(n, 1.0))));
        assertEquals("9 runs", r.describe("runs"));
    }

    @Test
    void autoLooksAfterNineRoundsAndEverySixMoreUpToItsCapEachLookAtAHigherCoverage() {
        Rounds r = Rounds.parse("auto", 33);
        assertTrue(r.auto());
        assertEquals(33, r.cap());
        assertEquals(0.98, r.coverage(), 1e-12); // 5 looks: 9, 15, 21, 27, 33
        assertFalse(r.enough(8, n -> verdict(r, ratios(n, 1.0))), "not a look");
        assertTrue(r.enough(9, n -> verdict(r, ratios(n, 1.0))), "settled at the first look");
        assertFalse(r.enough(10, n -> verdict(r, ratios(n, 1.0))), "between looks");
        assertTrue(r.describe("rounds").contains("looked at after 9, 15, 21, 27, 33 rounds, each look's interval at 98%"),
                r.describe("rounds"));

        Rounds small = Rounds.auto(12);
        assertEquals(0.95, small.coverage(), 1e-12); // looks at 9 and 12
        assertTrue(small.enough(12, n -> verdict(small, ratios(n, 1.0, 1.3))), "the cap ends it, settled or not");
    }

    @Test
    void aSpreadPastTheMarginRunsOnAndNothingToJudgeStopsAtTheFirstLook() {
        Rounds r = Rounds.auto(33);
        // ratios alternating 0.95 and 1.25: the interval spans 1.10 at every look
        assertFalse(r.enough(9, n -> verdict(r, ratios(n, 0.95, 1.25))));
        assertFalse(r.enough(27, n -> verdict(r, ratios(n, 0.95, 1.25))));
        assertTrue(r.enough(33, n -> verdict(r, ratios(n, 0.95, 1.25))));
        assertTrue(r.enough(9, n -> null), "no verdict to settle: the first look ends it");
    }

    /**
     * Honesty of looking again: rounds whose true median ratio is just past the margin (1.101) with
     * a spread as wide as the quiet sitting's are called "met" in fewer than 5% of trials (a 90%
     * interval wholly under the margin misses a median above it at most 5% of the time), every look
     * counted; had each look taken a 90% interval, about 7.5% would be.
     */
    @Test
    void lookingUntilSettledCallsAFalseMetNoMoreOftenThanOneLookWould() {
        Rounds r = Rounds.auto(33);
        Random random = new Random(24);
        int falseMet = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            List<Double> ratios = new ArrayList<>();
            PolicyVerdict last = null;
            for (int done = 1; last == null; done++) {
                ratios.add(1.101 * Math.exp(0.12 * random.nextGaussian()));
                PolicyVerdict v = verdict(r, ratios.stream().mapToDouble(Double::doubleValue).toArray());
                if (r.enough(done, n -> v)) {
                    last = v;
                }
            }
            if (last.verdict().equals("met")) {
                falseMet++;
            }
        }
        assertTrue(falseMet < trials / 20, falseMet + " of " + trials + " trials called met");
    }

    @Test
    void anythingButANumberOrAutoIsRefusedNamingWhatIsAccepted() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rounds.parse("many", 33));
        assertEquals("give a number of rounds or auto, not many", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Rounds.parse("0", 33));
        assertThrows(IllegalArgumentException.class, () -> Rounds.auto(0));
    }

    private static PolicyVerdict verdict(Rounds r, double[] fastest) {
        return r.verdict("fastest", fastest, Map.of("device-only", Arrays.copyOf(BEST, fastest.length)));
    }

    /** {@code n} rounds' fastest times against the best's 1.0: the values in turn. */
    private static double[] ratios(int n, double... values) {
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = values[i % values.length];
        }
        return r;
    }
}
