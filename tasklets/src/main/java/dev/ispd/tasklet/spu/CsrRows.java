package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Walks the rows of {@link CsrPages} in a scanned batch, checking each page's layout: a row
 * count, row start or nonzero count that does not fit its page is an IllegalArgumentException
 * naming the tasklet, the object, the page's offset and the field.
 */
final class CsrRows {
    /** Told each row: its nonzeros are {@code column(i)} and {@code value(i)} for {@code from <= i < to}. */
    interface Visitor {
        void row(int row, Row r, int from, int to);
    }

    /** The current page's nonzeros, read in place. */
    static final class Row {
        private final String tasklet;
        private ByteBuffer in;
        private int columns;
        private int values;
        private long objectId;
        private long offset;

        Row(String tasklet) {
            this.tasklet = tasklet;
        }

        int column(int i) {
            return in.getInt(columns + i * Integer.BYTES);
        }

        int value(int i) {
            return in.getInt(values + i * Integer.BYTES);
        }

        /** A broken page, named as the class says. */
        IllegalArgumentException broken(String what) {
            return new IllegalArgumentException(tasklet + ": object " + objectId + ", page at offset " + offset
                    + ": " + what + " is not a CSR page's");
        }
    }

    private final Row row;
    private final int pageSize;

    CsrRows(String tasklet, int pageSize) {
        this.row = new Row(tasklet);
        this.pageSize = pageSize;
    }

    /** Visits every row of the batch's pages; returns the nonzeros seen. */
    long scan(ByteBuffer data, long objectId, long objectOffset, Visitor visitor) {
        ByteBuffer in = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        row.in = in;
        row.objectId = objectId;
        long nonzeros = 0;
        for (int at = in.position(); at + CsrPages.HEADER <= in.limit(); at += pageSize) {
            row.offset = objectOffset + at - in.position();
            nonzeros += page(in, at, Math.min(in.limit(), at + pageSize), visitor);
        }
        return nonzeros;
    }

    private int page(ByteBuffer in, int at, int end, Visitor visitor) {
        int firstRow = in.getInt(at);
        int rowCount = in.getInt(at + 4);
        int starts = at + CsrPages.HEADER;
        if (rowCount < 0 || CsrPages.pageBytes(rowCount, 0) > end - at) {
            throw row.broken("row count " + rowCount);
        }
        int nnz = in.getInt(starts + rowCount * Integer.BYTES);
        if (nnz < 0 || CsrPages.pageBytes(rowCount, nnz) > end - at) {
            throw row.broken("nonzero count " + nnz);
        }
        row.columns = starts + (rowCount + 1) * Integer.BYTES;
        row.values = row.columns + nnz * Integer.BYTES;
        for (int r = 0; r < rowCount; r++) {
            int from = in.getInt(starts + r * Integer.BYTES);
            int to = in.getInt(starts + (r + 1) * Integer.BYTES);
            if (from < 0 || from > to || to > nnz) {
                throw row.broken("row start " + from + ".." + to + " of row " + (firstRow + r));
            }
            visitor.row(firstRow + r, row, from, to);
        }
        return nnz;
    }
}
