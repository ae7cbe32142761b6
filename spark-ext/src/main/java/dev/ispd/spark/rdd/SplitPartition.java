package dev.ispd.spark.rdd;

import dev.ispd.offload.plan.PlannedSplit;
import org.apache.spark.Partition;

/** A partition of a {@link TaskletRDD}: one split the offload core planned and placed. */
record SplitPartition(int index, PlannedSplit split) implements Partition {
}
