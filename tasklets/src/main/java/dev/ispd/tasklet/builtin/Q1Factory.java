package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.worldcup.WorldCup98;

/**
 * {@code q1}: accesses per region of the WorldCup98 log (papers/smart-ssd-kang-2013.txt V-C,
 * first query). Parameter {@code entrySize} (20, 32, 64, 128 or 256, required). The result
 * layout is in {@link Q1Result}.
 */
public final class Q1Factory extends ParsedTaskletFactory<Integer> {
    public static final String NAME = "q1";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;

    public Q1Factory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(Integer entrySize, ScanContext context) {
        return new Q1Tasklet(entrySize);
    }

    /**
     * Records, DRAM accesses and hash updates are exact (one each per whole entry); result bytes
     * are an upper bound (9 per region, as if every region occurs).
     */
    @Override
    protected Meter estimate(Integer entrySize, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long n = bytes / entrySize;
        m.addRecords(n);
        m.addDramAccesses(n);
        m.addHashUpdates(n);
        m.addBytesOut(Q1Tasklet.RESULT_ENTRY_BYTES * Math.min(n, WorldCup98.REGIONS));
        return m;
    }

    @Override
    protected Integer parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE);
        return BuiltinParams.entrySize(params);
    }
}
