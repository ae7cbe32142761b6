package dev.ispd.examples.reproduce.spu;

import java.util.List;

/**
 * What the SPU reproduction runs: the profiles, the seed, and the thesis's sweeps. The data sizes
 * are fixed (a few seconds of work): every modeled figure grows linearly with the data, so the
 * shapes the claims rest on do not depend on them.
 */
public record SpuSettings(String deviceProfile, String hostProfile, long seed) {
    /** Table 3.4's coprocessor counts. */
    public static final List<Integer> CORES = List.of(2, 4, 8, 16, 32);
    /** Table 3.5's NAND bus rates in ns per byte, as bytes per second (2.5, 1.67, 1.25, 1 ns/B). */
    public static final List<Long> BUS_BYTES_PER_SEC = List.of(400_000_000L, 600_000_000L, 800_000_000L, 1_000_000_000L);
    /** Table 3.5's nonzeros per row. */
    public static final List<Integer> NNZ_PER_ROW = List.of(250, 4);
    /** kNN: points (16 MB, 4,096 pages of 4 KB) and neighbours; the thesis gives no k. */
    public static final int KNN_POINTS = 1 << 20;
    public static final int KNN_K = 32;
    /** SpMV: about 2 million nonzeros for either row length, over 4,096 columns. */
    public static final int SPMV_NONZEROS = 2_048_000;
    public static final int SPMV_COLUMNS = 4_096;
    /** k-means: the thesis's 100,000 points and 8 clusters (k_means_8, 3.6.2), 5 iterations. */
    public static final int KMEANS_POINTS = 100_000;
    public static final int KMEANS_K = 8;
    public static final int KMEANS_ITERATIONS = 5;
    /** BFS: a random graph of 65,536 vertices with 16 edges each (Graph500's edge factor). */
    public static final int BFS_VERTICES = 1 << 16;
    public static final int BFS_DEGREE = 16;
}
