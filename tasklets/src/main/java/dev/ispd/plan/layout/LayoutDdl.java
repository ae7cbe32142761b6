package dev.ispd.plan.layout;

import dev.ispd.plan.Field;
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
 * {@code NAME TYPE [be|le] @OFFSET [bits LOW..HIGH]}, for example
 * {@code "id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5"}. TYPE is {@code u} (unsigned) or
 * {@code i} (signed) and the width in bits, 8 to 64 in steps of 8; big-endian unless {@code le};
 * {@code bits} takes the bits LOW to HIGH (inclusive, 0 the least significant) of the integer.
 * {@link #format} writes a layout back in this form, which is also how a file records the fields
 * of a layout that is not built in.
 */
public final class LayoutDdl {
    private static final Pattern FIELD = Pattern.compile(
            "(?<name>[A-Za-z_][A-Za-z0-9_]*)\\s+(?<type>\\S+)(?:\\s+(?<order>be|le|BE|LE))?\\s+@\\s*(?<offset>\\d+)"
                    + "(?:\\s+bits\\s+(?<bits>\\S+))?");
    private static final Pattern TYPE = Pattern.compile("([ui])(\\d+)");
    private static final Pattern BITS = Pattern.compile("(\\d+)\\.\\.(\\d+)");

    private LayoutDdl() {
    }

    /**
     * The layout {@code name} of the fields {@code text} declares, records of {@code recordSize}
     * bytes, or (0) just long enough for the furthest field.
     *
     * @param source what the text came from, for errors ({@code option layout})
     * @throws IllegalArgumentException naming the source and the field that is wrong
     */
    public static Layout parse(String name, String text, int recordSize, String source) {
        List<Field> fields = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String declaration = part.trim();
            Matcher m = FIELD.matcher(declaration);
            if (!m.matches()) {
                throw new IllegalArgumentException(source + ": field '" + declaration + "' is not NAME TYPE [be|le] "
                        + "@OFFSET [bits LOW..HIGH], as in 'id u32 le @0'");
            }
            fields.add(field(m.group("name"), m.group("type"), m.group("order"), Integer.parseInt(m.group("offset")),
                    m.group("bits"), source));
        }
        return layout(name, recordSize, fields, source);
    }

    /**
     * One field from its parts, as the text and JSON forms give them.
     *
     * @param order {@code be}, {@code le} or null (big-endian)
     * @param bits  {@code LOW..HIGH} or null (the whole integer)
     * @throws IllegalArgumentException naming the source and the field
     */
    public static Field field(String name, String type, String order, int offset, String bits, String source) {
        String where = source + ": field " + name;
        Matcher t = TYPE.matcher(type == null ? "" : type.toLowerCase(Locale.ROOT));
        if (!t.matches() || Integer.parseInt(t.group(2)) % 8 != 0 || Integer.parseInt(t.group(2)) < 8
                || Integer.parseInt(t.group(2)) > 64) {
            throw new IllegalArgumentException(where + ": type '" + type + "' is not u8, u16, ... u64 or i8 ... i64");
        }
        if (order != null && !order.equalsIgnoreCase("be") && !order.equalsIgnoreCase("le")) {
            throw new IllegalArgumentException(where + ": byte order '" + order + "' is not be or le");
        }
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
        try {
            return new Field(name, offset, Integer.parseInt(t.group(2)) / 8, t.group(1).equals("i"),
                    !"le".equalsIgnoreCase(order), bitOffset, bitCount, false, 0);
        } catch (PlanException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** The layout of {@code fields}; records of {@code recordSize} bytes, or (0) up to the furthest field's end. */
    public static Layout layout(String name, int recordSize, List<Field> fields, String source) {
        int size = recordSize > 0 ? recordSize : fields.stream().mapToInt(f -> f.offset() + f.width()).max().orElse(1);
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

    private static String format(Field f) {
        StringBuilder s = new StringBuilder(f.name()).append(' ').append(f.signed() ? 'i' : 'u').append(8 * f.width());
        if (!f.bigEndian()) {
            s.append(" le");
        }
        s.append(" @").append(f.offset());
        if (f.bitCount() > 0) {
            s.append(" bits ").append(f.bitOffset()).append("..").append(f.bitOffset() + f.bitCount() - 1);
        }
        return s.toString();
    }
}
