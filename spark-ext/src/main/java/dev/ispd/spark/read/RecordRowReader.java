package dev.ispd.spark.read;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Rows of a columnar partition reader's batches ({@link RecordBatchReader}, {@link PlanResultReader}),
 * for a Spark plan that asks for rows: each row is a view of the batch, so rows cost no
 * allocation either.
 */
final class RecordRowReader implements PartitionReader<InternalRow> {
    private final PartitionReader<ColumnarBatch> batches;
    private ColumnarBatch batch;
    private int row;

    RecordRowReader(PartitionReader<ColumnarBatch> batches) {
        this.batches = batches;
    }

    @Override
    public boolean next() throws IOException {
        while (batch == null || ++row >= batch.numRows()) {
            if (!batches.next()) {
                return false;
            }
            batch = batches.get();
            row = -1;
        }
        return true;
    }

    @Override
    public InternalRow get() {
        return batch.getRow(row);
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return batches.currentMetricsValues();
    }

    @Override
    public void close() throws IOException {
        batches.close();
    }
}
