package dev.ispd.spark.read;

import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** The batch read of an {@link IspdScan}: partitions from the planner, readers from the factory. */
final class IspdBatch implements Batch {
    private final ScanInput input;
    private final List<LayoutColumn> columns;
    private final Predicate where;
    private final PartitionPlanner planner;

    IspdBatch(ScanInput input, List<LayoutColumn> columns, Predicate where, PartitionPlanner planner) {
        this.input = input;
        this.columns = columns;
        this.where = where;
        this.planner = planner;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        try {
            return planner.plan(input).toArray(InputPartition[]::new);
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: cannot plan the partitions of " + input.path(), e);
        }
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new IspdReaderFactory(input.layout(), columns, where, input.conf());
    }
}
