package dev.ispd.examples.calibrate;

import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.LinkSpec;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How well a host profile predicts runs measured on this machine: each run's metered work priced
 * by {@link HostModel} as the scheduler prices a host split's CPU time (the scan's per-byte work
 * and its metered operations, {@link dev.ispd.offload.model.HostCost#cpuNs}; the data is in
 * memory, so no transfer), beside the run's measured median and its rounds' spread, and a verdict
 * that judges only the plans measured steadily enough to tell a prediction's error from the
 * machine's noise.
 */
final class ProfileCheck {
    /**
     * A plan whose rounds spread by more than this share of their median is too noisy to judge: on
     * the busy session machine the short WorldCup plans' medians moved by 10-40% between runs of
     * the command, and the largest error swung with them (9.8% to 49.2%).
     */
    static final double STEADY = 0.10;

    /** One run: measured and predicted time, and how far the run's rounds spread ({@link HostCalibration.Run#spread}). */
    record Row(String name, long measuredNs, long predictedNs, double spread) {
        /** The prediction's error relative to the measured time (+0.10: predicted 10% too long). */
        double error() {
            return (predictedNs - measuredNs) / (double) measuredNs;
        }

        /** Whether the rounds agree closely enough ({@link #STEADY}) for the error to say something of the profile. */
        boolean steady() {
            return spread <= STEADY;
        }
    }

    private ProfileCheck() {
    }

    static List<Row> rows(HostProfile profile, LinkSpec link, List<HostCalibration.Run> runs) {
        HostModel model = new HostModel(profile);
        return runs.stream().map(r -> new Row(r.name(), r.medianNs(),
                model.price(link, r.meter(), r.meter().bytesScanned()).cpuNs(), r.spread())).toList();
    }

    /** The largest error of {@code rows}, by magnitude. */
    static double worst(List<Row> rows) {
        return rows.stream().mapToDouble(Row::error).map(Math::abs).max().orElse(0);
    }

    /**
     * What the fit's own rounds say of the profile written from them: empty if every workload's
     * rounds spread by {@link #STEADY} or less, else how many did not, the largest spread and its
     * workload (a workload measured that noisily prices its units as noisily, whatever the check).
     */
    static String fitNote(List<HostCalibration.Run> runs) {
        List<HostCalibration.Run> noisy = runs.stream().filter(r -> r.spread() > STEADY)
                .sorted(Comparator.comparingDouble(HostCalibration.Run::spread).reversed()).toList();
        if (noisy.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "the fit's rounds of %d of %d workloads spread by more than %.0f%% of their "
                + "median (largest %.1f%%, %s): the profile's prices are that noisy; run it again on a quieter machine",
                noisy.size(), runs.size(), 100 * STEADY, 100 * noisy.get(0).spread(), noisy.get(0).name());
    }

    /**
     * The check's verdict: the largest error over the steady plans, naming the plan, with the
     * noisy ones named apart with their spreads; or, when fewer than half the plans are steady,
     * that the measurement is too noisy to judge, with the largest spread.
     */
    static String verdict(List<Row> rows) {
        List<Row> steady = rows.stream().filter(Row::steady).toList();
        List<Row> noisy = rows.stream().filter(r -> !r.steady()).sorted(Comparator.comparingDouble(Row::spread)
                .reversed()).toList();
        String noisyList = noisy.stream().map(r -> String.format(Locale.ROOT, "%s (%.1f%%)", r.name(), 100 * r.spread()))
                .collect(Collectors.joining(", "));
        if (steady.isEmpty() || 2 * steady.size() < rows.size()) {
            return String.format(Locale.ROOT, "too noisy to judge: the rounds of %d of %d plans spread by more than "
                    + "%.0f%% of their median (largest %.1f%%, %s); run it again on a quieter machine: %s",
                    noisy.size(), rows.size(), 100 * STEADY, 100 * noisy.get(0).spread(), noisy.get(0).name(),
                    noisyList);
        }
        Row worst = steady.stream().max(Comparator.comparingDouble(r -> Math.abs(r.error()))).orElseThrow();
        String verdict = String.format(Locale.ROOT, "largest error %.1f%% (%s, its rounds spread %.1f%%) over the %d "
                + "of %d plans whose rounds spread by %.0f%% or less", 100 * Math.abs(worst.error()), worst.name(),
                100 * worst.spread(), steady.size(), rows.size(), 100 * STEADY);
        return noisy.isEmpty() ? verdict : verdict + "; too noisy to judge: " + noisyList;
    }
}
