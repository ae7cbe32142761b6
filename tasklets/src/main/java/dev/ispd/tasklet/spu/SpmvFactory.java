package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;

/**
 * {@code spmv}: {@code y = A x} over a matrix stored as {@link CsrPages} (minglani2018 3.4.1 and
 * 3.6.1, CSR with the dense vector beside the coprocessors). Rows are independent, so the cores
 * have nothing to merge. Estimated by pages and bytes only: the rows and nonzeros are in the data.
 */
public final class SpmvFactory extends ParsedTaskletFactory<int[]> {
    public static final String NAME = "spmv";
    /** The dense vector x, comma-separated ints, 1..{@value #MAX_COLUMNS} entries (required). */
    public static final String X = "x";
    static final int MAX_COLUMNS = 1 << 16;

    /** The value of {@link #X} for the vector {@code x}. */
    public static String x(int[] x) {
        return SpuParams.text(x);
    }

    public SpmvFactory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(int[] x, ScanContext context) {
        return new SpmvTasklet(x, context.pageSize());
    }

    @Override
    protected int[] parse(Params params) throws BadParameterException {
        params.requireOnly(X);
        return SpuParams.ints(params, X, 1, MAX_COLUMNS);
    }
}
