package dev.ispd.offload.schedule;

/**
 * Online correction of one kind of prediction (say, tasklet q1's device splits on one drive): an
 * exponentially weighted mean of observed / predicted, for time and for energy, starting at 1.
 * Each observation moves the ratio {@link #WEIGHT} of the way to the new sample, and a sample is
 * first clamped to [{@link #MIN_RATIO}, {@link #MAX_RATIO}], so one outlier cannot wreck planning.
 * A {@linkplain #measured() measured} correction (wall clock against the profiles) takes its first
 * sample whole, and its second whole again, discarding the first, and refuses a sample outside
 * [{@link #MIN_MEASURED}, {@link #MAX_MEASURED}]: a machine may be orders of magnitude off its
 * profile, and it is that far off from the first split on, but the first split of a shape is
 * cold (a JIT that has not compiled its loops, a first connection), so it only stands in until a
 * second one is measured; and a wall clock a thousand times off is a clock that jumped, a task
 * that was suspended or a prediction far off the split's work, not the machine's speed.
 */
final class Correction {
    /** Weight of the newest sample: a few splits follow a change; one outlier moves the ratio 30% of the way to it. */
    static final double WEIGHT = 0.3;
    static final double MIN_RATIO = 0.1;
    static final double MAX_RATIO = 10;
    /** Bounds of a measured sample: a wall clock 1000x off the profile is garbage, not a machine, and is refused. */
    static final double MIN_MEASURED = 1e-3;
    static final double MAX_MEASURED = 1e3;
    /** Measured samples taken cold, standing in for the profile only until the next one replaces them. */
    static final int COLD_SAMPLES = 1;

    private final double min;
    private final double max;
    private final boolean measured;
    private double time;
    private double energy;
    private long samples;

    Correction() {
        this(1.0, 1.0, 0);
    }

    /** A correction restored from its saved state; ratios outside the bounds are clamped to them. */
    Correction(double time, double energy, long samples) {
        this(MIN_RATIO, MAX_RATIO, false, time, energy, samples);
    }

    private Correction(double min, double max, boolean measured, double time, double energy, long samples) {
        this.min = min;
        this.max = max;
        this.measured = measured;
        this.time = clamp(time);
        this.energy = clamp(energy);
        this.samples = Math.max(0, samples);
    }

    /** A neutral correction of measured times. */
    static Correction measured() {
        return measured(1.0, 1.0, 0);
    }

    /** A correction of measured times restored from its saved state. */
    static Correction measured(double time, double energy, long samples) {
        return new Correction(MIN_MEASURED, MAX_MEASURED, true, time, energy, samples);
    }

    /** A correction with this one's time ratio and {@code other}'s energy ratio (energy is never measured). */
    Correction withEnergyOf(Correction other) {
        return new Correction(Math.min(min, other.min), Math.max(max, other.max), measured, time(), other.energy(),
                samples());
    }

    /** Records one finished split: its observed cost against the uncorrected prediction. */
    synchronized void observe(Cost predicted, Cost observed) {
        if (predicted.timeNs() > 0) {
            time = mean(time, predicted.timeNs(), observed.timeNs());
        }
        if (predicted.energyNj() > 0) {
            energy = mean(energy, predicted.energyNj(), observed.energyNj());
        }
        samples++;
    }

    /**
     * Records one finished split's measured time (wall clock) against its uncorrected predicted
     * time; false, leaving the ratio as it was, if the sample is {@linkplain #garbage garbage}.
     */
    synchronized boolean observeTime(long predictedNs, long measuredNs) {
        return observeTime(predictedNs, measuredNs, false);
    }

    /** As {@link #observeTime(long, long)}, taking the sample {@code whole} if asked (see {@link #mean}). */
    synchronized boolean observeTime(long predictedNs, long measuredNs, boolean whole) {
        if (garbage(predictedNs, measuredNs)) {
            return false;
        }
        if (predictedNs > 0 && measuredNs != 0) { // else nothing predicted, or not measured: no sample
            double sample = clamp(measuredNs / (double) predictedNs);
            time = whole ? sample : mean(time, predictedNs, measuredNs);
            samples++;
        }
        return true;
    }

    /**
     * Whether a measured time is garbage: not positive (a clock that went back) or
     * {@code measuredNs / predictedNs} outside [{@link #MIN_MEASURED}, {@link #MAX_MEASURED}] (a
     * clock that jumped, a suspended task). 0 is no measurement, not garbage.
     */
    static boolean garbage(long predictedNs, long measuredNs) {
        if (predictedNs <= 0 || measuredNs == 0) {
            return false;
        }
        double sample = measuredNs / (double) predictedNs;
        return !(sample >= MIN_MEASURED && sample <= MAX_MEASURED);
    }

    /**
     * The ratio moved toward the sample observed / predicted; a measured correction's first and
     * second samples: to it (the second replaces the cold first).
     */
    private double mean(double ratio, long predicted, long observed) {
        double sample = clamp(observed / (double) predicted);
        return measured && samples < COLD_SAMPLES + 1 ? sample : ratio + WEIGHT * (sample - ratio);
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

    private double clamp(double ratio) {
        if (Double.isNaN(ratio)) {
            return 1.0;
        }
        return Math.max(min, Math.min(max, ratio));
    }

    static long scale(long value, double ratio) {
        return Math.round(value * ratio);
    }
}
