package dev.ispd.spark.read;

import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The host-side reader of one {@link RecordRange}: reads its records through osd:// a batch at a
 * time into one reused buffer and decodes the read columns into one reused {@link ColumnarBatch}
 * (valid until the next call of {@link #next}, as Spark's own vectorized readers do).
 */
final class RecordBatchReader implements PartitionReader<ColumnarBatch> {
    /** Records per batch: Spark's own columnar batch size. */
    static final int BATCH_ROWS = 4096;

    private final int entrySize;
    private final FSDataInputStream in;
    private final ColumnDecoder[] decoders;
    private final OnHeapColumnVector[] vectors;
    private final ColumnarBatch batch;
    private final byte[] buffer;
    private final ByteBuffer records;
    private long remaining;

    RecordBatchReader(RecordRange range, RecordLayout layout, List<LayoutColumn> columns, Configuration conf)
            throws IOException {
        this.entrySize = layout.entrySize();
        Path file = new Path(range.file());
        this.in = file.getFileSystem(conf).open(file);
        in.seek(range.start());
        this.remaining = range.length();
        this.decoders = columns.stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        this.vectors = OnHeapColumnVector.allocateColumns(BATCH_ROWS,
                new StructType(columns.stream().map(LayoutColumn::structField).toArray(StructField[]::new)));
        this.batch = new ColumnarBatch(vectors);
        this.buffer = new byte[BATCH_ROWS * entrySize];
        this.records = ByteBuffer.wrap(buffer);
    }

    @Override
    public boolean next() throws IOException {
        if (remaining == 0) {
            return false;
        }
        int rows = (int) Math.min(BATCH_ROWS, remaining / entrySize);
        // With no column to decode (count(*)), the number of records is all Spark needs.
        if (decoders.length > 0) {
            in.readFully(buffer, 0, rows * entrySize);
        }
        for (int c = 0; c < decoders.length; c++) {
            decoders[c].decode(records, rows, entrySize, vectors[c]);
        }
        batch.setNumRows(rows);
        remaining -= (long) rows * entrySize;
        return true;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public void close() throws IOException {
        try {
            in.close();
        } finally {
            batch.close();
        }
    }
}
