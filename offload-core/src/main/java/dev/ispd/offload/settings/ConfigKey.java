package dev.ispd.offload.settings;

/** One configuration key of ispd: its name, default (as text) and what it does. */
public record ConfigKey(String name, String defaultValue, String description) {
    /** {@code value} (set for this key) as true or false, either case; else an error naming the key. */
    public boolean flag(String value) {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(name + ": '" + value + "' must be true or false");
    }
}
