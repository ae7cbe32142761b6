package dev.ispd.plan.layout;

import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanException;
import java.util.Objects;
import java.util.Optional;

/**
 * A record layout and how a table's files store its records: in rows ({@code recordsPerBlock}
 * 0) or column-blocked, {@code recordsPerBlock} to a block ({@link BlockLayout}). The text form
 * ends its fields with {@code , blocked R} ({@link LayoutDdl#parseStored}), the JSON form has
 * {@code "block": R} ({@link LayoutJson#parseStored}), a file records {@code NAME/SIZE blocked R}
 * (docs/hadoop.md, "A file's record layout").
 */
public final class StoredLayout {
    /** The word that starts the text form's blocked clause. */
    public static final String BLOCKED = "blocked";

    private final Layout layout;
    /** The blocks, built (and so checked) once; null for rows. */
    private final BlockLayout blocks;

    /**
     * @throws IllegalArgumentException {@code recordsPerBlock} is negative, or the layout cannot
     *     be stored in blocks of that many records ({@link BlockLayout}'s refusals)
     */
    public StoredLayout(Layout layout, int recordsPerBlock) {
        if (recordsPerBlock < 0) {
            throw new IllegalArgumentException("layout " + layout.name() + ": blocked takes a positive number of records, got "
                    + recordsPerBlock);
        }
        this.layout = layout;
        try {
            this.blocks = recordsPerBlock == 0 ? null : new BlockLayout(layout, recordsPerBlock);
        } catch (PlanException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** As the constructor, its refusal naming {@code source}, what the layout was read from ({@code option layout}). */
    public static StoredLayout of(Layout layout, int recordsPerBlock, String source) {
        try {
            return new StoredLayout(layout, recordsPerBlock);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** Records of {@code layout} in rows. */
    public static StoredLayout rows(Layout layout) {
        return new StoredLayout(layout, 0);
    }

    /** The records' layout. */
    public Layout layout() {
        return layout;
    }

    /** Records to a block, or 0 for rows. */
    public int recordsPerBlock() {
        return blocks == null ? 0 : blocks.recordsPerBlock();
    }

    /** Whether the records are stored column-blocked. */
    public boolean blocked() {
        return blocks != null;
    }

    /** The blocks the records are stored in, or empty for rows. */
    public Optional<BlockLayout> blocks() {
        return Optional.ofNullable(blocks);
    }

    /** How the records lie, for messages: {@code in rows} or {@code column-blocked, R records to a block}. */
    public String storage() {
        return storage(recordsPerBlock());
    }

    /** How records stored {@code recordsPerBlock} to a block lie (0: in rows), for messages. */
    public static String storage(int recordsPerBlock) {
        return recordsPerBlock == 0 ? "in rows" : "column-blocked, " + recordsPerBlock + " records to a block";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StoredLayout s && layout.equals(s.layout) && recordsPerBlock() == s.recordsPerBlock();
    }

    @Override
    public int hashCode() {
        return Objects.hash(layout, recordsPerBlock());
    }

    @Override
    public String toString() {
        return "StoredLayout[layout=" + layout + ", recordsPerBlock=" + recordsPerBlock() + "]";
    }
}
