package dev.ispd.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyVerdictTest {
    @Test
    void theIntervalIsTheNarrowestOfOrderStatisticsHoldingTheMedianNineTimesInTen() {
        assertEquals(-1, PolicyVerdict.lowRank(3, 0.9)); // [x1, x3] holds it 75% of the time
        assertEquals(-1, PolicyVerdict.lowRank(4, 0.9)); // 87.5%
        assertEquals(0, PolicyVerdict.lowRank(5, 0.9)); // [x1, x5]: 93.75%
        assertEquals(1, PolicyVerdict.lowRank(8, 0.9)); // [x2, x7]: 93.0%; [x3, x6] 71.1%
        assertEquals(1, PolicyVerdict.lowRank(9, 0.9)); // [x2, x8]: 96.1%; [x3, x7] 82.0%
        assertEquals(3, PolicyVerdict.lowRank(15, 0.9)); // [x4, x12]: 96.5%; [x5, x11] 88.2%
        assertEquals(5, PolicyVerdict.lowRank(20, 0.9)); // [x6, x15]: 95.9%; [x7, x14] 88.5%
    }

    @Test
    void aHigherCoverageWidensTheInterval() {
        assertEquals(0, PolicyVerdict.lowRank(9, 0.98)); // [x1, x9]: 99.6%; [x2, x8] 96.1%
        assertEquals(2, PolicyVerdict.lowRank(15, 0.98)); // [x3, x13]: 99.3%; [x4, x12] 96.5%
        assertEquals(9, PolicyVerdict.lowRank(33, 0.98)); // [x10, x24]: 98.6%; [x11, x23] 96.5%
        assertEquals(5, PolicyVerdict.fewestRounds(0.9));
        assertEquals(7, PolicyVerdict.fewestRounds(0.98)); // [x1, x7]: 98.4%
        assertEquals("98", PolicyVerdict.percent(0.98));
        assertEquals("97.5", PolicyVerdict.percent(0.975));
    }

    @Test
    void theBestStaticPolicyIsTheOneWithTheLowestMedianAndRoundsArePaired() {
        Map<String, double[]> statics = new LinkedHashMap<>();
        statics.put("device-only", new double[] {0.20, 0.10, 0.10, 0.30, 0.10});
        statics.put("host-only", new double[] {1.0, 1.1, 1.2, 1.0, 0.9});
        PolicyVerdict v = PolicyVerdict.of("fastest", new double[] {0.21, 0.10, 0.11, 0.30, 0.10}, statics);

        assertEquals("device-only", v.best());
        assertEquals(0.11 / 0.10, v.ratio(), 1e-12);
        // the rounds' ratios 1.05, 1.0, 1.1, 1.0, 1.0: with 5 rounds the interval is their range, around their
        // median 1.0, which is not the medians' ratio 1.1
        assertEquals(1.0, v.pairedMedian(), 1e-12);
        assertEquals(1.0, v.low(), 1e-12);
        assertEquals(1.1, v.high(), 1e-12);
        assertEquals("met", v.verdict());
    }

    @Test
    void aSpreadReachingPastTheMarginIsNotSettledAndOneWhollyAboveItIsMissed() {
        double[] best = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        PolicyVerdict spread = PolicyVerdict.of("fastest", new double[] {0.8, 0.9, 1.0, 1.0, 1.05, 1.1, 1.2, 1.3, 1.5},
                "device-only", best);
        assertEquals(1.05, spread.ratio(), 1e-12);
        assertEquals(0.9, spread.low(), 1e-12); // x(2)
        assertEquals(1.3, spread.high(), 1e-12); // x(8)
        assertEquals("not settled", spread.verdict());
        assertTrue(spread.line("Q1", 9).endsWith("not settled, the interval spans 1.10: more runs"),
                spread.line("Q1", 9));

        PolicyVerdict slower = PolicyVerdict.of("fastest", new double[] {1.0, 1.15, 1.2, 1.2, 1.25, 1.3, 1.3, 1.4, 1.6},
                "device-only", best);
        assertEquals("missed", slower.verdict());
        assertEquals("Q19: fastest / best static (device-only): medians' ratio 1.25 over 9 runs (rounds' ratios: "
                + "median 1.25, 90% interval 1.15-1.40): missed, more than 10% slower", slower.line("Q19", 9));
    }

    /** The same rounds judged against "at least 2x faster": met only where the whole interval is at or under 0.5. */
    @Test
    void anotherMarginJudgesTheSameIntervalAgainstItsOwnRatio() {
        double[] parquet = {1, 1, 1, 1, 1, 1, 1, 1, 1};
        PolicyVerdict twice = PolicyVerdict.of("device-only", new double[] {0.3, 0.35, 0.4, 0.4, 0.42, 0.45, 0.46, 0.48, 0.6},
                "parquet", parquet).withMargin(0.5);
        assertEquals(0.35, twice.low(), 1e-12);
        assertEquals(0.48, twice.high(), 1e-12);
        assertEquals("met", twice.verdict());
        assertTrue(twice.line("Q6", 9).endsWith("met, at least 2.0x faster"), twice.line("Q6", 9));
        PolicyVerdict near = PolicyVerdict.of("device-only", new double[] {0.4, 0.45, 0.48, 0.5, 0.51, 0.52, 0.53, 0.55, 0.6},
                "parquet", parquet).withMargin(0.5);
        assertEquals("not settled", near.verdict());
        assertEquals("met", near.withMargin(PolicyVerdict.MARGIN).verdict());
        PolicyVerdict slow = PolicyVerdict.of("device-only", new double[] {0.5, 0.55, 0.6, 0.6, 0.62, 0.65, 0.66, 0.68, 0.8},
                "parquet", parquet).withMargin(0.5);
        assertEquals("missed", slow.verdict());
        assertTrue(slow.line("Q19", 9).endsWith("missed, less than 2.0x faster"), slow.line("Q19", 9));
    }

    @Test
    void tooFewRoundsGiveNoIntervalAndNoVerdict() {
        PolicyVerdict v = PolicyVerdict.of("fastest", new double[] {1, 1, 1}, "device-only", new double[] {1, 1, 1});
        assertFalse(v.hasInterval());
        assertEquals("not settled", v.verdict());
        assertTrue(v.line("Q2", 3).contains("too few rounds for an interval): not settled, at least 5 runs"));
    }

    @Test
    void unpairedRunsAreRefusedNamingThePolicies() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PolicyVerdict.of("fastest", new double[] {1, 1}, "device-only", new double[] {1}));
        assertEquals("device-only has 1 runs, fastest 2: the verdict pairs them by round", e.getMessage());
    }
}
