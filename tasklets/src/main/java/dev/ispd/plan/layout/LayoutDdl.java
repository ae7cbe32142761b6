package dev.ispd.plan.layout;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The text form of a record layout (Spark's {@code layout} option, docs/spark.md, "Layouts";
 * {@code bin/ispd query --layout}): fields separated by commas, each
 * {@code NAME TYPE [be|le|space|zero] @OFFSET [bits LOW..HIGH] [nullable @BYTE.BIT | nullable = VALUE]},
 * for example {@code "id u32 le @0, flags u8 @4 bits 0..2, price decimal(12,2) le @8 nullable @4.7"}.
 * TYPE is {@code u} (unsigned) or {@code i} (signed) and the width in bits, 8 to 64 in steps of 8;
 * {@code f32}, {@code f64}; {@code decimal(P,S)} (a scaled signed integer of 4, 8 or 16 bytes as
 * P needs, or {@code /BYTES} of them); {@code date}; {@code timestamp}; {@code bool}; or
 * {@code char(N)}. Numbers are big-endian unless {@code le}; a {@code char(N)} is padded with
 * spaces unless {@code zero}; {@code bits} takes the bits LOW to HIGH (inclusive, 0 the least
 * significant) of an integer (or one bit for a bool); {@code nullable} gives the null bit (bit
 * BIT, 0 the least significant, of byte BYTE of the record; set means NULL) or the raw value that
 * means NULL. {@link #format} writes a layout back in this form, which is also how a file records
 * the fields of a layout that is not built in. A table's layout may end with {@code , blocked R}:
 * its files store the records column-blocked, R to a block ({@link StoredLayout},
 * {@link #parseStored}).
 */
public final class LayoutDdl {
    private static final Pattern FIELD = Pattern.compile(
            "(?<name>[A-Za-z_][A-Za-z0-9_]*)\\s+(?<type>(?:decimal|char)\\s*\\([^)]*\\)(?:/\\d+)?|\\S+)"
                    + "(?:\\s+(?<how>be|le|space|zero))?\\s+@\\s*(?<offset>\\d+)(?:\\s+bits\\s+(?<bits>\\S+))?"
                    + "(?:\\s+nullable\\s*(?:@\\s*(?<nullbit>\\S+)|=\\s*(?<nullvalue>\\S+)))?",
            Pattern.CASE_INSENSITIVE);
    /** Commas outside parentheses: {@code decimal(12,2)} has one of its own. */
    private static final Pattern FIELD_SEPARATOR = Pattern.compile(",(?![^(]*\\))");
    private static final Pattern INTEGER = Pattern.compile("([ui])(\\d+)");
    private static final Pattern DECIMAL = Pattern.compile("decimal\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)(?:/(\\d+))?");
    private static final Pattern CHAR = Pattern.compile("char\\s*\\(\\s*(\\d+)\\s*\\)");
    private static final Pattern BITS = Pattern.compile("(\\d+)\\.\\.(\\d+)");
    private static final Pattern NULL_BIT = Pattern.compile("(\\d+)\\.(\\d+)");
    private static final String BLOCKED_WORD = StoredLayout.BLOCKED;
    /** The clause {@code blocked R} (no {@code @}: a field named blocked has an offset). */
    private static final Pattern BLOCKED = Pattern.compile(BLOCKED_WORD + "\\s+([^@\\s]+)", Pattern.CASE_INSENSITIVE);
    private static final String TYPES = "u8, u16, ... u64 or i8 ... i64, f32, f64, decimal(P,S), date, timestamp, bool "
            + "or char(N)";
    private static final String SHAPE = "NAME TYPE [be|le|space|zero] @OFFSET [bits LOW..HIGH] "
            + "[nullable @BYTE.BIT | nullable = VALUE], as in 'id u32 le @0'";

    private LayoutDdl() {
    }

    /**
     * The layout {@code name} of the fields {@code text} declares, records of {@code recordSize}
     * bytes, or (0) just long enough for the furthest field or null bit.
     *
     * @param source what the text came from, for errors ({@code option layout})
     * @throws IllegalArgumentException naming the source and the field that is wrong, or a
     *     {@code blocked R} clause, which only {@link #parseStored} reads
     */
    public static Layout parse(String name, String text, int recordSize, String source) {
        Blocked b = blocked(text, source);
        if (b.recordsPerBlock() > 0) {
            throw new IllegalArgumentException(source + ": '" + BLOCKED_WORD + " " + b.recordsPerBlock() + "' says how a "
                    + "table's files store their records; only the fields of a layout are read here");
        }
        return fields(name, b.fields(), recordSize, source);
    }

    /**
     * The layout {@code name} of the fields {@code text} declares, as {@link #parse} reads them,
     * and how its records are stored: column-blocked where the fields are followed by
     * {@code , blocked R} ({@code R} records to a block), else in rows.
     *
     * @throws IllegalArgumentException naming the source and the field or clause that is wrong,
     *     or a layout that cannot be stored in such blocks (fields overlapping in part)
     */
    public static StoredLayout parseStored(String name, String text, int recordSize, String source) {
        Blocked b = blocked(text, source);
        return StoredLayout.of(fields(name, b.fields(), recordSize, source), b.recordsPerBlock(), source);
    }

    /** A layout text split into what comes before its {@code blocked R} clause and {@code R} (0: no clause). */
    record Blocked(String fields, int recordsPerBlock) {
    }

    /**
     * {@code text} less a last part {@code blocked R}, and R; a {@code blocked} clause anywhere
     * but last, or whose R is not a positive whole number, is refused naming the source.
     */
    static Blocked blocked(String text, String source) {
        String[] parts = FIELD_SEPARATOR.split(text, -1);
        for (int i = 0; i < parts.length; i++) {
            Matcher m = BLOCKED.matcher(parts[i].trim());
            if (!m.matches()) {
                continue;
            }
            if (i != parts.length - 1 || i == 0) {
                throw new IllegalArgumentException(source + ": '" + parts[i].trim() + "' must follow the last field"
                        + " (FIELDS, " + BLOCKED_WORD + " R)");
            }
            return new Blocked(text.substring(0, text.lastIndexOf(',')), recordsPerBlock(m.group(1), source));
        }
        return new Blocked(text, 0);
    }

    private static int recordsPerBlock(String r, String source) {
        try {
            int n = Integer.parseInt(r);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, naming the clause
        }
        throw new IllegalArgumentException(source + ": " + BLOCKED_WORD + " '" + r + "' is not a positive whole number "
                + "of records, as in '" + BLOCKED_WORD + " 65536'");
    }

    private static Layout fields(String name, String text, int recordSize, String source) {
        List<Field> fields = new ArrayList<>();
        for (String part : FIELD_SEPARATOR.split(text, -1)) {
            String declaration = part.trim();
            Matcher m = FIELD.matcher(declaration);
            if (!m.matches()) {
                throw new IllegalArgumentException(source + ": field '" + declaration + "' is not " + SHAPE);
            }
            Field f = field(m.group("name"), m.group("type"), m.group("how"), Integer.parseInt(m.group("offset")),
                    m.group("bits"), source);
            if (m.group("nullbit") != null) {
                Matcher b = NULL_BIT.matcher(m.group("nullbit"));
                if (!b.matches()) {
                    throw new IllegalArgumentException(source + ": field " + f.name() + ": null bit '@"
                            + m.group("nullbit") + "' is not @BYTE.BIT, as in @16.3");
                }
                f = withNullBit(f, Integer.parseInt(b.group(1)), Integer.parseInt(b.group(2)), source);
            } else if (m.group("nullvalue") != null) {
                f = withNullValue(f, f.integral() ? nullValue(f, m.group("nullvalue"), source) : 0, source);
            }
            fields.add(f);
        }
        return layout(name, recordSize, fields, source);
    }

    /**
     * One field from its parts, as the text and JSON forms give them, not nullable.
     *
     * @param how   {@code be}, {@code le} (numbers), {@code space}, {@code zero} (strings) or null
     *              (big-endian, space-padded)
     * @param bits  {@code LOW..HIGH} or null (the whole value)
     * @throws IllegalArgumentException naming the source and the field
     */
    public static Field field(String name, String type, String how, int offset, String bits, String source) {
        String where = source + ": field " + name;
        String t = type == null ? "" : type.trim().toLowerCase(Locale.ROOT);
        String h = how == null ? null : how.toLowerCase(Locale.ROOT);
        int bitOffset = 0;
        int bitCount = 0;
        if (bits != null) {
            Matcher b = BITS.matcher(bits);
            if (!b.matches() || Integer.parseInt(b.group(2)) < Integer.parseInt(b.group(1))) {
                throw new IllegalArgumentException(where + ": bits '" + bits + "' is not LOW..HIGH, as in 0..2");
            }
            bitOffset = Integer.parseInt(b.group(1));
            bitCount = Integer.parseInt(b.group(2)) - bitOffset + 1;
        }
        Shape shape = shape(t, where, type);
        if (h != null && !(shape.type().kind() == FieldType.Kind.CHAR ? h.equals("space") || h.equals("zero")
                : shape.type().kind() != FieldType.Kind.BOOL && (h.equals("be") || h.equals("le")))) {
            throw new IllegalArgumentException(where + ": '" + how + "' does not apply to a " + t
                    + " (be or le: byte order of a number; space or zero: padding of a char(N))");
        }
        FieldType fieldType = shape.type().kind() == FieldType.Kind.CHAR ? FieldType.chars("zero".equals(h)) : shape.type();
        try {
            return new Field(name, offset, shape.width(), shape.signed(), !"le".equals(h), bitOffset, bitCount, false, 0,
                    fieldType, Field.NO_NULL_BIT);
        } catch (PlanException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** A type's kind, bytes and signedness as a TYPE word gives them. */
    private record Shape(FieldType type, int width, boolean signed) {
    }

    private static Shape shape(String t, String where, String type) {
        Matcher m;
        if ((m = INTEGER.matcher(t)).matches() && bitsOk(m.group(2))) {
            return new Shape(FieldType.INTEGER, Integer.parseInt(m.group(2)) / 8, m.group(1).equals("i"));
        }
        if ((m = DECIMAL.matcher(t)).matches()) {
            int precision = number(m.group(1), where, type);
            int width = m.group(3) == null ? FieldType.decimalWidth(precision) : number(m.group(3), where, type);
            return new Shape(FieldType.decimal(precision, number(m.group(2), where, type)), width, true);
        }
        if ((m = CHAR.matcher(t)).matches()) {
            return new Shape(FieldType.chars(false), number(m.group(1), where, type), false);
        }
        return switch (t) {
            case "f32" -> new Shape(FieldType.FLOAT, 4, false);
            case "f64" -> new Shape(FieldType.FLOAT, 8, false);
            case "date" -> new Shape(FieldType.DATE, 4, true);
            case "timestamp" -> new Shape(FieldType.TIMESTAMP, 8, true);
            case "bool" -> new Shape(FieldType.BOOL, 1, false);
            default -> throw new IllegalArgumentException(where + ": type '" + type + "' is not " + TYPES);
        };
    }

    private static boolean bitsOk(String bits) {
        int n = Integer.parseInt(bits);
        return n % 8 == 0 && n >= 8 && n <= 64;
    }

    private static int number(String digits, String where, String type) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": type '" + type + "' has a number out of range", e);
        }
    }

    /** {@code f} made NULL where bit {@code bit} of byte {@code byteOffset} of the record is set. */
    public static Field withNullBit(Field f, int byteOffset, int bit, String source) {
        try {
            return f.withNullBit(byteOffset, bit);
        } catch (PlanException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** {@code f} made NULL where its raw value is {@code value}. */
    public static Field withNullValue(Field f, long value, String source) {
        try {
            return f.withNullValue(value);
        } catch (PlanException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** A null value as text: a whole number, unsigned above 2^63 for an unsigned 8-byte field. */
    private static long nullValue(Field f, String text, String source) {
        try {
            return f.signed() ? Long.parseLong(text) : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ": field " + f.name() + ": null value '" + text
                    + "' is not a whole number " + f.rangeText(), e);
        }
    }

    /** The layout of {@code fields}; records of {@code recordSize} bytes, or (0) up to the furthest field's end or null bit. */
    public static Layout layout(String name, int recordSize, List<Field> fields, String source) {
        int size = recordSize > 0 ? recordSize : fields.stream()
                .mapToInt(f -> Math.max(f.offset() + f.width(), f.hasNullBit() ? (f.nullBit() >>> 3) + 1 : 0))
                .max().orElse(1);
        try {
            return new Layout(name, size, fields);
        } catch (PlanException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** {@code layout}'s fields in the text form {@link #parse} reads. */
    public static String format(Layout layout) {
        return layout.fields().stream().map(LayoutDdl::format).collect(Collectors.joining(", "));
    }

    /** {@code stored}'s fields and, for blocks, its {@code blocked R} clause, in the text form {@link #parseStored} reads. */
    public static String format(StoredLayout stored) {
        return format(stored.layout()) + (stored.blocked() ? ", " + BLOCKED_WORD + " " + stored.recordsPerBlock() : "");
    }

    private static String format(Field f) {
        StringBuilder s = new StringBuilder(f.name()).append(' ').append(f.typeText());
        if (f.type().kind() == FieldType.Kind.CHAR) {
            s.append(f.type().zeroPad() ? " zero" : "");
        } else if (!f.bigEndian()) {
            s.append(" le");
        }
        s.append(" @").append(f.offset());
        if (f.bitCount() > 0) {
            s.append(" bits ").append(f.bitOffset()).append("..").append(f.bitOffset() + f.bitCount() - 1);
        }
        if (f.hasNullBit()) {
            s.append(" nullable @").append(f.nullBit() >>> 3).append('.').append(f.nullBit() & 7);
        } else if (f.nullable()) {
            s.append(" nullable = ").append(f.unsigned64() ? Long.toUnsignedString(f.nullValue()) : f.nullValue());
        }
        return s.toString();
    }
}
