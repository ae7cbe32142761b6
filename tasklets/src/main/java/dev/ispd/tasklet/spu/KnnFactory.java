package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;

/**
 * {@code knn}: the {@code k} points nearest a query point (minglani2018 3.4.3), over
 * {@link Points} records. Each core keeps the k best of its share of a page; the cores' lists
 * are merged after every page ({@link Meter#partials()}: k per page), as the thesis's
 * coprocessors pass their k smallest to a neighbour (3.6.4).
 */
public final class KnnFactory extends ParsedTaskletFactory<KnnFactory.Config> {
    public static final String NAME = "knn";
    /** Neighbours kept, 1..{@value #MAX_K} (required). */
    public static final String K = "k";
    /** The query point's coordinates (required). */
    public static final String QX = "qx";
    public static final String QY = "qy";
    static final int MAX_K = 4096;

    public KnnFactory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(Config c, ScanContext context) {
        return new KnnTasklet(c.k(), c.qx(), c.qy(), context.pageSize());
    }

    /**
     * Exact but for the compares of insertions into the k best, which depend on the data (a
     * lower bound: one compare per point against the k-th best).
     */
    @Override
    protected Meter estimate(Config c, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long points = bytes / Points.RECORD_SIZE;
        m.addRecords(points);
        m.addArithmetic(points * Points.DISTANCE_ARITHMETIC);
        m.addCompares(points);
        m.addPartials((long) c.k() * m.pages());
        m.addBytesOut(KnnResult.sizeFor((int) Math.min(c.k(), points)));
        return m;
    }

    record Config(int k, int qx, int qy) { }

    @Override
    protected Config parse(Params params) throws BadParameterException {
        params.requireOnly(K, QX, QY);
        return new Config(params.getInt(K, 1, MAX_K), params.getInt(QX, Integer.MIN_VALUE, Integer.MAX_VALUE),
                params.getInt(QY, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }
}
