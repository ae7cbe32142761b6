package dev.ispd.examples.queries;

import dev.ispd.tasklet.builtin.FilterFactory;
import dev.ispd.worldcup.WorldCupField;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * The filter query's predicate, {@code field op value [mode]}, with the {@code filter} tasklet's
 * meaning (docs/tasklets.md): fields timestamp, clientID, objectID, size, method, status, type,
 * server, region; ops eq, ne, lt, le, gt, ge, every comparison unsigned; value within the field's
 * range; mode {@code firstMatch} (default: a page's records after its first match are not
 * examined) or {@code full}. The host variants test it here, the device variant hands the same
 * text to the tasklet, so the answers agree. Like the tasklet, every op is a closed range
 * [lo, hi], negated for ne: one branch-free test per record.
 */
public final class FilterPredicate {
    private static final List<String> OPS = List.of("eq", "ne", "lt", "le", "gt", "ge");
    private static final List<String> MODES = List.of(FilterFactory.FIRST_MATCH, FilterFactory.FULL);

    private final WorldCupField field;
    private final String op;
    private final long value;
    private final boolean firstMatch;
    private final long lo;
    private final long hi;
    private final boolean negate;

    private FilterPredicate(WorldCupField field, String op, long value, boolean firstMatch) {
        this.field = field;
        this.op = op;
        this.value = value;
        this.firstMatch = firstMatch;
        long max = field.maxValue();
        this.negate = op.equals("ne");
        this.lo = switch (op) {
            case "gt" -> value + 1;
            case "ge", "eq", "ne" -> value;
            default -> 0;
        };
        this.hi = switch (op) {
            case "lt" -> value - 1;
            case "le", "eq", "ne" -> value;
            default -> max;
        };
    }

    /** Parses {@code field op value [mode]}; an IllegalArgumentException names the part that is wrong. */
    public static FilterPredicate parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        String[] parts = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
        if (parts.length != 3 && parts.length != 4) {
            throw new IllegalArgumentException("a filter predicate is 'field op value [mode]', e.g. 'type eq 0' or "
                    + "'region le 1 full', got '" + trimmed + "'");
        }
        WorldCupField field = WorldCupField.byWireName(parts[0]);
        if (field == null) {
            throw new IllegalArgumentException("filter predicate '" + trimmed + "': unknown field '" + parts[0]
                    + "'; fields: " + Arrays.stream(WorldCupField.values()).map(WorldCupField::wireName).toList());
        }
        if (!OPS.contains(parts[1])) {
            throw new IllegalArgumentException("filter predicate '" + trimmed + "': unknown op '" + parts[1]
                    + "'; ops: " + OPS);
        }
        long value;
        try {
            value = Long.parseLong(parts[2]);
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 0 || value > field.maxValue()) {
            throw new IllegalArgumentException("filter predicate '" + trimmed + "': value '" + parts[2]
                    + "' is not an integer in [0, " + field.maxValue() + "], the range of field " + field.wireName());
        }
        String mode = parts.length == 4 ? parts[3] : FilterFactory.FIRST_MATCH;
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("filter predicate '" + trimmed + "': unknown mode '" + mode
                    + "'; modes: " + MODES);
        }
        return new FilterPredicate(field, parts[1], value, mode.equals(FilterFactory.FIRST_MATCH));
    }

    /** Whether the record at absolute {@code record} of {@code buf} matches. */
    public boolean matches(ByteBuffer buf, int record) {
        long v = field.read(buf, record);
        return (v >= lo && v <= hi) != negate;
    }

    /** {@code field op value}, the form of {@link dev.ispd.hadoop.conf.IspdKeys#FILTER_PREDICATE}. */
    public String condition() {
        return field.wireName() + " " + op + " " + value;
    }

    /** Whether a page's records after its first match are skipped. */
    public boolean firstMatch() {
        return firstMatch;
    }

    /** The tasklet's mode parameter: firstMatch or full. */
    public String mode() {
        return firstMatch ? FilterFactory.FIRST_MATCH : FilterFactory.FULL;
    }

    /** The canonical text: {@code field op value mode}. */
    @Override
    public String toString() {
        return condition() + " " + mode();
    }
}
