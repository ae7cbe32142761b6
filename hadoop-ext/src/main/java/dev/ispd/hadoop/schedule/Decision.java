package dev.ispd.hadoop.schedule;

/**
 * Where one split runs and why: both predicted costs (service time and added energy, corrected
 * by what has been observed), the policy that chose, a sentence for the log, and the uncorrected
 * {@link Baseline} an observation of the split is compared with.
 */
public record Decision(int index, int drive, Placement placement, Cost host, Cost device, String policy, String reason,
                       Baseline baseline) {

    /** The predicted cost of the chosen placement. */
    public Cost chosen() {
        return placement == Placement.HOST ? host : device;
    }
}
