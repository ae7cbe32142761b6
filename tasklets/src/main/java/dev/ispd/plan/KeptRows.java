package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** A row plan's selected fields of each matching record, in scan order, up to its LIMIT. */
final class KeptRows implements RowSink {
    private final Field[] select;
    /** Whether each selected field's value is its integer, decided once. */
    private final boolean[] integers;
    private final long limit;
    private final long maxRows;
    private final PlanLimits limits;
    private long[] values;
    private long rows;

    KeptRows(Field[] select, long limit, PlanLimits limits) {
        this.select = select;
        this.integers = Field.readAsIntegers(select);
        this.limit = limit == Plan.NO_LIMIT ? Long.MAX_VALUE : limit;
        this.limits = limits;
        this.maxRows = (limits.maxResultBytes() - PlanResult.HEADER_BYTES) / ((long) select.length * Long.BYTES);
        this.values = new long[select.length * (int) Math.min(this.limit, 64)];
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        if (rows == maxRows) {
            throw limits.resultTooLarge(rows + 1, select.length);
        }
        int at = (int) rows * select.length;
        if (at == values.length) {
            values = Arrays.copyOf(values, 2 * values.length);
        }
        for (int i = 0; i < select.length; i++) {
            values[at++] = integers[i] ? select[i].readInteger(buf, record) : select[i].readShown(buf, record);
        }
        work.fieldReads += select.length;
        rows++;
    }

    @Override
    public boolean full() {
        return rows >= limit;
    }

    @Override
    public void write(ResultSink out, Work work) {
        out.putShort(select.length).putLong(rows);
        for (int i = 0; i < rows * select.length; i++) {
            out.putLong(values[i]);
        }
    }
}
