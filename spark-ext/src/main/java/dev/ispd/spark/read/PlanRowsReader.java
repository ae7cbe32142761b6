package dev.ispd.spark.read;

import dev.ispd.plan.PlanResult;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that ran a row plan (its records in a drive, or a LIMIT or top-N anywhere): the
 * plan's rows, the bytes of the read columns ({@link RowBytes}), read in place from the encoded
 * results and put back into records a batch at a time in one reused buffer, then decoded into one
 * reused batch by the decoders the host's own reader uses ({@link RecordBatchReader}), so a column
 * reads the same wherever its records were scanned. Nothing is allocated per row.
 */
final class PlanRowsReader extends MeteredBatchReader {
    private final List<byte[]> results;
    private final RowBytes bytes;
    private final int entrySize;
    private final int rowBytes;
    private final ColumnDecoder[] decoders;
    private final ByteBuffer records;
    /** What the decoders name in an error: the rows of the split's file. */
    private final String what;
    /** The result being read, its rows, and the next row's offset in it. */
    private int result = -1;
    private ByteBuffer words;
    private int rowsLeft;
    private int at;

    /** The rows of {@code run}, a run of the split of {@code source} (a file). */
    PlanRowsReader(PushedScan pushed, SplitPlanRun.Result run, String source) {
        super(new ColumnarBatch(OnHeapColumnVector.allocateColumns(RecordBatchReader.BATCH_ROWS, pushed.readSchema())));
        this.results = run.results();
        this.bytes = pushed.rowBytes();
        this.entrySize = pushed.layout().entrySize();
        this.rowBytes = bytes.words() * Long.BYTES;
        this.decoders = pushed.columns().stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        this.records = ByteBuffer.wrap(new byte[RecordBatchReader.BATCH_ROWS * entrySize]);
        this.what = "the plan's rows of " + source;
        run.counts().forEach(metrics::add);
    }

    @Override
    public boolean next() throws IOException {
        int n = 0;
        while (n < RecordBatchReader.BATCH_ROWS && (rowsLeft > 0 || nextResult())) {
            int take = Math.min(RecordBatchReader.BATCH_ROWS - n, rowsLeft);
            for (int r = 0; r < take; r++, at += rowBytes) {
                bytes.restore(words, at, records, (n + r) * entrySize);
            }
            n += take;
            rowsLeft -= take;
        }
        if (n == 0) {
            return false;
        }
        ColumnDecoder.decodeAll(decoders, records, n, entrySize, batch, what);
        return true;
    }

    /** Moves to the next result with rows; false after the last. */
    private boolean nextResult() {
        while (rowsLeft == 0) {
            if (result + 1 == results.size()) {
                return false;
            }
            byte[] r = results.get(++result);
            rowsLeft = PlanResult.rowCount(r);
            words = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
            at = PlanResult.HEADER_BYTES;
        }
        return true;
    }

    @Override
    public void close() {
        batch.close();
    }
}
