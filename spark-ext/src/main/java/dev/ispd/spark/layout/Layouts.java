package dev.ispd.spark.layout;

import dev.ispd.plan.Layout;
import dev.ispd.worldcup.WorldCup98;
import java.util.List;
import java.util.Locale;

/** The record layouts the connector knows by name (the {@code layout} option). */
public final class Layouts {
    /** WorldCup98 access-log records, 20 bytes padded to the entry size (docs/worldcup98.md). */
    public static final String WORLDCUP98 = "worldcup98";
    public static final List<String> NAMES = List.of(WORLDCUP98);
    /** The name of a layout given by its fields ({@link LayoutDdl}, or {@link LayoutJson} without a name). */
    public static final String CUSTOM = "custom";

    private Layouts() {
    }

    /**
     * The layout called {@code name} with entries of {@code entrySize} bytes; an
     * IllegalArgumentException naming the layout or the size if there is none.
     */
    public static RecordLayout resolve(String name, int entrySize) {
        if (!WORLDCUP98.equals(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("unknown layout '" + name + "' (option layout); known layouts: " + NAMES
                    + ", or fields as text, as in 'id u32 le @0, flags u8 @4 bits 0..2'");
        }
        if (!WorldCup98.isEntrySize(entrySize)) {
            throw new IllegalArgumentException("entry size " + entrySize + " (option entrySize) is not one of "
                    + WorldCup98.ENTRY_SIZES + " for layout " + WORLDCUP98);
        }
        return RecordLayout.of(Layout.worldCup98(entrySize));
    }
}
