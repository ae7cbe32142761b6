package dev.ispd.protocol;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Tasklet parameters: ordered string pairs with typed getters whose errors name the key.
 * Serializable, so an engine ships a tasklet's parameters to its executors.
 */
public final class Params implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public static final Params EMPTY = new Params(Map.of());

    private final Map<String, String> values;

    public Params(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Parses {@code key=value} lines (the C API's text form); blank lines are skipped. */
    public static Params parse(String text) throws BadParameterException {
        Map<String, String> m = new LinkedHashMap<>();
        if (text != null) {
            for (String line : text.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq <= 0) {
                    throw new BadParameterException("parameter line '" + line + "' is not key=value");
                }
                m.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return new Params(m);
    }

    public static Params of(String... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("keyValues must come in pairs");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return new Params(m);
    }

    public Map<String, String> asMap() {
        return values;
    }

    /**
     * The parameters one execution runs with: these (given at creation), overridden or extended by
     * the execution's runtime parameters (search values and the like, as in the Smart SSD's output
     * object; papers/smart-ssd-kang-2013.txt IV-C-2).
     */
    public Params overriddenBy(Params runtime) {
        if (runtime.values.isEmpty()) {
            return this;
        }
        Map<String, String> m = new LinkedHashMap<>(values);
        m.putAll(runtime.values);
        return new Params(m);
    }

    /** The {@code key=value\n} text form. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public String getString(String key) throws BadParameterException {
        String v = values.get(key);
        if (v == null) {
            throw new BadParameterException("missing parameter '" + key + "'");
        }
        return v;
    }

    public String getString(String key, String defaultValue) {
        return values.getOrDefault(key, defaultValue);
    }

    public long getLong(String key, long min, long max) throws BadParameterException {
        return checkRange(key, parseLong(key, getString(key)), min, max);
    }

    public long getLong(String key, long defaultValue, long min, long max) throws BadParameterException {
        return has(key) ? getLong(key, min, max) : defaultValue;
    }

    public int getInt(String key, int min, int max) throws BadParameterException {
        return (int) getLong(key, min, max);
    }

    public int getInt(String key, int defaultValue, int min, int max) throws BadParameterException {
        return (int) getLong(key, defaultValue, min, max);
    }

    /** Rejects keys other than the allowed ones, so a misspelt parameter is not silently ignored. */
    public void requireOnly(String... allowed) throws BadParameterException {
        outer:
        for (String k : values.keySet()) {
            for (String a : allowed) {
                if (a.equals(k)) {
                    continue outer;
                }
            }
            throw new BadParameterException("unknown parameter '" + k + "' (allowed: " + String.join(", ", allowed) + ")");
        }
    }

    private static long parseLong(String key, String v) throws BadParameterException {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new BadParameterException("parameter '" + key + "' must be an integer, got '" + v + "'");
        }
    }

    private static long checkRange(String key, long v, long min, long max) throws BadParameterException {
        if (v < min || v > max) {
            throw new BadParameterException("parameter '" + key + "' must be in [" + min + ", " + max + "], got " + v);
        }
        return v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Params p && values.equals(p.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
