package dev.ispd.offload.schedule;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Seconds and joules as the decision log writes them. */
final class Format {
    private Format() {
    }

    static String seconds(long ns) {
        return thousandths(ns) + " s";
    }

    static String joules(long nj) {
        return thousandths(nj) + " J";
    }

    /**
     * {@code nanos} x 1e-9 to three decimals, rounded half up, as {@code %.3f} writes it, without
     * a Formatter per figure (a plan's explanation writes six per split).
     */
    private static String thousandths(long nanos) {
        return BigDecimal.valueOf(nanos, 9).setScale(3, RoundingMode.HALF_UP).toPlainString();
    }
}
