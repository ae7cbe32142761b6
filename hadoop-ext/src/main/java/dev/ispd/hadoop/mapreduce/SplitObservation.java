package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.schedule.CorrectionBook;
import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.hadoop.schedule.Placement;

/**
 * What one finished split cost where it ran, against what the scheduler predicted for it there,
 * uncorrected ({@link dev.ispd.hadoop.schedule.Baseline}). A task records it; the job client
 * feeds it to the {@link CorrectionBook} after the job ({@link CorrectionStore}).
 *
 * @param timeIsService false when the observed time includes waiting behind other work on the drive
 */
record SplitObservation(Placement placement, Cost predicted, Cost observed, boolean timeIsService) {

    /** Its key in the book, for a split of {@code tasklet} on the drive at {@code driveAddress}. */
    String key(String tasklet, String driveAddress) {
        return placement == Placement.HOST ? CorrectionBook.hostKey(tasklet)
                : CorrectionBook.deviceKey(tasklet, driveAddress);
    }
}
