package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The decoded result of {@code kmeans}: per cluster the points assigned and their coordinate
 * sums. Layout, little-endian: {@code u32 k}, then per cluster {@code u64 count, i64 sumX, i64 sumY}.
 */
public record KmeansResult(long[] counts, long[] sumX, long[] sumY) {

    static int sizeFor(int k) {
        return Integer.BYTES + k * 24;
    }

    public static KmeansResult decode(byte[] result) {
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int k = result.length >= Integer.BYTES ? b.getInt() : -1;
        if (k < 1 || result.length != sizeFor(k)) {
            throw new IllegalArgumentException("kmeans result of " + result.length + " bytes does not hold "
                    + (k < 1 ? "a cluster count" : k + " clusters"));
        }
        long[] counts = new long[k];
        long[] sx = new long[k];
        long[] sy = new long[k];
        for (int c = 0; c < k; c++) {
            counts[c] = b.getLong();
            sx[c] = b.getLong();
            sy[c] = b.getLong();
        }
        return new KmeansResult(counts, sx, sy);
    }

    /** The next centroids: each cluster's mean (rounded down), or its old centroid where no point chose it. */
    public Centroids next(Centroids previous) {
        int[] xs = new int[counts.length];
        int[] ys = new int[counts.length];
        for (int c = 0; c < counts.length; c++) {
            xs[c] = counts[c] == 0 ? previous.xs()[c] : (int) Math.floorDiv(sumX[c], counts[c]);
            ys[c] = counts[c] == 0 ? previous.ys()[c] : (int) Math.floorDiv(sumY[c], counts[c]);
        }
        return new Centroids(xs, ys);
    }
}
