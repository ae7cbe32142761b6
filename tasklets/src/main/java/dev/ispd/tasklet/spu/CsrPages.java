package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A sparse matrix in compressed sparse row form (minglani2018 3.4.1, CSR), cut into pages of
 * whole rows so that a coprocessor computes its rows from its own page. Each page,
 * little-endian: {@code u32 firstRow, u32 rows, u32 rowStart[rows + 1]} (offsets into the page's
 * nonzeros, from 0), {@code i32 column[nnz]}, {@code i32 value[nnz]}, zero padding to the page end.
 */
public final class CsrPages {
    /** Page header: first row and row count. */
    static final int HEADER = 8;

    private CsrPages() {
    }

    /** Bytes a page needs for {@code rows} rows holding {@code nnz} nonzeros. */
    static long pageBytes(long rows, long nnz) {
        return HEADER + (rows + 1) * Integer.BYTES + nnz * 2 * Integer.BYTES;
    }

    /**
     * Encodes the matrix whose row {@code r} has nonzeros {@code values[i]} at {@code columns[i]}
     * for {@code rowStart[r] <= i < rowStart[r + 1]} into pages of {@code pageSize}.
     *
     * @throws IllegalArgumentException if a row does not fit in a page
     */
    public static ByteBuffer encode(int[] rowStart, int[] columns, int[] values, int pageSize) {
        int rows = rowStart.length - 1;
        int pages = 0;
        for (int r = 0; r < rows; r = nextPage(rowStart, r, pageSize)) {
            pages++;
        }
        ByteBuffer b = ByteBuffer.allocateDirect(pages * pageSize).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0, page = 0; r < rows; page++) {
            int end = nextPage(rowStart, r, pageSize);
            b.position(page * pageSize);
            b.putInt(r).putInt(end - r);
            for (int i = r; i <= end; i++) {
                b.putInt(rowStart[i] - rowStart[r]);
            }
            for (int i = rowStart[r]; i < rowStart[end]; i++) {
                b.putInt(columns[i]);
            }
            for (int i = rowStart[r]; i < rowStart[end]; i++) {
                b.putInt(values[i]);
            }
            r = end;
        }
        return b.position(0).limit(pages * pageSize);
    }

    /** The row after the last of a page starting at {@code first}. */
    private static int nextPage(int[] rowStart, int first, int pageSize) {
        int end = first;
        while (end < rowStart.length - 1 && pageBytes(end + 1 - first, rowStart[end + 1] - rowStart[first]) <= pageSize) {
            end++;
        }
        if (end == first) {
            throw new IllegalArgumentException("row " + first + " has " + (rowStart[first + 1] - rowStart[first])
                    + " nonzeros, more than a page of " + pageSize + " bytes holds");
        }
        return end;
    }
}
