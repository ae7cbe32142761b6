package dev.ispd.sim.auth;

import dev.ispd.protocol.ReservedValues;
import dev.ispd.sim.store.IdRange;

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
        new IdRange(first, last); // checks the bounds
    }

    public boolean contains(long id) {
        return ids().contains(id);
    }

    public boolean contains(ObjectRange r) {
        return ids().contains(r.ids());
    }

    /** The ids it covers, as the store picks among them. */
    public IdRange ids() {
        return new IdRange(first, last);
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
        return ids().toString();
    }
}
