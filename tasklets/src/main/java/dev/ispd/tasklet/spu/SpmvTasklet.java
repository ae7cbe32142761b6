package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * SpMV's work, page by page: each row's dot product with x, in column order, in a long. Meter:
 * per row one record and its 12 result bytes, per nonzero a multiply and an add. A page whose
 * layout is broken ({@link CsrRows}) or a column outside x is an IllegalArgumentException naming
 * the object, the page's offset and the field.
 */
final class SpmvTasklet implements Tasklet {
    /** Result bytes per row: u32 row, i64 y. */
    static final int ROW_BYTES = 12;
    private final int[] x;
    private final CsrRows rows;
    private final CsrRows.Visitor visitor = this::row;
    private int[] rowIds = new int[1024];
    private long[] ys = new long[1024];
    private int count;

    SpmvTasklet(int[] x, int pageSize) {
        this.x = x;
        this.rows = new CsrRows(SpmvFactory.NAME, pageSize);
    }

    @Override
    public int recordSize() {
        return 0;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int before = count;
        long nonzeros = rows.scan(data, objectId, objectOffset, visitor);
        int rowsDone = count - before;
        meter.addRecords(rowsDone);
        meter.addArithmetic(2 * nonzeros);
        meter.addBytesOut((long) rowsDone * ROW_BYTES);
    }

    private void row(int row, CsrRows.Row r, int from, int to) {
        long y = 0;
        for (int i = from; i < to; i++) {
            int column = r.column(i);
            if (column < 0 || column >= x.length) {
                throw r.broken("column " + column + " of row " + row + " (x has " + x.length + " entries)");
            }
            y += (long) r.value(i) * x[column];
        }
        add(row, y);
    }

    private void add(int row, long y) {
        if (count == rowIds.length) {
            rowIds = Arrays.copyOf(rowIds, count * 2);
            ys = Arrays.copyOf(ys, count * 2);
        }
        rowIds[count] = row;
        ys[count] = y;
        count++;
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        for (int i = 0; i < count; i++) {
            out.putInt(rowIds[i]).putLong(ys[i]);
        }
    }
}
