package dev.ispd.hadoop.schedule;

/**
 * Online correction of one kind of prediction (a drive's device splits, or host splits): an
 * exponentially weighted mean of observed / predicted, for time and for energy, starting at 1.
 * Each observation moves the ratio {@link #WEIGHT} of the way to the new sample.
 */
final class Correction {
    /** Weight of the newest sample: a few splits follow a change; one outlier moves the ratio 30% of the way to it. */
    static final double WEIGHT = 0.3;

    private double time = 1.0;
    private double energy = 1.0;

    /** Records one finished split: its observed cost against the uncorrected prediction. */
    synchronized void observe(Cost predicted, Cost observed) {
        if (predicted.timeNs() > 0) {
            time += WEIGHT * (observed.timeNs() / (double) predicted.timeNs() - time);
        }
        if (predicted.energyNj() > 0) {
            energy += WEIGHT * (observed.energyNj() / (double) predicted.energyNj() - energy);
        }
    }

    synchronized double time() {
        return time;
    }

    synchronized double energy() {
        return energy;
    }

    static long scale(long value, double ratio) {
        return Math.round(value * ratio);
    }
}
