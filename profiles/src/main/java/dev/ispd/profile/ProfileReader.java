package dev.ispd.profile;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a profile file: YAML whose numbers are written {@code key: {value: 50000, source: "..."}}
 * or {@code key: {value: 4, assumption: "..."}}. Every getter checks type and range, and every
 * error names the file and the dotted key. Keys nobody asked for are rejected too, so a typo
 * cannot silently leave a default in place.
 */
final class ProfileReader {
    private static final ObjectMapper YAML =
            new ObjectMapper(YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

    private final String file;
    private final List<Parameter> parameters = new ArrayList<>();

    private ProfileReader(String file) {
        this.file = file;
    }

    /** Parses {@code in} (named {@code file} in messages) and returns its top-level section. */
    static Section parse(String file, InputStream in) {
        JsonNode root;
        try {
            root = YAML.readTree(in);
        } catch (IOException e) {
            throw new ProfileException(file, "not readable YAML: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ProfileException(file, "", "expected a mapping of keys at the top level");
        }
        return new ProfileReader(file).new Section("", root);
    }

    /** A mapping in the file; remembers which keys were read so {@link #done} can reject the rest. */
    final class Section {
        private final String path;
        private final JsonNode node;
        private final Set<String> read = new LinkedHashSet<>();

        private Section(String path, JsonNode node) {
            this.path = path;
            this.node = node;
        }

        String file() {
            return file;
        }

        /** Every parameter read so far from the whole file, in reading order. */
        List<Parameter> parameters() {
            return List.copyOf(parameters);
        }

        /** A problem with {@code key} of this section, as an exception naming file and key. */
        ProfileException error(String key, String problem) {
            return new ProfileException(file, qualified(key), problem);
        }

        /** A plain string (names and descriptions need no source). */
        String text(String key) {
            JsonNode v = required(key);
            if (!v.isTextual() || v.asText().isBlank()) {
                throw error(key, "expected a non-empty string, got " + describe(v));
            }
            return v.asText();
        }

        Section section(String key) {
            JsonNode v = required(key);
            if (!v.isObject()) {
                throw error(key, "expected a mapping of keys, got " + describe(v));
            }
            return new Section(qualified(key), v);
        }

        /** Whether an optional key is present (it counts as known either way). */
        boolean has(String key) {
            read.add(key);
            return node.has(key);
        }

        long integer(String key, long min, long max) {
            JsonNode v = value(key);
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                throw error(key, "expected an integer, got " + describe(v));
            }
            long x = v.asLong();
            checkRange(key, BigDecimal.valueOf(x), BigDecimal.valueOf(min), BigDecimal.valueOf(max));
            record(key, Long.toString(x));
            return x;
        }

        int intValue(String key, int min, int max) {
            return (int) integer(key, min, max);
        }

        double decimal(String key, double min, double max) {
            JsonNode v = value(key);
            if (!v.isNumber()) {
                throw error(key, "expected a number, got " + describe(v));
            }
            BigDecimal x = v.decimalValue();
            checkRange(key, x, BigDecimal.valueOf(min), BigDecimal.valueOf(max));
            record(key, x.stripTrailingZeros().toPlainString());
            return x.doubleValue();
        }

        boolean flag(String key) {
            JsonNode v = value(key);
            if (!v.isBoolean()) {
                throw error(key, "expected true or false, got " + describe(v));
            }
            record(key, Boolean.toString(v.asBoolean()));
            return v.asBoolean();
        }

        /** A power in milliwatts (decimals allowed), returned in nanowatts. */
        long milliwatts(String key, double max) {
            JsonNode v = value(key);
            if (!v.isNumber()) {
                throw error(key, "expected a number of milliwatts, got " + describe(v));
            }
            BigDecimal mw = v.decimalValue();
            checkRange(key, mw, BigDecimal.ZERO, BigDecimal.valueOf(max));
            record(key, mw.stripTrailingZeros().toPlainString());
            return mw.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
        }

        /** Rejects any key of this section that no getter asked for. */
        void done() {
            Iterator<String> names = node.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!read.contains(name)) {
                    throw error(name, "unknown key (expected one of " + new TreeSet<>(read) + ")");
                }
            }
        }

        private JsonNode required(String key) {
            read.add(key);
            JsonNode v = node.get(key);
            if (v == null || v.isNull()) {
                throw error(key, "missing");
            }
            return v;
        }

        /** The {@code value} of a {@code {value, source | assumption}} entry; the provenance is checked and kept. */
        private JsonNode value(String key) {
            JsonNode entry = required(key);
            if (!entry.isObject() || !entry.has("value")) {
                throw error(key, "expected {value: ..., source: \"...\"} or {value: ..., assumption: \"...\"}, got "
                        + describe(entry));
            }
            Iterator<String> names = entry.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!name.equals("value") && !name.equals("source") && !name.equals("assumption")) {
                    throw error(key, "unknown field '" + name + "' (expected value, and source or assumption)");
                }
            }
            boolean hasSource = entry.has("source");
            boolean hasAssumption = entry.has("assumption");
            if (hasSource == hasAssumption) {
                throw error(key, hasSource ? "has both source and assumption; give one"
                        : "has no source or assumption: every number must say where it comes from");
            }
            JsonNode why = entry.get(hasSource ? "source" : "assumption");
            if (!why.isTextual() || why.asText().isBlank()) {
                throw error(key, (hasSource ? "source" : "assumption") + " must be a non-empty string");
            }
            return entry.get("value");
        }

        private void record(String key, String text) {
            JsonNode entry = node.get(key);
            String source = entry.has("source") ? entry.get("source").asText() : null;
            String assumption = entry.has("assumption") ? entry.get("assumption").asText() : null;
            parameters.add(new Parameter(qualified(key), text, source, assumption));
        }

        private void checkRange(String key, BigDecimal x, BigDecimal min, BigDecimal max) {
            if (x.compareTo(min) < 0 || x.compareTo(max) > 0) {
                throw error(key, x.stripTrailingZeros().toPlainString() + " is out of range ["
                        + min.stripTrailingZeros().toPlainString() + ", " + max.stripTrailingZeros().toPlainString() + "]");
            }
        }

        private String qualified(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }

        private String describe(JsonNode v) {
            if (v.isTextual()) {
                return "string \"" + v.asText() + "\"";
            }
            if (v.isObject()) {
                return "a mapping";
            }
            if (v.isArray()) {
                return "a list";
            }
            return v.toString();
        }
    }
}
