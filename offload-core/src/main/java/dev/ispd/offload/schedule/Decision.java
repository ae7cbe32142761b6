package dev.ispd.offload.schedule;

import java.io.Serializable;
import java.util.List;

/**
 * Where one split runs and why: both predicted costs (service time and added energy, corrected
 * by what has been observed), the policy that chose, a sentence for the log, and the uncorrected
 * {@link Baseline} an observation of the split is compared with.
 */
public record Decision(int index, int drive, Placement placement, Cost host, Cost device, String policy, String reason,
                       Baseline baseline) implements Serializable {

    /**
     * One decision for splits the planner runs as one (the same drive and placement, one after
     * the other): the first one's index, the summed costs, and a reason that says so.
     */
    public static Decision grouped(List<Decision> parts) {
        Decision first = parts.get(0);
        if (parts.size() == 1) {
            return first;
        }
        Cost host = first.host;
        Cost device = first.device;
        Baseline baseline = first.baseline;
        for (Decision d : parts.subList(1, parts.size())) {
            if (d.drive != first.drive || d.placement != first.placement) {
                throw new IllegalArgumentException("only splits of one drive and placement run as one: split "
                        + d.index + " is on drive " + d.drive + " " + d.placement + ", split " + first.index
                        + " on drive " + first.drive + " " + first.placement);
            }
            host = host.plus(d.host);
            device = device.plus(d.device);
            baseline = baseline.plus(d.baseline);
        }
        String indices = parts.stream().map(d -> Integer.toString(d.index)).reduce((a, b) -> a + "," + b).orElseThrow();
        return new Decision(first.index, first.drive, first.placement, host, device, first.policy,
                "splits " + indices + " placed " + first.placement + " on drive " + first.drive
                        + " run as one execution; split " + first.index + ": " + first.reason, baseline);
    }

    /** The predicted cost of the chosen placement. */
    public Cost chosen() {
        return placement == Placement.HOST ? host : device;
    }
}
