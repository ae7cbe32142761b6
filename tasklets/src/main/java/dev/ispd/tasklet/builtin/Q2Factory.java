package dev.ispd.tasklet.builtin;

import dev.ispd.tasklet.BadParameterException;
import dev.ispd.tasklet.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
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
public final class Q2Factory implements TaskletFactory {
    public static final String NAME = "q2";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;
    public static final String TOP_N = "topN";
    public static final int DEFAULT_TOP_N = 3;
    /** One more than the last named file type: every named type can be listed. */
    public static final int MAX_TOP_N = WorldCup98.LAST_NAMED_TYPE + 1;

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
        Config c = parse(BuiltinParams.merge(params, runtimeParams));
        return new Q2Tasklet(c.entrySize(), c.topN());
    }

    private record Config(int entrySize, int topN) { }

    private static Config parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE, TOP_N);
        return new Config(BuiltinParams.entrySize(params), params.getInt(TOP_N, DEFAULT_TOP_N, 1, MAX_TOP_N));
    }
}
