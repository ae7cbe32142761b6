package dev.ispd.offload.schedule;

/**
 * What one finished split cost where it ran, against what the scheduler predicted for it there,
 * uncorrected ({@link Baseline}). The engine records it; the job client
 * feeds it to the {@link CorrectionBook} after the job ({@link CorrectionStore}).
 *
 * @param timeIsService false when the observed time includes waiting behind other work on the drive
 */
public record SplitObservation(Placement placement, Cost predicted, Cost observed, boolean timeIsService) {

    /** Its key in the book, for a split of {@code tasklet} on the drive at {@code driveAddress}. */
    public String key(String tasklet, String driveAddress) {
        return placement == Placement.HOST ? CorrectionBook.hostKey(tasklet)
                : CorrectionBook.deviceKey(tasklet, driveAddress);
    }
}
