package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * SpMV's work, page by page: each row's dot product with x, in column order, in a long. Meter:
 * per row one record and its 12 result bytes, per nonzero a multiply and an add. A page whose
 * layout is broken (a row count or row start outside the page, a column outside x) is an
 * IllegalArgumentException naming the object, the page's offset and the field.
 */
final class SpmvTasklet implements Tasklet {
    /** Result bytes per row: u32 row, i64 y. */
    static final int ROW_BYTES = 12;
    private final int[] x;
    private final int pageSize;
    private int[] rows = new int[1024];
    private long[] ys = new long[1024];
    private int count;

    SpmvTasklet(int[] x, int pageSize) {
        this.x = x;
        this.pageSize = pageSize;
    }

    @Override
    public int recordSize() {
        return 0;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        ByteBuffer in = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long nonzeros = 0;
        int before = count;
        for (int page = in.position(); page + CsrPages.HEADER <= in.limit(); page += pageSize) {
            nonzeros += page(in, page, Math.min(in.limit(), page + pageSize), objectId, objectOffset + page - in.position());
        }
        int rowsDone = count - before;
        meter.addRecords(rowsDone);
        meter.addArithmetic(2 * nonzeros);
        meter.addBytesOut((long) rowsDone * ROW_BYTES);
    }

    /** Computes one page's rows; returns its nonzeros. */
    private long page(ByteBuffer in, int at, int end, long objectId, long offset) {
        int firstRow = in.getInt(at);
        int rowCount = in.getInt(at + 4);
        int starts = at + CsrPages.HEADER;
        if (rowCount < 0 || CsrPages.pageBytes(rowCount, 0) > end - at) {
            throw broken(objectId, offset, "row count " + rowCount);
        }
        int nnz = in.getInt(starts + rowCount * Integer.BYTES);
        if (nnz < 0 || CsrPages.pageBytes(rowCount, nnz) > end - at) {
            throw broken(objectId, offset, "nonzero count " + nnz);
        }
        int columns = starts + (rowCount + 1) * Integer.BYTES;
        int values = columns + nnz * Integer.BYTES;
        for (int r = 0; r < rowCount; r++) {
            int from = in.getInt(starts + r * Integer.BYTES);
            int to = in.getInt(starts + (r + 1) * Integer.BYTES);
            if (from < 0 || from > to || to > nnz) {
                throw broken(objectId, offset, "row start " + from + ".." + to + " of row " + (firstRow + r));
            }
            long y = 0;
            for (int i = from; i < to; i++) {
                int column = in.getInt(columns + i * Integer.BYTES);
                if (column < 0 || column >= x.length) {
                    throw broken(objectId, offset, "column " + column + " of row " + (firstRow + r)
                            + " (x has " + x.length + " entries)");
                }
                y += (long) in.getInt(values + i * Integer.BYTES) * x[column];
            }
            add(firstRow + r, y);
        }
        return nnz;
    }

    private void add(int row, long y) {
        if (count == rows.length) {
            rows = Arrays.copyOf(rows, count * 2);
            ys = Arrays.copyOf(ys, count * 2);
        }
        rows[count] = row;
        ys[count] = y;
        count++;
    }

    private static IllegalArgumentException broken(long objectId, long offset, String what) {
        return new IllegalArgumentException("spmv: object " + objectId + ", page at offset " + offset
                + ": " + what + " is not a CSR page's");
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        for (int i = 0; i < count; i++) {
            out.putInt(rows[i]).putLong(ys[i]);
        }
    }
}
