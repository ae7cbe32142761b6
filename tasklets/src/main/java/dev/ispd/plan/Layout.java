package dev.ispd.plan;

import dev.ispd.worldcup.WorldCup98;
import java.util.List;

/**
 * A fixed-width record layout: its name, the bytes per record and the fields a plan can name.
 * Fields may overlap (WorldCup98's {@code region} is the top 3 bits of {@code server}); a null
 * bit lies inside the record and outside every field's value bits (several fields may share one).
 */
public record Layout(String name, int recordSize, List<Field> fields) {
    /** The name of the built-in WorldCup98 layouts, {@code worldcup98}; its entry size picks the record size. */
    public static final String WORLDCUP98 = "worldcup98";

    public Layout {
        fields = List.copyOf(fields);
        if (recordSize < 1) {
            throw new PlanException("layout", "layout " + name + ": record size must be positive, got " + recordSize);
        }
        if (fields.isEmpty() || fields.size() > 255) {
            throw new PlanException("layout", "layout " + name + ": needs 1-255 fields, got " + fields.size());
        }
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (f.offset() + f.width() > recordSize) {
                throw new PlanException("layout", "layout " + name + ": field " + f.name() + " ends at byte "
                        + (f.offset() + f.width()) + ", past the " + recordSize + "-byte record");
            }
            for (int j = 0; j < i; j++) {
                if (fields.get(j).name().equals(f.name())) {
                    throw new PlanException("layout", "layout " + name + ": field " + f.name() + " is defined twice");
                }
            }
            if (f.hasNullBit()) {
                checkNullBit(name, recordSize, fields, f);
            }
        }
    }

    /** A null bit lies inside the record and outside every field's value bits (which would change with the value). */
    private static void checkNullBit(String name, int recordSize, List<Field> fields, Field f) {
        String bit = "@" + (f.nullBit() >>> 3) + "." + (f.nullBit() & 7);
        if ((f.nullBit() >>> 3) >= recordSize) {
            throw new PlanException("layout", "layout " + name + ": field " + f.name() + ": null bit " + bit
                    + " lies past the " + recordSize + "-byte record");
        }
        for (Field other : fields) {
            if (other.covers(f.nullBit())) {
                throw new PlanException("layout", "layout " + name + ": field " + f.name() + ": null bit " + bit
                        + " lies inside " + (other == f ? "the field itself" : "field " + other.name()));
            }
        }
    }

    /**
     * WorldCup98 entries of {@code entrySize} bytes (20, 32, 64, 128 or 256): the 20-byte
     * big-endian record, every field unsigned, plus {@code region}, the top 3 bits of {@code server}.
     */
    public static Layout worldCup98(int entrySize) {
        if (!WorldCup98.isEntrySize(entrySize)) {
            throw new PlanException("layout", "a " + WORLDCUP98 + " entry size is one of " + WorldCup98.ENTRY_SIZES
                    + ", got " + entrySize);
        }
        return new Layout(WORLDCUP98, entrySize, List.of(
                Field.unsigned("timestamp", WorldCup98.TIMESTAMP_OFFSET, 4),
                Field.unsigned("clientID", WorldCup98.CLIENT_ID_OFFSET, 4),
                Field.unsigned("objectID", WorldCup98.OBJECT_ID_OFFSET, 4),
                Field.unsigned("size", WorldCup98.SIZE_OFFSET, 4),
                Field.unsigned("method", WorldCup98.METHOD_OFFSET, 1),
                Field.unsigned("status", WorldCup98.STATUS_OFFSET, 1),
                Field.unsigned("type", WorldCup98.TYPE_OFFSET, 1),
                Field.unsigned("server", WorldCup98.SERVER_OFFSET, 1),
                Field.bits("region", WorldCup98.SERVER_OFFSET, 1, 5, 3)));
    }

    /** The field named {@code name}; a {@link PlanException} naming it and the layout's fields otherwise. */
    public Field field(String name, String part) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new PlanException(part, "unknown field '" + name + "' in layout " + name() + "; fields: "
                + fields.stream().map(Field::name).toList());
    }

    /** The position of {@code field} in {@link #fields()}. */
    public int indexOf(Field field) {
        return fields.indexOf(field);
    }
}
