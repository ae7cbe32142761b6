package dev.ispd.spark.read;

import dev.ispd.spark.metrics.ScanMetrics;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** A partition reader that hands Spark one reused batch at a time and reports what its partition counted. */
abstract class MeteredBatchReader implements PartitionReader<ColumnarBatch> {
    protected final ScanMetrics metrics = new ScanMetrics();
    protected final ColumnarBatch batch;

    MeteredBatchReader(ColumnarBatch batch) {
        this.batch = batch;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return metrics.taskMetrics();
    }
}
