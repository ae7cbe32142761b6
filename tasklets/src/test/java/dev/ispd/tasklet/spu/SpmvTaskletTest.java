package dev.ispd.tasklet.spu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SpmvTaskletTest {

    @Test
    void yIsTheDenseProductOfTheMatrixAndX() throws Exception {
        for (int nnzPerRow : new int[] {4, 250}) {
            int rows = 3_000;
            int n = 1_000;
            Random r = new Random(nnzPerRow);
            int[] rowStart = new int[rows + 1];
            int[] columns = new int[rows * nnzPerRow];
            int[] values = new int[columns.length];
            long[][] dense = new long[rows][n];
            for (int row = 0; row < rows; row++) {
                rowStart[row + 1] = rowStart[row] + nnzPerRow;
                int[] cols = r.ints(0, n).distinct().limit(nnzPerRow).sorted().toArray();
                for (int j = 0; j < nnzPerRow; j++) {
                    columns[rowStart[row] + j] = cols[j];
                    values[rowStart[row] + j] = r.nextInt(2_001) - 1_000;
                    dense[row][cols[j]] = values[rowStart[row] + j];
                }
            }
            int[] x = IntStream.range(0, n).map(i -> r.nextInt(2_001) - 1_000).toArray();
            HostRunner.Result run = SpuRun.run("spmv", Params.of("x", SpuParams.text(x)),
                    CsrPages.encode(rowStart, columns, values, SpuRun.PAGE));

            // host check: the dense matrix times x, row by row
            long[] expected = new long[rows];
            for (int row = 0; row < rows; row++) {
                for (int c = 0; c < n; c++) {
                    expected[row] += dense[row][c] * x[c];
                }
            }
            SpmvResult y = SpmvResult.decode(run.bytes());
            assertArrayEquals(IntStream.range(0, rows).toArray(), y.rows(), "nnz " + nnzPerRow);
            assertArrayEquals(expected, y.ys(), "nnz " + nnzPerRow);
            assertEquals(rows, run.meter().records());
            assertEquals(2L * rows * nnzPerRow, run.meter().arithmetic());
            assertEquals(12L * rows, run.meter().bytesOut());
        }
    }

    @Test
    void aColumnOutsideXNamesTheObjectPageAndRow() {
        ByteBuffer pages = CsrPages.encode(new int[] {0, 1, 2}, new int[] {0, 5}, new int[] {1, 1}, SpuRun.PAGE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SpuRun.run("spmv", Params.of("x", "1,2,3"), pages));
        assertEquals("spmv: object 1, page at offset 0: column 5 of row 1 (x has 3 entries) is not a CSR page's",
                e.getMessage());
    }

    @Test
    void aRowLargerThanAPageIsRefusedWhenEncoding() {
        int nnz = 600;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CsrPages.encode(
                new int[] {0, nnz}, new int[nnz], new int[nnz], SpuRun.PAGE));
        assertTrue(e.getMessage().startsWith("row 0 has 600 nonzeros"), e.getMessage());
    }
}
