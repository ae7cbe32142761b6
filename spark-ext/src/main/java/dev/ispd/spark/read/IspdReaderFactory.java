package dev.ispd.spark.read;

import dev.ispd.plan.Predicate;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Ships to the executors (with the pushed predicate) and opens a host-side reader per
 * {@link RecordRange}, columnar by default.
 */
final class IspdReaderFactory implements PartitionReaderFactory {
    @Serial
    private static final long serialVersionUID = 1L;

    private final RecordLayout layout;
    private final List<LayoutColumn> columns;
    private final Predicate where;
    private final HadoopConf conf;

    IspdReaderFactory(RecordLayout layout, List<LayoutColumn> columns, Predicate where, HadoopConf conf) {
        this.layout = layout;
        this.columns = List.copyOf(columns);
        this.where = where;
        this.conf = conf;
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return open(partition);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new RecordRowReader(open(partition));
    }

    private RecordBatchReader open(InputPartition partition) {
        RecordRange range = (RecordRange) partition;
        try {
            return new RecordBatchReader(range, layout, columns, where, conf.get());
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: cannot open " + range, e);
        }
    }
}
