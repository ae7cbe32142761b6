package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** A row plan's selected columns of each matching record, in scan order, up to its LIMIT. */
final class KeptRows implements RowSink {
    private final ColumnReader[] select;
    /** The words of a row, and the work of reading one. */
    private final int width;
    private final ExprCost cost;
    private final long limit;
    private final long maxRows;
    private final PlanLimits limits;
    private long[] values;
    private long rows;

    KeptRows(ColumnReader[] select, long limit, PlanLimits limits) {
        this.select = select;
        this.width = ColumnReader.words(select);
        this.cost = ColumnReader.cost(select);
        this.limit = limit == Plan.NO_LIMIT ? Long.MAX_VALUE : limit;
        this.limits = limits;
        this.maxRows = (limits.maxResultBytes() - PlanResult.HEADER_BYTES) / ((long) width * Long.BYTES);
        this.values = new long[width * (int) Math.min(this.limit, 64)];
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        if (rows == maxRows) {
            throw limits.resultTooLarge(rows + 1, width);
        }
        int at = (int) rows * width;
        if (at == values.length) {
            values = Arrays.copyOf(values, 2 * values.length);
        }
        for (ColumnReader column : select) {
            column.read(buf, record, values, at);
            at += column.words;
        }
        work.add(cost, 1);
        rows++;
    }

    @Override
    public boolean full() {
        return rows >= limit;
    }

    @Override
    public void write(ResultSink out, Work work) {
        out.putShort(width).putLong(rows);
        for (int i = 0; i < rows * width; i++) {
            out.putLong(values[i]);
        }
    }
}
