package dev.ispd.spark.read;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * The batch read of an {@link IspdScan}: the scan's planned partitions for this run, readers from
 * the factory. Two batches are equal when their scans read the same ({@link IspdScan#readsAs}):
 * Spark compares scan nodes by their batches, so a query that reads the same thing twice (TPC-H
 * Q18's subquery, Q2's region) reuses one exchange or subquery and runs it in the drives once, and
 * a join's broadcast serves a runtime filter of its keys, as for Spark's own file sources.
 */
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

    @Override
    public boolean equals(Object o) {
        return o instanceof IspdBatch other && scan.readsAs(other.scan);
    }

    @Override
    public int hashCode() {
        return scan.readHash();
    }
}
