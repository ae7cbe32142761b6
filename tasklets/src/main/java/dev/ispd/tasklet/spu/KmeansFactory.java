package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * {@code kmeans}: one iteration of k-means (minglani2018 3.4.3) over {@link Points} records:
 * each point goes to its nearest centroid, and per cluster the tasklet sums the points' count and
 * coordinates; the host turns the sums into the next centroids ({@link KmeansResult#next}); {@link Centroids#param}
 * writes the parameter.
 */
public final class KmeansFactory implements TaskletFactory {
    public static final String NAME = "kmeans";
    /** The centroids, {@code x0,y0,x1,y1,...}: 1..{@value #MAX_K} of them (required). */
    public static final String CENTROIDS = "centroids";
    static final int MAX_K = 256;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        parse(params);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        return new KmeansTasklet(parse(params.overriddenBy(runtimeParams)));
    }

    /** Exact: the work per point does not depend on the data. */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        int k;
        try {
            k = parse(params).length / 2;
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long points = bytes / Points.RECORD_SIZE;
        KmeansTasklet.meter(m, points, k);
        m.addBytesOut(KmeansResult.sizeFor(k));
        return m;
    }

    private static int[] parse(Params params) throws BadParameterException {
        params.requireOnly(CENTROIDS);
        int[] flat = SpuParams.ints(params, CENTROIDS, 2, 2 * MAX_K);
        if (flat.length % 2 != 0) {
            throw new BadParameterException("parameter '" + CENTROIDS + "' must list x,y pairs, got " + flat.length
                    + " integers");
        }
        return flat;
    }
}
