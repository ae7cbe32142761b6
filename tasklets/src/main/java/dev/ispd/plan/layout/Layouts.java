package dev.ispd.plan.layout;

import dev.ispd.plan.Layout;
import dev.ispd.worldcup.WorldCup98;
import java.util.List;
import java.util.Locale;

/**
 * The record layouts known by name, and the one place that reads a layout given as text: a name
 * ({@code worldcup98}) or fields ({@link LayoutDdl}). Spark's {@code layout} option, a DeviceJob's
 * plan and {@code bin/ispd query --layout} all read layouts here.
 */
public final class Layouts {
    /** WorldCup98 access-log records, 20 bytes padded to the entry size (docs/worldcup98.md). */
    public static final String WORLDCUP98 = Layout.WORLDCUP98;
    public static final List<String> NAMES = List.of(WORLDCUP98);
    /** The name of a layout given by its fields ({@link LayoutDdl}, or {@link LayoutJson} without a name). */
    public static final String CUSTOM = "custom";

    private Layouts() {
    }

    /**
     * The layout called {@code name} with entries of {@code entrySize} bytes; an
     * IllegalArgumentException naming the layout or the size if there is none.
     */
    public static Layout named(String name, int entrySize) {
        if (!WORLDCUP98.equals(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("unknown layout '" + name + "'; known layouts: " + NAMES
                    + ", or fields as text, as in 'id u32 le @0, flags u8 @4 bits 0..2'");
        }
        if (!WorldCup98.isEntrySize(entrySize)) {
            throw new IllegalArgumentException("entry size " + entrySize + " is not one of " + WorldCup98.ENTRY_SIZES
                    + " for layout " + WORLDCUP98);
        }
        return Layout.worldCup98(entrySize);
    }

    /** Whether {@code text} declares fields ({@link LayoutDdl}) rather than naming a layout. */
    public static boolean declaresFields(String text) {
        return text.contains("@");
    }

    /**
     * The layout {@code text} gives: fields ({@link LayoutDdl}, named {@value #CUSTOM}, records
     * of {@code recordSize} bytes or, with 0, up to the furthest field) or a name (records of
     * {@code recordSize} bytes, which a named layout needs).
     *
     * @param source what the text came from, for errors ({@code --layout})
     * @throws IllegalArgumentException naming the source and what is wrong
     */
    public static Layout fromText(String text, int recordSize, String source) {
        if (declaresFields(text)) {
            return LayoutDdl.parse(CUSTOM, text, recordSize, source);
        }
        try {
            return named(text.trim(), recordSize);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /**
     * The layout {@code text} gives and how its records are stored, as {@link #fromText} reads
     * it: fields or a name, then, for records stored column-blocked, {@code , blocked R}
     * ({@link LayoutDdl#parseStored}), e.g. {@code worldcup98, blocked 4096}.
     *
     * @throws IllegalArgumentException naming the source and what is wrong
     */
    public static StoredLayout storedFromText(String text, int recordSize, String source) {
        LayoutDdl.Blocked b = LayoutDdl.blocked(text, source);
        return StoredLayout.of(fromText(b.fields(), recordSize, source), b.recordsPerBlock(), source);
    }

    /** The name a text naming a layout gives, less any {@code blocked R} that follows it. */
    public static String nameIn(String text) {
        int comma = text.indexOf(',');
        return (comma < 0 ? text : text.substring(0, comma)).trim();
    }

    /** Whether {@code layout} is the built-in layout of its name, which a reader knows without its fields. */
    public static boolean builtIn(Layout layout) {
        return layout.name().equals(WORLDCUP98) && WorldCup98.isEntrySize(layout.recordSize())
                && layout.equals(Layout.worldCup98(layout.recordSize()));
    }

    /** Whether {@code a} and {@code b} lay out records the same way, whatever their names. */
    public static boolean sameRecords(Layout a, Layout b) {
        return a.recordSize() == b.recordSize() && a.fields().equals(b.fields());
    }

    /** {@code name/size (fields)}, as messages show a layout. */
    public static String describe(Layout layout) {
        return layout.name() + "/" + layout.recordSize() + " (" + LayoutDdl.format(layout) + ")";
    }
}
