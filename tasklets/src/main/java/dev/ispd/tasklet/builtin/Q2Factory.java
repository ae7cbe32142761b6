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
 * {@code q2}: accesses per file type per region, and the top N file types per region
 * (papers/smart-ssd-kang-2013.txt V-C, second query). Parameters: {@code entrySize} (20, 32, 64,
 * 128 or 256, required), {@code topN} (1..13, default 3).
 *
 * <p>A top N computed over one split cannot be merged with another split's (a type ranked N+1 in
 * both may be first overall), so the tasklet returns its whole (region, type, count) table and the
 * top N is applied after the splits are merged: {@link Q2Result#topPerRegion}.
 */
public final class Q2Factory extends ParsedTaskletFactory<Q2Factory.Config> {
    public static final String NAME = "q2";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;
    public static final String TOP_N = "topN";
    public static final int DEFAULT_TOP_N = 3;
    /** One more than the last named file type: every named type can be listed. */
    public static final int MAX_TOP_N = WorldCup98.LAST_NAMED_TYPE + 1;

    public Q2Factory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(Config c, ScanContext context) {
        return new Q2Tasklet(c.entrySize(), c.topN());
    }

    /**
     * Records, DRAM accesses (two per entry) and hash updates are exact. The table's size depends
     * on the data, so result bytes and the sort's compares are estimated for a log whose entries
     * spread over every region and the named file types ({@link WorldCup98#LAST_NAMED_TYPE} + 1
     * per region, as in the real log): a 4-byte header, 10 bytes per (region, type) and
     * {@code k * ceil(log2 k)} compares per region of {@code k} types, the merge sort's bound.
     */
    @Override
    protected Meter estimate(Config c, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long n = bytes / c.entrySize();
        m.addRecords(n);
        m.addDramAccesses(2 * n);
        m.addHashUpdates(n);
        long typesPerRegion = Math.min(WorldCup98.LAST_NAMED_TYPE + 1, (n + WorldCup98.REGIONS - 1) / WorldCup98.REGIONS);
        long entries = Math.min(n, WorldCup98.REGIONS * typesPerRegion);
        int log2 = typesPerRegion <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(typesPerRegion - 1);
        m.addCompares(WorldCup98.REGIONS * typesPerRegion * log2);
        m.addBytesOut(Q2Tasklet.RESULT_HEADER_BYTES + Q2Tasklet.RESULT_ENTRY_BYTES * entries);
        return m;
    }

    record Config(int entrySize, int topN) { }

    @Override
    protected Config parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE, TOP_N);
        return new Config(BuiltinParams.entrySize(params), params.getInt(TOP_N, DEFAULT_TOP_N, 1, MAX_TOP_N));
    }
}
