package dev.ispd.spark.read;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * The batch read of an {@link IspdScan}: the scan's planned partitions for this run, readers from
 * the factory. Two are equal where their scan is the same, as Spark's file scans (their own
 * batch) are: Spark finds a plan's scans the same by their batches, and reuses an exchange (a
 * join's broadcast for a runtime filter of its keys, say) only over the same scans.
 */
final class IspdBatch implements Batch {
    private final IspdScan scan;

    IspdBatch(IspdScan scan) {
        this.scan = scan;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IspdBatch b && b.scan == scan;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(scan);
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return scan.partitionsToRun();
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return scan.readerFactory();
    }
}
