package dev.ispd.offload.schedule;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * On the measured basis, fastest keeps the side it does not use measured: a plan that puts every
 * split of a job on one side learns nothing of the other, and a side once measured slow (a busy
 * moment, a cold start) would never be measured again. So a plan whose every split is on one side
 * moves one split to the other while that side {@linkplain CorrectionBook#needsMeasuring needs
 * measuring}: both sides measured in the first jobs, then one split in
 * {@value CorrectionBook#EVERY} at most; a job of fewer than {@value #MIN_SPLITS}
 * splits is not probed (one split would be too large a share of it). The split moved is one of
 * those whose drive (or host) has the fewest samples there, so every drive gets its turn, and of
 * those the one the plan model says costs least there. Logged with the plan and in the split's
 * decision.
 */
final class SideProbe {
    /** The fewest splits of a job one of which may re-measure the other side. */
    static final int MIN_SPLITS = 4;

    /** The split at {@code position} (in the plan's order) moved to {@code side}, and why. */
    record Probe(int position, Placement side, String reason) {
    }

    private SideProbe() {
    }

    /**
     * The probe for {@code placement} (every split on one side), or null if the other side is
     * measured enough or the job has fewer than {@value #MIN_SPLITS} splits;
     * {@code chosenSamples} and {@code otherSamples} are the measured samples of the plan's shape
     * on the chosen side and on the other, {@code placeSamples[i]} those of split {@code i}'s place
     * on the other side (its drive's, or the host's).
     */
    static Probe of(PlanModel model, List<SplitWork> splits, SplitCosts[] predicted, Placement[] placement,
                    long chosenSamples, long otherSamples, long[] placeSamples) {
        if (placement.length < MIN_SPLITS || !CorrectionBook.needsMeasuring(otherSamples, chosenSamples)) {
            return null;
        }
        Placement side = placement[0].other();
        long without = model.evaluate(splits, predicted, placement).makespanNs();
        int best = -1;
        long bestNs = Long.MAX_VALUE;
        Placement[] moved = placement.clone();
        long fewest = Arrays.stream(placeSamples).min().orElseThrow();
        for (int i = 0; i < moved.length; i++) {
            if (placeSamples[i] != fewest) {
                continue;
            }
            moved[i] = side;
            long ns = model.evaluate(splits, predicted, moved).makespanNs();
            moved[i] = placement[i];
            if (ns < bestNs) {
                best = i;
                bestNs = ns;
            }
        }
        String name = side.name().toLowerCase(Locale.ROOT);
        return new Probe(best, side, String.format(Locale.ROOT, "re-measures the %s: %d measured sample(s) of this "
                + "plan shape there against %d on the %s, fewer than %d + 1 per %d (plan makespan %s with it, %s "
                + "without)", name, otherSamples, chosenSamples, placement[0].name().toLowerCase(Locale.ROOT),
                CorrectionBook.STANDING, CorrectionBook.EVERY, Format.seconds(bestNs), Format.seconds(without)));
    }
}
