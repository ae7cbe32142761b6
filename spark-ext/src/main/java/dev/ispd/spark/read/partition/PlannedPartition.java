package dev.ispd.spark.read.partition;

import dev.ispd.offload.plan.PlannedSplit;
import java.io.Serial;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition: a split the offload core planned and placed (on the host, or in the drive
 * that holds it), preferring the host of its drive. Carries only resolved values, so it ships to
 * executors as is.
 */
public record PlannedPartition(PlannedSplit split) implements InputPartition {
    @Serial
    private static final long serialVersionUID = 1L;

    @Override
    public String[] preferredLocations() {
        return split.host().isEmpty() ? new String[0] : new String[] {split.host()};
    }

    @Override
    public String toString() {
        return split.toString();
    }
}
