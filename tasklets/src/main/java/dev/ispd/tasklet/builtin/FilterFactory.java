package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.worldcup.WorldCupField;
import java.util.Arrays;
import java.util.List;

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
 * does) or {@code full} (compare every record). Both modes return the same pages.
 */
public final class FilterFactory implements TaskletFactory {
    public static final String NAME = "filter";
    public static final String ENTRY_SIZE = BuiltinParams.ENTRY_SIZE;
    public static final String FIELD = "field";
    public static final String OP = "op";
    public static final String VALUE = "value";
    public static final String MODE = "mode";
    public static final String FIRST_MATCH = "firstMatch";
    public static final String FULL = "full";

    private static final List<String> FIELDS = Arrays.stream(WorldCupField.values()).map(WorldCupField::wireName).toList();
    private static final List<String> OPS = List.of("eq", "ne", "lt", "le", "gt", "ge");
    private static final List<String> MODES = List.of(FIRST_MATCH, FULL);

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
        return new FilterTasklet(parse(params.overriddenBy(runtimeParams)), context.pageSize());
    }

    /**
     * With {@code mode=full}, records, DRAM accesses and compares are exact (one each per entry).
     * With {@code firstMatch} they are an upper bound: records after a page's first match are
     * skipped, and how many depends on the data. Result bytes are an upper bound too: an 8-byte
     * count and 16 bytes per page, as if every page matched.
     */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long n;
        try {
            n = bytes / parse(params).entrySize();
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        m.addRecords(n);
        m.addDramAccesses(n);
        m.addCompares(n);
        m.addBytesOut(FilterTasklet.RESULT_HEADER_BYTES + FilterTasklet.RESULT_PAGE_BYTES * m.pages());
        return m;
    }

    /**
     * The parsed parameters. Every op becomes a test of the field against a closed range
     * [lo, hi], negated for {@code ne}: one branch-free test per record whatever the op.
     */
    record Config(int entrySize, WorldCupField field, long lo, long hi, boolean negate, boolean firstMatch) { }

    private static Config parse(Params params) throws BadParameterException {
        params.requireOnly(ENTRY_SIZE, FIELD, OP, VALUE, MODE);
        int entrySize = BuiltinParams.entrySize(params);
        WorldCupField field = WorldCupField.byWireName(BuiltinParams.choice(params, FIELD, null, FIELDS));
        String op = BuiltinParams.choice(params, OP, null, OPS);
        long value = params.getLong(VALUE, 0, field.maxValue());
        boolean firstMatch = BuiltinParams.choice(params, MODE, FIRST_MATCH, MODES).equals(FIRST_MATCH);
        long max = field.maxValue();
        return switch (op) {
            case "eq" -> new Config(entrySize, field, value, value, false, firstMatch);
            case "ne" -> new Config(entrySize, field, value, value, true, firstMatch);
            case "lt" -> new Config(entrySize, field, 0, value - 1, false, firstMatch);
            case "le" -> new Config(entrySize, field, 0, value, false, firstMatch);
            case "gt" -> new Config(entrySize, field, value + 1, max, false, firstMatch);
            case "ge" -> new Config(entrySize, field, value, max, false, firstMatch);
            default -> throw new IllegalStateException("op " + op + " passed validation but has no range");
        };
    }
}
