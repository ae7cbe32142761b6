package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;

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
    /** Per row scanned: the row and its y. */
    private final Pairs ys = new Pairs();

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
        int before = ys.size();
        long nonzeros = rows.scan(data, objectId, objectOffset, visitor);
        int rowsDone = ys.size() - before;
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
        ys.add(row, y);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        for (int i = 0; i < ys.size(); i++) {
            out.putInt(ys.key(i)).putLong(ys.value(i));
        }
    }
}
