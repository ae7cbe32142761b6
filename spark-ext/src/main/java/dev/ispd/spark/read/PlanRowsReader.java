package dev.ispd.spark.read;

import dev.ispd.plan.PlanResult;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that ran a row plan (its records in a drive, or a LIMIT or top-N anywhere): the
 * plan's rows ({@link RowBytes}), read in place from the encoded results a batch at a time. A
 * string column's bytes go from the result straight into its vector; the other columns' bytes
 * are put back into records in one reused buffer, then decoded into one reused batch by the
 * decoders the host's own reader uses ({@link RecordBatchReader}), so a column reads the same
 * wherever its records were scanned. Nothing is allocated per row.
 */
final class PlanRowsReader extends MeteredBatchReader {
    private final List<byte[]> results;
    private final RowBytes bytes;
    private final int entrySize;
    /** The bytes of a row's words before its strings. */
    private final int fixedBytes;
    /** Per read column, its decoder, or null for a string column (filled from the result). */
    private final ColumnDecoder[] decoders;
    /** Per string the plan returns, its vector. */
    private final WritableColumnVector[] strings;
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
        this.fixedBytes = bytes.fixedWords() * Long.BYTES;
        this.decoders = pushed.columns().stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        this.strings = new WritableColumnVector[bytes.strings().size()];
        for (int s = 0; s < strings.length; s++) {
            int column = bytes.stringColumns().get(s);
            decoders[column] = null;
            strings[s] = (WritableColumnVector) batch.column(column);
        }
        this.records = ByteBuffer.wrap(new byte[RecordBatchReader.BATCH_ROWS * entrySize]);
        this.what = "the plan's rows of " + source;
        run.counts().forEach(metrics::add);
    }

    @Override
    public boolean next() throws IOException {
        for (WritableColumnVector s : strings) {
            s.reset(); // clears the previous batch's nulls and bytes
        }
        int n = 0;
        while (n < RecordBatchReader.BATCH_ROWS && (rowsLeft > 0 || nextResult())) {
            int take = Math.min(RecordBatchReader.BATCH_ROWS - n, rowsLeft);
            for (int r = n; r < n + take; r++) {
                bytes.restore(words, at, records, r * entrySize);
                at += fixedBytes;
                for (WritableColumnVector s : strings) {
                    at = putString(s, r);
                }
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

    /** Puts the string at {@link #at} into row {@code row} of {@code out}; the offset after it. */
    private int putString(WritableColumnVector out, int row) {
        words.position(at);
        int length = PlanResult.readLength(words);
        if (length < 0) {
            out.putNull(row);
            return words.position();
        }
        out.putByteArray(row, words.array(), words.position(), length);
        return words.position() + length;
    }

    /** Moves to the next result with rows; false after the last. */
    private boolean nextResult() {
        while (rowsLeft == 0) {
            if (result + 1 == results.size()) {
                return false;
            }
            byte[] r = results.get(++result);
            PlanResult.Shape shape = PlanResult.shape(r);
            if (shape.stringAt().length != strings.length) {
                throw new IllegalArgumentException(what + ": a result with " + shape.stringAt().length
                        + " string columns, of a plan that returns " + strings.length);
            }
            rowsLeft = shape.rows();
            words = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
            at = shape.firstRow();
        }
        return true;
    }

    @Override
    public void close() {
        batch.close();
    }
}
