package dev.ispd.sim.auth;

import dev.ispd.protocol.ReservedValues;

/**
 * The object ids a grant covers: {@code first} to {@code last}, both included, compared unsigned
 * as on the wire. A config file writes one as a named range ({@code all}, {@code ordinary},
 * {@code well-known}, {@code namespace}), an id, or {@code first-last} (decimal or 0x hex).
 */
public record ObjectRange(long first, long last) {
    /** Every id (0 is never an object). */
    public static final ObjectRange ALL = new ObjectRange(1, -1L);
    /** The ids a drive picks itself: CREATE_OBJECT with id 0 needs write on all of them. */
    public static final ObjectRange ORDINARY = new ObjectRange(1, ReservedValues.WELL_KNOWN_ID_FIRST - 1);
    public static final ObjectRange WELL_KNOWN = new ObjectRange(ReservedValues.WELL_KNOWN_ID_FIRST, -1L);
    /**
     * The osd:// namespace journal on a drive: its segments, checkpoint list and cut mark, spread
     * over the well-known ids (docs/hadoop.md, "The namespace is a journal").
     */
    public static final ObjectRange NAMESPACE = new ObjectRange(ReservedValues.WELL_KNOWN_ID_FIRST, -1L);

    public ObjectRange {
        if (first == 0 || Long.compareUnsigned(first, last) > 0) {
            throw new IllegalArgumentException("an object range runs from an id >= 1 to one no smaller, got "
                    + Long.toUnsignedString(first) + "-" + Long.toUnsignedString(last));
        }
    }

    public boolean contains(long id) {
        return Long.compareUnsigned(id, first) >= 0 && Long.compareUnsigned(id, last) <= 0;
    }

    public boolean contains(ObjectRange r) {
        return contains(r.first) && contains(r.last);
    }

    /** Parses a config file's range; IllegalArgumentException naming the text otherwise. */
    public static ObjectRange parse(String text) {
        switch (text) {
            case "all":
                return ALL;
            case "ordinary":
                return ORDINARY;
            case "well-known":
                return WELL_KNOWN;
            case "namespace":
                return NAMESPACE;
            default:
                break;
        }
        int dash = text.indexOf('-');
        try {
            return dash < 0 ? new ObjectRange(id(text), id(text))
                    : new ObjectRange(id(text.substring(0, dash)), id(text.substring(dash + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("object range \"" + text + "\" is not all, ordinary, well-known, "
                    + "namespace, an id or first-last (decimal or 0x hex)");
        }
    }

    private static long id(String s) {
        String t = s.strip();
        return t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16)
                : Long.parseUnsignedLong(t);
    }

    @Override
    public String toString() {
        return first == last ? "0x" + Long.toHexString(first)
                : "0x" + Long.toHexString(first) + "-0x" + Long.toHexString(last);
    }
}
