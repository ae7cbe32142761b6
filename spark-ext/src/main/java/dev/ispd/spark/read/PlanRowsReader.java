package dev.ispd.spark.read;

import dev.ispd.plan.PlanResult;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A partition that ran a row plan (its records in a drive, or a LIMIT or top-N anywhere): the
 * plan's rows ({@link RowBytes}), read in place from the encoded results into one reused batch, a
 * result's rows at a time (a batch never spans two results). Each batch's rows are walked once:
 * a row's start is noted and where its strings lie in the result ({@link StringSlices}: read in
 * place by Spark, not copied), their lengths checked as they are read; then each other column is
 * decoded from the noted rows' words ({@link ColumnWords}) by the decoder the host's own reader
 * uses ({@link ColumnDecoder}), so a column reads the same wherever its records were scanned.
 * Nothing is allocated per row.
 */
final class PlanRowsReader extends MeteredBatchReader {
    private final List<byte[]> results;
    /** The bytes of a row's words before its strings. */
    private final int fixedBytes;
    private final int fixedWords;
    /** Per read column, its decoder and where its values are, or null for a string column. */
    private final ColumnDecoder[] decoders;
    private final ColumnWords[] values;
    /** Per string the plan returns, in the order it returns them. */
    private final StringSlices[] strings;
    /** Where each row of the batch starts in the result. */
    private final int[] rowAt = new int[RecordBatchReader.BATCH_ROWS];
    /** What an error names: the rows of the split's file. */
    private final String what;
    /** The result being read, its header, the next row and its offset. */
    private int result = -1;
    private PlanResult.Shape shape;
    private ByteBuffer words;
    private int row;
    private int at;

    /** The rows of {@code run}, a run of the split of {@code source} (a file). */
    PlanRowsReader(PushedScan pushed, SplitPlanRun.Result run, String source) {
        super(batch(pushed));
        this.results = run.results();
        RowBytes bytes = pushed.rowBytes();
        this.fixedWords = bytes.fixedWords();
        this.fixedBytes = fixedWords * Long.BYTES;
        List<LayoutColumn> columns = pushed.columns();
        this.decoders = new ColumnDecoder[columns.size()];
        this.values = new ColumnWords[columns.size()];
        this.strings = new StringSlices[bytes.strings().size()];
        for (int s = 0; s < strings.length; s++) {
            strings[s] = (StringSlices) batch.column(bytes.stringColumns().get(s));
        }
        for (int c = 0; c < columns.size(); c++) {
            if (!bytes.stringColumns().contains(c)) {
                decoders[c] = new ColumnDecoder(columns.get(c));
                values[c] = new ColumnWords(bytes, columns.get(c).field());
            }
        }
        this.what = "the plan's rows of " + source;
        run.counts().forEach(metrics::add);
    }

    /** The reused batch: the plan's string columns stay in the results ({@link StringSlices}), the others are decoded into vectors. */
    private static ColumnarBatch batch(PushedScan pushed) {
        List<Integer> stringColumns = pushed.rowBytes().stringColumns();
        return StringSlices.batch(Arrays.stream(pushed.readSchema().fields()).map(StructField::dataType).toList(),
                stringColumns::contains, RecordBatchReader.BATCH_ROWS);
    }

    @Override
    public boolean next() throws IOException {
        try {
            if (!nextRows()) {
                return false;
            }
            int n = Math.min(RecordBatchReader.BATCH_ROWS, shape.rows() - row);
            walk(n);
            for (int c = 0; c < decoders.length; c++) {
                if (decoders[c] != null) {
                    values[c].bind(words, rowAt);
                    decoders[c].decode(values[c], n, (WritableColumnVector) batch.column(c));
                }
            }
            batch.setNumRows(n);
            return true;
        } catch (IllegalArgumentException e) {
            throw ColumnDecoder.badData(what, e);
        }
    }

    /** Notes where each of the next {@code n} rows starts and puts its strings into their vectors. */
    private void walk(int n) {
        for (StringSlices s : strings) {
            s.reset(words.array());
        }
        for (int r = 0; r < n; r++, row++) {
            rowAt[r] = at;
            at += fixedBytes;
            if (at > words.limit()) {
                shape.checkEnd(at, words.limit());
            }
            for (int s = 0; s < strings.length; s++) {
                words.position(at);
                int length = shape.stringLength(words, row, s);
                at = words.position();
                if (length < 0) {
                    strings[s].putNull(r);
                } else {
                    strings[s].put(r, at, length);
                    at += length;
                }
            }
        }
        if (row == shape.rows()) {
            shape.checkEnd(at, words.limit());
        }
    }

    /** Whether rows are left in this result or a later one (then moved to). */
    private boolean nextRows() {
        while (shape == null || row == shape.rows()) {
            if (result + 1 == results.size()) {
                return false;
            }
            byte[] r = results.get(++result);
            shape = PlanResult.header(r);
            int[] stringAt = shape.stringAt();
            if (stringAt.length != strings.length || (stringAt.length == 0 ? shape.words() != fixedWords
                    : stringAt[0] != fixedWords)) {
                throw new IllegalArgumentException("a result of " + shape.words() + " words a row and "
                        + stringAt.length + " string columns, of a plan that returns " + fixedWords
                        + " words then " + strings.length + " string columns");
            }
            words = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
            row = 0;
            at = shape.firstRow();
        }
        return true;
    }

    @Override
    public void close() {
        batch.close();
    }
}
