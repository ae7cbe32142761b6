package dev.ispd.spark.read.partition;

import dev.ispd.spark.read.RecordRange;
import dev.ispd.spark.read.ScanInput;
import java.io.IOException;
import java.util.List;

/**
 * Cuts the input of a scan into input partitions. The seam where the offload core's planner
 * plugs in: its pieces, each placed on the host or in its drive, become the partitions.
 */
public interface PartitionPlanner {
    List<RecordRange> plan(ScanInput input) throws IOException;
}
