package dev.ispd.offload.schedule;

/**
 * What one finished split cost where it ran, against what the scheduler predicted for it there,
 * uncorrected ({@link Baseline}). The engine records it; the job client
 * feeds it to the {@link CorrectionBook} after the job ({@link CorrectionStore}).
 * A device split's modeled time is its drive's service time (no waiting behind other work), so
 * every modeled observation is a sample of the split's own cost, whatever ran beside it.
 *
 * @param predicted the uncorrected prediction the modeled cost is compared with ({@link Baseline#of})
 * @param observed the modeled cost it reported; null for a run that was not metered (a host
 *     partition an engine read as records), which only its wall clock describes
 * @param measuredNs the wall clock of the split, for the measured basis: a device split's from
 *     EXECUTE sent to its result read, or the host run's elapsed time; 0 when not measured
 * @param measuredPredictedNs the uncorrected time {@code measuredNs} is compared with
 *     ({@link Baseline#measuredOf}: a device split whole, commands and result read included)
 * @param shape the plan shape the measured basis files it under ({@code TaskletSpec.shape()})
 * @param host the name of the host that ran a host split (the measured basis keeps hosts apart)
 */
public record SplitObservation(Placement placement, Cost predicted, Cost observed, long measuredNs,
                               long measuredPredictedNs, String shape, String host) {

    /** An observation of modeled costs only. */
    public SplitObservation(Placement placement, Cost predicted, Cost observed) {
        this(placement, predicted, observed, 0, 0, "", "");
    }

    /**
     * A run known only by its wall clock {@code measuredNs} against {@code predicted}: it teaches
     * the measured basis alone.
     */
    public static SplitObservation wallClock(Placement placement, Cost predicted, long measuredNs, String shape,
                                             String host) {
        return new SplitObservation(placement, predicted, null, measuredNs, predicted.timeNs(), shape, host);
    }

    /** Its key in the book, for a split of {@code tasklet} on the drive at {@code driveAddress}. */
    public String key(String tasklet, String driveAddress) {
        return placement == Placement.HOST ? CorrectionBook.hostKey(tasklet)
                : CorrectionBook.deviceKey(tasklet, driveAddress);
    }

    /** Its key in the book for the measured basis, for a split on the drive at {@code driveAddress}. */
    public String measuredKey(String driveAddress) {
        return placement == Placement.HOST ? CorrectionBook.measuredHostKey(shape, host)
                : CorrectionBook.measuredDeviceKey(shape, driveAddress);
    }
}
