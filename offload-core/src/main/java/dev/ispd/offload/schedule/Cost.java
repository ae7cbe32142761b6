package dev.ispd.offload.schedule;

import java.io.Serializable;

/**
 * The cost of one split in one placement, not counting any wait before it starts: its service
 * time and the energy it adds to the system (docs/hadoop.md, "Offload scheduler", explains the
 * accounting).
 */
public record Cost(long timeNs, long energyNj) implements Serializable {
    public Cost {
        if (timeNs < 0 || energyNj < 0) {
            throw new IllegalArgumentException("cost must be non-negative, got " + timeNs + " ns, " + energyNj + " nJ");
        }
    }

    /** This cost and {@code other} one after the other. */
    public Cost plus(Cost other) {
        return new Cost(Math.addExact(timeNs, other.timeNs), Math.addExact(energyNj, other.energyNj));
    }

    @Override
    public String toString() {
        return Format.seconds(timeNs) + " / " + Format.joules(energyNj);
    }
}
