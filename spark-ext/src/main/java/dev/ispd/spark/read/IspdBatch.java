package dev.ispd.spark.read;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** The batch read of an {@link IspdScan}: the scan's planned partitions for this run, readers from the factory. */
final class IspdBatch implements Batch {
    private final IspdScan scan;

    IspdBatch(IspdScan scan) {
        this.scan = scan;
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
