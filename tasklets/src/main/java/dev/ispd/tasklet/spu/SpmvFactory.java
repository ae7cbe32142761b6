package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * {@code spmv}: {@code y = A x} over a matrix stored as {@link CsrPages} (minglani2018 3.4.1 and
 * 3.6.1, CSR with the dense vector beside the coprocessors). Rows are independent, so the cores
 * have nothing to merge.
 */
public final class SpmvFactory implements TaskletFactory {
    public static final String NAME = "spmv";
    /** The dense vector x, comma-separated ints, 1..{@value #MAX_COLUMNS} entries (required). */
    public static final String X = "x";
    static final int MAX_COLUMNS = 1 << 16;

    /** The value of {@link #X} for the vector {@code x}. */
    public static String x(int[] x) {
        return SpuParams.text(x);
    }

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
        return new SpmvTasklet(parse(params.overriddenBy(runtimeParams)), context.pageSize());
    }

    /** Pages and bytes only: the rows and nonzeros are in the data. */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        try {
            parse(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        return Estimates.scanOnly(bytes, pageSize);
    }

    private static int[] parse(Params params) throws BadParameterException {
        params.requireOnly(X);
        return SpuParams.ints(params, X, 1, MAX_COLUMNS);
    }
}
