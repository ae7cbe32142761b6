package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.worldcup.WorldCup98;

/**
 * {@code q1}: accesses per region of the WorldCup98 log (papers/smart-ssd-kang-2013.txt V-C,
 * first query). Parameter {@code entrySize} (20, 32, 64, 128 or 256, required). The result
 * layout is in {@link Q1Result}.
 */
public final class Q1Factory implements TaskletFactory {
    public static final String NAME = "q1";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;

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
        return new Q1Tasklet(parse(params.overriddenBy(runtimeParams)));
    }

    /**
     * Records, DRAM accesses and hash updates are exact (one each per whole entry); result bytes
     * are an upper bound (9 per region, as if every region occurs).
     */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long n;
        try {
            n = bytes / parse(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        m.addRecords(n);
        m.addDramAccesses(n);
        m.addHashUpdates(n);
        m.addBytesOut(Q1Tasklet.RESULT_ENTRY_BYTES * Math.min(n, WorldCup98.REGIONS));
        return m;
    }

    private static int parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE);
        return BuiltinParams.entrySize(params);
    }
}
