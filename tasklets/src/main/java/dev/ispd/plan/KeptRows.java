package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;

/**
 * A row plan's selected columns of each matching record, in scan order, up to its LIMIT: each
 * row encoded as it is kept ({@link RowWriter}), so a string takes its length, not its column's
 * longest, in memory as in the result. A batch's computed columns that are not strings are
 * evaluated for all its matches at once ({@link #prepare}), then read row by row.
 */
final class KeptRows implements RowSink {
    private final ColumnReader[] select;
    private final RowWriter writer;
    /** The words of a row, and the work of reading one. */
    private final int width;
    private final ExprCost cost;
    private final long limit;
    private final PlanLimits limits;
    /** The row being read. */
    private final long[] row;
    /** The rows kept, encoded. */
    private final ResultSink kept = new ResultSink(ResultSink.HOST_LIMIT);
    private long rows;
    /** The encoded bytes of the result so far. */
    private long bytes;

    KeptRows(ColumnReader[] select, long limit, PlanLimits limits) {
        this.select = select;
        this.width = ColumnReader.words(select);
        this.cost = ColumnReader.cost(select);
        this.limit = limit == Plan.NO_LIMIT ? Long.MAX_VALUE : limit;
        this.limits = limits;
        this.writer = RowWriter.of(select);
        this.bytes = writer.headerBytes();
        this.row = new long[width];
        for (ColumnReader c : select) {
            c.vectorize();
        }
    }

    /**
     * The computed columns of rows {@code sel[0, n)} evaluated at once, a node at a time; from the
     * first column that raises an error for a row on, the columns are read a row at a time.
     */
    @Override
    public void prepare(ColumnBatch batch, int[] sel, int n) {
        try {
            for (ColumnReader c : select) {
                c.evaluate(batch, sel, n);
            }
        } catch (PlanArithmeticException e) {
            // the rows read one at a time raise the first row's error, as the per-record loop does
        }
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        for (int c = 0, w = 0; c < select.length; w += select[c++].words) {
            select[c].read(buf, record, row, w);
        }
        keep(work);
    }

    /** Row {@code r} of {@code batch}, its columns read from the batch where they can be ({@link ColumnReader#read(ColumnBatch, ByteBuffer, int, long[], int)}). */
    @Override
    public void accept(ColumnBatch batch, ByteBuffer buf, int r, Work work) {
        for (int c = 0, w = 0; c < select.length; w += select[c++].words) {
            select[c].read(batch, buf, r, row, w);
        }
        keep(work);
    }

    @Override
    public boolean readsBatch(ColumnBatch batch) {
        for (ColumnReader c : select) {
            if (!c.readsBatch(batch)) {
                return false;
            }
        }
        return true;
    }

    /** Encodes the row read into {@link #row}, refused where the result would pass its limit. */
    private void keep(Work work) {
        bytes += writer.bytes(row, 0);
        if (bytes > limits.maxResultBytes()) {
            throw limits.resultTooLarge(rows + 1, width);
        }
        writer.write(kept, row, 0);
        work.add(cost, 1);
        rows++;
    }

    @Override
    public boolean full() {
        return rows >= limit;
    }

    @Override
    public void write(ResultSink out, Work work) {
        writer.header(out, rows);
        out.put(kept);
    }
}
