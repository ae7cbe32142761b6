package dev.ispd.offload.schedule;

import java.util.Locale;

/** Seconds and joules as the decision log writes them. */
final class Format {
    private Format() {
    }

    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
    }

    static String joules(long nj) {
        return String.format(Locale.ROOT, "%.3f J", nj / 1e9);
    }
}
