package dev.ispd.spark.read;

import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that ran a row plan (its records in a drive, or a LIMIT or top-N anywhere): the
 * plan's rows, the bytes of the read columns ({@link RowBytes}), put back into records a batch at
 * a time in one reused buffer and decoded into one reused batch by the decoders the host's own
 * reader uses ({@link RecordBatchReader}), so a column reads the same wherever its records were
 * scanned.
 */
final class PlanRowsReader extends MeteredBatchReader {
    private final List<long[]> rows;
    private final RowBytes bytes;
    private final int entrySize;
    private final ColumnDecoder[] decoders;
    private final ByteBuffer records;
    private final String source;
    private int next;

    /** The rows of {@code run}, a run of the split of {@code source} (a file). */
    PlanRowsReader(PushedScan pushed, SplitPlanRun.Result run, String source) {
        super(new ColumnarBatch(OnHeapColumnVector.allocateColumns(RecordBatchReader.BATCH_ROWS, pushed.readSchema())));
        this.rows = run.rows();
        this.bytes = pushed.rowBytes();
        this.entrySize = pushed.layout().entrySize();
        this.decoders = pushed.columns().stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        this.records = ByteBuffer.wrap(new byte[RecordBatchReader.BATCH_ROWS * entrySize]);
        this.source = source;
        run.counts().forEach(metrics::add);
    }

    @Override
    public boolean next() throws IOException {
        int n = Math.min(RecordBatchReader.BATCH_ROWS, rows.size() - next);
        if (n == 0) {
            return false;
        }
        for (int r = 0; r < n; r++) {
            bytes.restore(rows.get(next + r), records, r * entrySize);
        }
        next += n;
        ColumnDecoder.decodeAll(decoders, records, n, entrySize, batch, "the plan's rows of " + source);
        return true;
    }

    @Override
    public void close() {
        batch.close();
    }
}
