package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;

/**
 * {@code kmeans}: one iteration of k-means (minglani2018 3.4.3) over {@link Points} records:
 * each point goes to its nearest centroid, and per cluster the tasklet sums the points' count and
 * coordinates; the host turns the sums into the next centroids ({@link KmeansResult#next}); {@link Centroids#param}
 * writes the parameter.
 */
public final class KmeansFactory extends ParsedTaskletFactory<int[]> {
    public static final String NAME = "kmeans";
    /** The centroids, {@code x0,y0,x1,y1,...}: 1..{@value #MAX_K} of them (required). */
    public static final String CENTROIDS = "centroids";
    static final int MAX_K = 256;

    public KmeansFactory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(int[] centroids, ScanContext context) {
        return new KmeansTasklet(centroids);
    }

    /** Exact: the work per point does not depend on the data. */
    @Override
    protected Meter estimate(int[] centroids, long bytes, int pageSize) {
        int k = centroids.length / 2;
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long points = bytes / Points.RECORD_SIZE;
        KmeansTasklet.meter(m, points, k);
        m.addBytesOut(KmeansResult.sizeFor(k));
        return m;
    }

    @Override
    protected int[] parse(Params params) throws BadParameterException {
        params.requireOnly(CENTROIDS);
        int[] flat = SpuParams.ints(params, CENTROIDS, 2, 2 * MAX_K);
        if (flat.length % 2 != 0) {
            throw new BadParameterException("parameter '" + CENTROIDS + "' must list x,y pairs, got " + flat.length
                    + " integers");
        }
        return flat;
    }
}
