package dev.ispd.plan;

import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCupField;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * {@code field op value} over a WorldCup98 record, e.g. {@code type eq 0}. Every op becomes a
 * test of the field against a closed range [lo, hi], negated for {@code ne}: one branch-free test
 * per record whatever the op, and no allocation.
 */
public final class Comparison {
    /** The field names, as in the format document. */
    public static final List<String> FIELDS = Arrays.stream(WorldCupField.values()).map(WorldCupField::wireName).toList();

    private final WorldCupField field;
    private final CompareOp op;
    private final long value;
    private final long lo;
    private final long hi;
    private final boolean negate;

    private Comparison(WorldCupField field, CompareOp op, long value) {
        this.field = field;
        this.op = op;
        this.value = value;
        long max = field.maxValue();
        this.negate = op == CompareOp.NE;
        this.lo = switch (op) {
            case GT -> value + 1;
            case GE, EQ, NE -> value;
            case LT, LE -> 0;
        };
        this.hi = switch (op) {
            case LT -> value - 1;
            case LE, EQ, NE -> value;
            case GT, GE -> max;
        };
    }

    /**
     * The comparison of its three parts as text; a {@link PlanException} names the part that
     * is wrong: an unknown field or op, or a value that is not an integer in the field's range.
     */
    public static Comparison of(String field, String op, String value) {
        WorldCupField f = WorldCupField.byWireName(field);
        if (f == null) {
            throw new PlanException("field", "unknown field '" + field + "'; fields: " + FIELDS);
        }
        CompareOp o = CompareOp.byWord(op);
        if (o == null) {
            throw new PlanException("op", "unknown op '" + op + "'; ops: " + CompareOp.WORDS);
        }
        long v;
        try {
            v = Long.parseLong(value);
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (v < 0 || v > f.maxValue()) {
            throw new PlanException("value", "value '" + value + "' is not an integer in [0, " + f.maxValue()
                    + "], the range of field " + f.wireName());
        }
        return new Comparison(f, o, v);
    }

    /** Parses {@code field op value}, words separated by blanks; errors name the part that is wrong. */
    public static Comparison parse(String text) {
        String[] words = words(text);
        if (words.length != 3) {
            throw new PlanException("predicate", "a predicate is 'field op value', e.g. 'type eq 0', got '"
                    + String.join(" ", words) + "'");
        }
        return of(words[0], words[1], words[2]);
    }

    /** The blank-separated words of {@code text}; none for null or blank text. */
    static String[] words(String text) {
        String trimmed = text == null ? "" : text.trim();
        return trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
    }

    /** Whether the record at absolute {@code record} of {@code buf} matches. */
    public boolean matches(ByteBuffer buf, int record) {
        long v = field.read(buf, record);
        return (v >= lo && v <= hi) != negate;
    }

    /** Meters {@code records} evaluations: per record one record examined, one field load, one compare. */
    public static void meterEvaluations(Meter meter, long records) {
        meter.addRecords(records);
        meter.addDramAccesses(records);
        meter.addCompares(records);
    }

    public WorldCupField field() {
        return field;
    }

    public CompareOp op() {
        return op;
    }

    public long value() {
        return value;
    }

    /** The canonical text, {@code field op value}. */
    @Override
    public String toString() {
        return field.wireName() + " " + op.word() + " " + value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Comparison c && c.field == field && c.op == op && c.value == value;
    }

    @Override
    public int hashCode() {
        return (field.hashCode() * 31 + op.hashCode()) * 31 + Long.hashCode(value);
    }
}
