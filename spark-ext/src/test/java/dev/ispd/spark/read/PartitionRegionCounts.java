package dev.ispd.spark.read;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Reads one partition of a Q1 scan ({@code region, count(*)}) through the scan's own reader factory. */
final class PartitionRegionCounts {
    private PartitionRegionCounts() {
    }

    /**
     * The partition's counts per region, merged (a device run returns its drive's groups and,
     * apart, those of a record straddling into the next chunk; a host or gathered run, one set);
     * its task metrics go to {@code metrics}.
     */
    static Map<Integer, Long> of(IspdScan scan, InputPartition partition, Map<String, Long> metrics)
            throws IOException {
        Map<Integer, Long> counts = new TreeMap<>();
        try (PartitionReader<ColumnarBatch> reader = scan.readerFactory().createColumnarReader(partition)) {
            while (reader.next()) {
                reader.get().rowIterator().forEachRemaining(r -> counts.merge(r.getInt(0), r.getLong(1), Long::sum));
            }
            for (CustomTaskMetric m : reader.currentMetricsValues()) {
                metrics.put(m.name(), m.value());
            }
        }
        return counts;
    }
}
