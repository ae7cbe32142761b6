package dev.ispd.spark.read;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Rows of a {@link RecordBatchReader}'s batches, for a Spark plan that asks for rows: each row is
 * a view of the reused batch, so rows cost no allocation either.
 */
final class RecordRowReader implements PartitionReader<InternalRow> {
    private final RecordBatchReader batches;
    private ColumnarBatch batch;
    private int row;

    RecordRowReader(RecordBatchReader batches) {
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
    public void close() throws IOException {
        batches.close();
    }
}
