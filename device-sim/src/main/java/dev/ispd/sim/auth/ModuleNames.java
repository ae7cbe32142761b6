package dev.ispd.sim.auth;

import java.util.regex.Pattern;

/**
 * The module names a {@code module} grant covers (docs/security.md, "Modules"): one name
 * ({@code q1}), or every name that starts with a prefix ({@code etl.*}; {@code *} is every name).
 */
public record ModuleNames(String prefix, boolean wildcard) {
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9_.-]{1,64}|[A-Za-z0-9_.-]{0,63}\\*");

    /** Parses a config file's entry; IllegalArgumentException naming the text otherwise. */
    public static ModuleNames parse(String text) {
        if (text == null || !FORM.matcher(text).matches()) {
            throw new IllegalArgumentException("module names \"" + text + "\" are not a module name (1-64 letters, "
                    + "digits, '_', '.' or '-') or a prefix of one followed by '*'");
        }
        return text.endsWith("*") ? new ModuleNames(text.substring(0, text.length() - 1), true)
                : new ModuleNames(text, false);
    }

    public boolean matches(String name) {
        return wildcard ? name.startsWith(prefix) : name.equals(prefix);
    }

    /** True if some module name is covered by both. */
    public boolean overlaps(ModuleNames o) {
        if (wildcard && o.wildcard) {
            return prefix.startsWith(o.prefix) || o.prefix.startsWith(prefix);
        }
        return wildcard ? o.prefix.startsWith(prefix) : o.matches(prefix);
    }

    @Override
    public String toString() {
        return wildcard ? prefix + "*" : prefix;
    }
}
