package dev.ispd.plan;

import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * {@code field op value} over a WorldCup98 record, e.g. {@code type eq 0}: the text form of a
 * one-comparison predicate on the {@link Layout#worldCup98 WorldCup98 layout}, where every field
 * is unsigned. Evaluates without allocating, as the plan interpreter does.
 */
public final class Comparison {
    private static final Layout WORLDCUP98 = Layout.worldCup98(WorldCup98.RECORD_SIZE);
    /** The field names, as in the format document. */
    public static final List<String> FIELDS = WORLDCUP98.fields().stream().map(Field::name).toList();

    private final Field field;
    private final CompareOp op;
    private final long value;

    private Comparison(Field field, CompareOp op, long value) {
        this.field = field;
        this.op = op;
        this.value = value;
    }

    /**
     * The comparison of its three parts as text; a {@link PlanException} names the part that is
     * wrong: an unknown field or op, or a value that is not an integer in the field's range.
     */
    public static Comparison of(String field, String op, String value) {
        Field f = WORLDCUP98.field(field, "field");
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
        if (!f.holds(v)) {
            throw new PlanException("value", "value '" + value + "' is not an integer in " + f.rangeText()
                    + ", the range of field " + f.name());
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
        return op.holds(field.compare(field.readInteger(buf, record), value));
    }

    /** Meters {@code records} evaluations: per record one record examined, one field load, one compare. */
    public static void meterEvaluations(Meter meter, long records) {
        meter.addRecords(records);
        meter.addDramAccesses(records);
        meter.addCompares(records);
    }

    /** The same test as a plan's predicate. */
    public Predicate toPredicate() {
        return Predicate.compare(field.name(), op, value);
    }

    public Field field() {
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
        return field.name() + " " + op.word() + " " + value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Comparison c && c.field.equals(field) && c.op == op && c.value == value;
    }

    @Override
    public int hashCode() {
        return (field.hashCode() * 31 + op.hashCode()) * 31 + Long.hashCode(value);
    }
}
