package dev.ispd.spark.read.partition;

import dev.ispd.offload.plan.PlannedSplit;
import java.io.Serial;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The one input partition of a gathered aggregation ({@link AggregateGathering}): every split of
 * the scan, those placed in drives run in parallel by one task (those placed on the host one after
 * another meanwhile), whose merge of their groups is the whole answer. Carries only resolved
 * values, so it ships to executors as is.
 */
public record GatheredPartition(List<PlannedSplit> splits) implements InputPartition {
    @Serial
    private static final long serialVersionUID = 1L;

    public GatheredPartition {
        splits = List.copyOf(splits);
    }

    /**
     * The hosts of all the splits' drives. The task reads few records itself (most of its work
     * runs in the drives; host splits, predicted to take no longer than the drives', and
     * fallbacks read through osd://), so no host is much better than another: naming them all
     * lets Spark start the task at once on any of them instead of waiting for one host's slot.
     */
    @Override
    public String[] preferredLocations() {
        return splits.stream().map(PlannedSplit::host).filter(h -> !h.isEmpty()).distinct().toArray(String[]::new);
    }

    @Override
    public String toString() {
        return splits.size() + " splits gathered: " + splits;
    }
}
