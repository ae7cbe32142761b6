package dev.ispd.sim.store;

import java.util.Locale;

/** The store's two-valued option enums ({@link Durability}, {@link RecoveryMode}) as their lower-case names. */
final class LowerCaseNames {
    private LowerCaseNames() {
    }

    /** The constant named {@code s} in any case; otherwise an error naming {@code what} and both names. */
    static <E extends Enum<E>> E parse(E[] values, String s, String what) {
        for (E e : values) {
            if (e.name().equalsIgnoreCase(s)) {
                return e;
            }
        }
        throw new IllegalArgumentException(what + " '" + s + "' is neither '" + of(values[0]) + "' nor '"
                + of(values[1]) + "'");
    }

    static String of(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
