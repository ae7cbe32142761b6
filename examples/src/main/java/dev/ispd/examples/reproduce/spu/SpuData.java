package dev.ispd.examples.reproduce.spu;

import dev.ispd.tasklet.spu.CsrPages;
import dev.ispd.tasklet.spu.Points;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

/**
 * The generated inputs of the SPU reproduction, the same for a seed on every machine
 * ({@link Random} is specified to the bit): 2-D points for kNN (the thesis's OpenStreetMap roads,
 * 3.6.2, stand-in), and sparse matrices of a fixed number of nonzeros per row for SpMV (Table
 * 3.5's nnz = 250 and nnz = 4) with their dense vector, and a random graph for BFS.
 */
final class SpuData {
    /** Coordinates of the points lie in [0, EXTENT). */
    static final int EXTENT = 1 << 20;

    private SpuData() {
    }

    /** {@code n} points with ids 0..n-1, uniform coordinates and one of 8 labels. */
    static ByteBuffer points(int n, long seed) {
        Random r = new Random(seed);
        int[] ids = new int[n];
        int[] xs = new int[n];
        int[] ys = new int[n];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
            xs[i] = r.nextInt(EXTENT);
            ys[i] = r.nextInt(EXTENT);
            labels[i] = r.nextInt(8);
        }
        return Points.encode(ids, xs, ys, labels);
    }

    /** A matrix of {@code rows} rows of {@code nnzPerRow} nonzeros each over {@code columns} columns, as CSR pages. */
    static ByteBuffer matrix(int rows, int nnzPerRow, int columns, int pageSize, long seed) {
        Random r = new Random(seed);
        int[] rowStart = new int[rows + 1];
        int[] cols = new int[rows * nnzPerRow];
        int[] values = new int[cols.length];
        for (int row = 0; row < rows; row++) {
            rowStart[row + 1] = rowStart[row] + nnzPerRow;
            // ascending distinct columns: a stride walk from a random start
            int stride = columns / nnzPerRow;
            int start = r.nextInt(stride);
            for (int j = 0; j < nnzPerRow; j++) {
                cols[rowStart[row] + j] = start + j * stride;
                values[rowStart[row] + j] = r.nextInt(2_001) - 1_000;
            }
        }
        return CsrPages.encode(rowStart, cols, values, pageSize);
    }

    /** A graph of {@code vertices} vertices with {@code degree} random out-edges each: its adjacency matrix as CSR pages. */
    static ByteBuffer graph(int vertices, int degree, int pageSize, long seed) {
        Random r = new Random(seed);
        int[] rowStart = new int[vertices + 1];
        int[] neighbours = new int[vertices * degree];
        for (int v = 0; v < vertices; v++) {
            rowStart[v + 1] = rowStart[v] + degree;
            for (int j = 0; j < degree; j++) {
                neighbours[rowStart[v] + j] = r.nextInt(vertices);
            }
        }
        int[] ones = new int[neighbours.length];
        Arrays.fill(ones, 1);
        return CsrPages.encode(rowStart, neighbours, ones, pageSize);
    }

    /** The dense vector x of {@code n} entries. */
    static int[] vector(int n, long seed) {
        Random r = new Random(seed);
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextInt(2_001) - 1_000;
        }
        return x;
    }
}
