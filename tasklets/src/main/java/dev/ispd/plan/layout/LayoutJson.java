package dev.ispd.plan.layout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A record layout as JSON (Spark's {@code layoutFile} option, docs/spark.md, "Layouts";
 * {@code bin/ispd query --layout-file}):
 * <pre>{@code
 * {"name": "sensor", "recordSize": 24,
 *  "fields": [{"name": "id", "type": "u32", "order": "le", "offset": 0},
 *             {"name": "flags", "type": "u8", "offset": 4, "bits": "0..2"},
 *             {"name": "price", "type": "decimal(12,2)", "offset": 8, "nullable": {"byte": 4, "bit": 7}},
 *             {"name": "code", "type": "char(6)", "pad": "zero", "offset": 16, "nullable": {"byte": 4, "bit": 6}}]}
 * }</pre>
 * Each field's parts mean what they mean in the text form ({@link LayoutDdl}); {@code order}
 * ({@code be}, {@code le}), {@code pad} ({@code space}, {@code zero}), {@code bits} and
 * {@code nullable} (a null bit {@code {"byte": B, "bit": N}} or a null value {@code {"value": V}})
 * are optional, as are {@code name} ({@value Layouts#CUSTOM}) and {@code recordSize} (up to the
 * furthest field's end). A table's layout may say {@code "block": R}: its files store the records
 * column-blocked, R to a block ({@link StoredLayout}, {@link #parseStored}). {@link #format}
 * writes a layout back in this form.
 */
public final class LayoutJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The key of a blocked layout's records to a block. */
    private static final String BLOCK = "block";

    private LayoutJson() {
    }

    /**
     * The layout {@code json} describes; records of {@code recordSize} bytes if that is positive
     * (the JSON's own recordSize must then agree).
     *
     * @param source the file it came from, for errors
     * @throws IllegalArgumentException naming the source and the field that is wrong, or a
     *     {@code "block"}, which only {@link #parseStored} reads
     */
    public static Layout parse(String json, int recordSize, String source) {
        JsonNode root = root(json, source);
        if (root.has(BLOCK)) {
            throw new IllegalArgumentException(source + ": \"" + BLOCK + "\" says how a table's files store their records;"
                    + " only the fields of a layout are read here");
        }
        return layout(root, recordSize, source);
    }

    /**
     * The layout {@code json} describes, as {@link #parse} reads it, and how its records are
     * stored: column-blocked, {@code "block": R} records to a block, or in rows without it.
     *
     * @throws IllegalArgumentException naming the source and the field that is wrong, a block
     *     that is not a positive whole number, or a layout that cannot be stored in such blocks
     */
    public static StoredLayout parseStored(String json, int recordSize, String source) {
        JsonNode root = root(json, source);
        Layout layout = layout(root, recordSize, source);
        int block = 0;
        if (root.has(BLOCK)) {
            block = integer(root.get(BLOCK), BLOCK, source);
            if (block < 1) {
                throw new IllegalArgumentException(source + ": " + BLOCK + " must be a positive number of records, got "
                        + block);
            }
        }
        return StoredLayout.of(layout, block, source);
    }

    /** {@code stored} in the JSON form {@link #parseStored} reads: its name, record size, fields and block (if blocked). */
    public static String format(StoredLayout stored) {
        Layout layout = stored.layout();
        ObjectNode root = MAPPER.createObjectNode().put("name", layout.name()).put("recordSize", layout.recordSize());
        ArrayNode fields = root.putArray("fields");
        for (Field f : layout.fields()) {
            ObjectNode field = fields.addObject().put("name", f.name()).put("type", f.typeText());
            if (f.type().kind() == FieldType.Kind.CHAR) {
                field.put("pad", f.type().zeroPad() ? "zero" : "space");
            } else if (!f.bigEndian()) {
                field.put("order", "le");
            }
            field.put("offset", f.offset());
            if (f.bitCount() > 0) {
                field.put("bits", f.bitOffset() + ".." + (f.bitOffset() + f.bitCount() - 1));
            }
            if (f.hasNullBit()) {
                field.putObject("nullable").put("byte", f.nullBit() >>> 3).put("bit", f.nullBit() & 7);
            } else if (f.nullable()) {
                field.putObject("nullable").put("value", f.unsigned64()
                        ? new BigInteger(Long.toUnsignedString(f.nullValue())) : BigInteger.valueOf(f.nullValue()));
            }
        }
        if (stored.blocked()) {
            root.put(BLOCK, stored.recordsPerBlock());
        }
        return root.toString();
    }

    private static JsonNode root(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || !root.path("fields").isArray() || root.path("fields").isEmpty()) {
            throw new IllegalArgumentException(source + ": a layout is an object with an array of \"fields\"");
        }
        return root;
    }

    private static Layout layout(JsonNode root, int recordSize, String source) {
        int size = recordSize;
        if (root.has("recordSize")) {
            int own = integer(root.get("recordSize"), "recordSize", source);
            if (recordSize > 0 && own != recordSize) {
                throw new IllegalArgumentException(source + " has records of " + own + " bytes, but the entry size given is "
                        + recordSize);
            }
            size = own;
        }
        List<Field> fields = new ArrayList<>();
        int index = 0;
        for (JsonNode f : root.get("fields")) {
            String name = f.path("name").asText("");
            String where = name.isEmpty() ? "field " + index : "field " + name;
            if (!f.isObject() || name.isEmpty() || !f.has("type") || !f.has("offset")) {
                throw new IllegalArgumentException(source + ": " + where + " needs a name, a type and an offset");
            }
            if (f.has("order") && f.has("pad")) {
                throw new IllegalArgumentException(source + ": " + where + " has both an order (numbers) and a pad "
                        + "(strings)");
            }
            Field field = LayoutDdl.field(name, f.get("type").asText(), f.has("pad") ? text(f, "pad") : text(f, "order"),
                    integer(f.get("offset"), where + " offset", source), text(f, "bits"), source);
            fields.add(f.has("nullable") ? nullable(field, f.get("nullable"), where, source) : field);
            index++;
        }
        return LayoutDdl.layout(root.path("name").asText(Layouts.CUSTOM), size, fields, source);
    }

    /** {@code field} made nullable as {@code spec} says: {@code {"byte": B, "bit": N}} or {@code {"value": V}}. */
    private static Field nullable(Field field, JsonNode spec, String where, String source) {
        if (spec.isObject() && spec.size() == 2 && spec.has("byte") && spec.has("bit")) {
            return LayoutDdl.withNullBit(field, integer(spec.get("byte"), where + " null byte", source),
                    integer(spec.get("bit"), where + " null bit", source), source);
        }
        if (spec.isObject() && spec.size() == 1 && spec.has("value")) {
            JsonNode value = spec.get("value");
            if (!value.isIntegralNumber() || !(value.canConvertToLong() || value.bigIntegerValue().bitLength() <= 64)) {
                throw new IllegalArgumentException(source + ": " + where + " null value must be a whole number, got "
                        + value);
            }
            return LayoutDdl.withNullValue(field, value.bigIntegerValue().longValue(), source);
        }
        throw new IllegalArgumentException(source + ": " + where + " nullable is {\"byte\": B, \"bit\": N} (a null bit) "
                + "or {\"value\": V} (a null value), got " + spec);
    }

    private static String text(JsonNode field, String key) {
        return field.has(key) ? field.get(key).asText() : null;
    }

    private static int integer(JsonNode node, String what, String source) {
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw new IllegalArgumentException(source + ": " + what + " must be a whole number, got " + node);
        }
        return node.intValue();
    }
}
