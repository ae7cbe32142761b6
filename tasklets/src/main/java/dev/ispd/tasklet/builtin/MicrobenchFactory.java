package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;

/**
 * {@code microbench}: the Smart SSD's DRAM-access microbenchmark (papers/smart-ssd-kang-2013.txt
 * V-B-2, Fig. 6): per page, read {@code accessesPerPage} 4-byte ints spread evenly over the page
 * and compare each with {@code key}. See {@link MicrobenchTasklet} for the exact access pattern.
 */
public final class MicrobenchFactory implements TaskletFactory {
    public static final String NAME = "microbench";
    /** 4-byte reads per page, 1..pageSize/4 (required). */
    public static final String ACCESSES_PER_PAGE = "accessesPerPage";
    /** The int each read value is compared with (default 0). */
    public static final String KEY = "key";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        // The upper bound depends on the drive's page size, known only at create().
        parse(params, Integer.MAX_VALUE);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        Params merged = params.overriddenBy(runtimeParams);
        int maxAccesses = context.pageSize() / Integer.BYTES;
        if (maxAccesses < 1) {
            throw new BadParameterException("microbench needs pages of at least 4 bytes, the page size is "
                    + context.pageSize());
        }
        Config c = parse(merged, maxAccesses);
        return new MicrobenchTasklet(context.pageSize(), c.accessesPerPage(), c.key());
    }

    /**
     * Exact: every page gets {@code accessesPerPage} reads and compares, a last partial page the
     * reads that fit in it (as {@link MicrobenchTasklet} does), and the result is 16 bytes.
     */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        Config c;
        try {
            c = parse(params, Math.max(1, pageSize / Integer.BYTES));
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        long accesses = bytes / pageSize * c.accessesPerPage();
        long tail = bytes % pageSize;
        if (tail >= Integer.BYTES) {
            long stride = pageSize / (Integer.BYTES * c.accessesPerPage()) * Integer.BYTES;
            accesses += Math.min(c.accessesPerPage(), (tail - Integer.BYTES) / stride + 1);
        }
        m.addDramAccesses(accesses);
        m.addCompares(accesses);
        m.addBytesOut(MicrobenchResult.SIZE);
        return m;
    }

    private record Config(int accessesPerPage, int key) { }

    private static Config parse(Params params, int maxAccesses) throws BadParameterException {
        params.requireOnly(ACCESSES_PER_PAGE, KEY);
        return new Config(params.getInt(ACCESSES_PER_PAGE, 1, maxAccesses),
                params.getInt(KEY, 0, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }
}
