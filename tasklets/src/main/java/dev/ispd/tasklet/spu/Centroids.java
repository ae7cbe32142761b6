package dev.ispd.tasklet.spu;

/** k-means centroids {@code (xs[i], ys[i])}. */
public record Centroids(int[] xs, int[] ys) {
    public Centroids {
        if (xs.length != ys.length || xs.length == 0) {
            throw new IllegalArgumentException("centroids need as many x as y coordinates, at least one: "
                    + xs.length + " and " + ys.length);
        }
    }

    /** The value of {@link KmeansFactory#CENTROIDS}: {@code x0,y0,x1,y1,...}. */
    public String param() {
        int[] flat = new int[xs.length * 2];
        for (int i = 0; i < xs.length; i++) {
            flat[2 * i] = xs[i];
            flat[2 * i + 1] = ys[i];
        }
        return SpuParams.text(flat);
    }
}
