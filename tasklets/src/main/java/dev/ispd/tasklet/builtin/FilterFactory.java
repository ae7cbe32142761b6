package dev.ispd.tasklet.builtin;

import dev.ispd.plan.Comparison;
import dev.ispd.plan.FilterMode;
import dev.ispd.plan.PageFilter;
import dev.ispd.plan.PlanException;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;

/**
 * {@code filter}: the Smart SSD's data filter (papers/smart-ssd-kang-2013.txt V-C-4). Returns the
 * addresses of the pages that hold at least one WorldCup98 record matching
 * {@code field op value}, instead of the records themselves.
 *
 * <p>Parameters: {@code entrySize} (20, 32, 64, 128 or 256), {@code field} (timestamp, clientID,
 * objectID, size, method, status, type, server or region), {@code op} (eq, ne, lt, le, gt, ge),
 * {@code value} (an unsigned integer within the field's range: 0..2^32-1 for the 4-byte fields,
 * 0..255 for the bytes, 0..7 for region; every comparison is unsigned), and {@code mode}:
 * {@code firstMatch} (default; stop examining a page's records at its first match, as the paper
 * does) or {@code full} (compare every record). Both modes return the same pages. The predicate
 * is the shared model's {@link PageFilter}.
 */
public final class FilterFactory extends ParsedTaskletFactory<FilterFactory.Config> {
    public static final String NAME = "filter";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;
    public static final String FIELD = "field";
    public static final String OP = "op";
    public static final String VALUE = "value";
    public static final String MODE = "mode";

    public FilterFactory() {
        super(NAME);
    }

    /** The parameters of {@code condition} over entries of {@code entrySize}, in the tasklet's default mode. */
    public static Params params(String entrySize, Comparison condition) {
        return Params.of(ENTRY_SIZE, entrySize, FIELD, condition.field().name(), OP, condition.op().word(),
                VALUE, Long.toString(condition.value()));
    }

    @Override
    protected Tasklet create(Config config, ScanContext context) {
        return new FilterTasklet(config.entrySize(), config.filter(), context.pageSize());
    }

    /**
     * With {@code mode=full}, records, DRAM accesses and compares are exact (one each per entry).
     * With {@code firstMatch} they are an upper bound: records after a page's first match are
     * skipped, and how many depends on the data. Result bytes are an upper bound too: an 8-byte
     * count and 16 bytes per page, as if every page matched.
     */
    @Override
    protected Meter estimate(Config config, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        Comparison.meterEvaluations(m, bytes / config.entrySize());
        m.addBytesOut(FilterTasklet.RESULT_HEADER_BYTES + FilterTasklet.RESULT_PAGE_BYTES * m.pages());
        return m;
    }

    record Config(int entrySize, PageFilter filter) { }

    @Override
    protected Config parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE, FIELD, OP, VALUE, MODE);
        int entrySize = BuiltinParams.entrySize(params);
        try {
            Comparison condition = Comparison.of(params.getString(FIELD), params.getString(OP), params.getString(VALUE));
            FilterMode mode = FilterMode.of(params.getString(MODE, FilterMode.FIRST_MATCH.word()));
            return new Config(entrySize, new PageFilter(condition, mode));
        } catch (PlanException e) {
            throw new BadParameterException("parameter '" + e.part() + "': " + e.getMessage());
        }
    }
}
