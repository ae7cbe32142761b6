package dev.ispd.offload.schedule;

/**
 * Online correction of one kind of prediction (say, tasklet q1's device splits on one drive): an
 * exponentially weighted mean of observed / predicted, for time and for energy, starting at 1.
 * Each observation moves the ratio {@link #WEIGHT} of the way to the new sample, and a sample is
 * first clamped to [{@link #MIN_RATIO}, {@link #MAX_RATIO}], so one outlier cannot wreck planning.
 */
final class Correction {
    /** Weight of the newest sample: a few splits follow a change; one outlier moves the ratio 30% of the way to it. */
    static final double WEIGHT = 0.3;
    static final double MIN_RATIO = 0.1;
    static final double MAX_RATIO = 10;

    private double time;
    private double energy;
    private long samples;

    Correction() {
        this(1.0, 1.0, 0);
    }

    /** A correction restored from its saved state; ratios outside the bounds are clamped to them. */
    Correction(double time, double energy, long samples) {
        this.time = clamp(time);
        this.energy = clamp(energy);
        this.samples = Math.max(0, samples);
    }

    /** Records one finished split: its observed cost against the uncorrected prediction. */
    synchronized void observe(Cost predicted, Cost observed) {
        observeTime(predicted.timeNs(), observed.timeNs());
        observeEnergy(predicted.energyNj(), observed.energyNj());
        samples++;
    }

    private void observeTime(long predicted, long observed) {
        if (predicted > 0) {
            time += WEIGHT * (clamp(observed / (double) predicted) - time);
        }
    }

    private void observeEnergy(long predicted, long observed) {
        if (predicted > 0) {
            energy += WEIGHT * (clamp(observed / (double) predicted) - energy);
        }
    }

    synchronized double time() {
        return time;
    }

    synchronized double energy() {
        return energy;
    }

    synchronized long samples() {
        return samples;
    }

    private static double clamp(double ratio) {
        if (Double.isNaN(ratio)) {
            return 1.0;
        }
        return Math.max(MIN_RATIO, Math.min(MAX_RATIO, ratio));
    }

    static long scale(long value, double ratio) {
        return Math.round(value * ratio);
    }
}
