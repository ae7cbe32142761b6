package dev.ispd.hadoop.schedule;

/**
 * The cost of one split in one placement, not counting any wait before it starts: its service
 * time and the energy it adds to the system (docs/hadoop.md, "Offload scheduler", explains the
 * accounting).
 */
public record Cost(long timeNs, long energyNj) {
    public Cost {
        if (timeNs < 0 || energyNj < 0) {
            throw new IllegalArgumentException("cost must be non-negative, got " + timeNs + " ns, " + energyNj + " nJ");
        }
    }

    @Override
    public String toString() {
        return Format.seconds(timeNs) + " / " + Format.joules(energyNj);
    }
}
