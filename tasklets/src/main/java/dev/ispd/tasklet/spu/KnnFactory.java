package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * {@code knn}: the {@code k} points nearest a query point (minglani2018 3.4.3), over
 * {@link Points} records. Each core keeps the k best of its share of a page; the cores' lists
 * are merged after every page ({@link Meter#partials()}: k per page), as the thesis's
 * coprocessors pass their k smallest to a neighbour (3.6.4).
 */
public final class KnnFactory implements TaskletFactory {
    public static final String NAME = "knn";
    /** Neighbours kept, 1..{@value #MAX_K} (required). */
    public static final String K = "k";
    /** The query point's coordinates (required). */
    public static final String QX = "qx";
    public static final String QY = "qy";
    static final int MAX_K = 4096;

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
        Config c = parse(params.overriddenBy(runtimeParams));
        return new KnnTasklet(c.k(), c.qx(), c.qy(), context.pageSize());
    }

    /**
     * Exact but for the compares of insertions into the k best, which depend on the data (a
     * lower bound: one compare per point against the k-th best).
     */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        Config c;
        try {
            c = parse(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long points = bytes / Points.RECORD_SIZE;
        m.addRecords(points);
        m.addArithmetic(points * Points.DISTANCE_ARITHMETIC);
        m.addCompares(points);
        m.addPartials((long) c.k() * m.pages());
        m.addBytesOut(KnnResult.sizeFor((int) Math.min(c.k(), points)));
        return m;
    }

    private record Config(int k, int qx, int qy) { }

    private static Config parse(Params params) throws BadParameterException {
        params.requireOnly(K, QX, QY);
        return new Config(params.getInt(K, 1, MAX_K), params.getInt(QX, Integer.MIN_VALUE, Integer.MAX_VALUE),
                params.getInt(QY, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }
}
