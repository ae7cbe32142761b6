package dev.ispd.offload.schedule;

/**
 * What one finished split cost where it ran, against what the scheduler predicted for it there,
 * uncorrected ({@link Baseline}). The engine records it; the job client
 * feeds it to the {@link CorrectionBook} after the job ({@link CorrectionStore}).
 * A device split's observed time is its drive's service time (no waiting behind other work), so
 * every observation is a sample of the split's own cost, whatever ran beside it.
 */
public record SplitObservation(Placement placement, Cost predicted, Cost observed) {

    /** Its key in the book, for a split of {@code tasklet} on the drive at {@code driveAddress}. */
    public String key(String tasklet, String driveAddress) {
        return placement == Placement.HOST ? CorrectionBook.hostKey(tasklet)
                : CorrectionBook.deviceKey(tasklet, driveAddress);
    }
}
