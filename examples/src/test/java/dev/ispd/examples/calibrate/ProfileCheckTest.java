package dev.ispd.examples.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.tasklet.Meter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * calibrate-host --check judges a profile only by the plans measured steadily: a plan whose rounds
 * spread by more than {@link ProfileCheck#STEADY} of their median is named with its spread and left
 * out of the largest error, and when fewer than half are steady the verdict is that the
 * measurement is too noisy to judge.
 */
class ProfileCheckTest {
    private static ProfileCheck.Row row(String name, long measuredMs, long predictedMs, double spread) {
        return new ProfileCheck.Row(name, measuredMs * 1_000_000, predictedMs * 1_000_000, spread);
    }

    @Test
    void theLargestErrorIsOverTheSteadyPlans() {
        List<ProfileCheck.Row> rows = List.of(row("tpch q1 records", 100, 88, 0.03), row("tpch q6 records", 50, 52, 0.10),
                row("plan q2 256 B", 10, 11, 0.02));
        assertEquals("largest error 12.0% (tpch q1 records, its rounds spread 3.0%) over the 3 of 3 plans whose rounds "
                + "spread by 10% or less", ProfileCheck.verdict(rows));
    }

    /**
     * The busy session machine's runs of the command: the short WorldCup plans at 256 B measured
     * 1-2 ms off their twins in the same rounds, a largest error of 49.2% in one run and 9.8% in
     * another. Their spread says so, and the verdict names them instead of swinging with them.
     */
    @Test
    void aNoisyPlanIsNamedWithItsSpreadAndLeftOutOfTheLargestError() {
        List<ProfileCheck.Row> rows = List.of(row("tpch q1 records", 100, 88, 0.03), row("plan min 256 B", 4, 6, 0.41),
                row("plan q1 256 B", 5, 6, 0.18), row("tpch q6 records", 50, 52, 0.04));
        ProfileCheck.Row noisy = rows.get(1);
        assertFalse(noisy.steady());
        assertEquals(0.5, ProfileCheck.worst(rows), 1e-9, "over every plan, the noisy one's error is the largest");
        assertEquals("largest error 12.0% (tpch q1 records, its rounds spread 3.0%) over the 2 of 4 plans whose rounds "
                + "spread by 10% or less; too noisy to judge: plan min 256 B (41.0%), plan q1 256 B (18.0%)",
                ProfileCheck.verdict(rows));
    }

    /** The fit's own workloads: a noisy one makes the profile's prices noisy, and the command says so. */
    @Test
    void aFitOfNoisyRoundsIsSaidToBeThatNoisy() {
        Meter m = new Meter();
        assertEquals("", ProfileCheck.fitNote(List.of(new HostCalibration.Run("noop", m, 4_000_000, 0.05))));
        assertEquals("the fit's rounds of 2 of 3 workloads spread by more than 10% of their median (largest 36.4%, "
                + "q1 32 B): the profile's prices are that noisy; run it again on a quieter machine",
                ProfileCheck.fitNote(List.of(new HostCalibration.Run("noop", m, 4_000_000, 0.05),
                        new HostCalibration.Run("plan q2 32 B", m, 25_000_000, 0.293),
                        new HostCalibration.Run("q1 32 B", m, 8_000_000, 0.364))));
    }

    @Test
    void whenMostPlansAreNoisyTheMeasurementIsTooNoisyToJudge() {
        List<ProfileCheck.Row> rows = List.of(row("tpch q1 records", 100, 88, 0.03), row("plan min 256 B", 4, 6, 0.41),
                row("plan q1 256 B", 5, 6, 0.18));
        String verdict = ProfileCheck.verdict(rows);
        assertTrue(verdict.startsWith("too noisy to judge: the rounds of 2 of 3 plans spread by more than 10% of their "
                + "median (largest 41.0%, plan min 256 B); run it again on a quieter machine"), verdict);
        assertFalse(verdict.contains("largest error"), verdict);
    }
}
