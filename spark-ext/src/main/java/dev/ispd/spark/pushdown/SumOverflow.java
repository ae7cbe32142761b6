package dev.ispd.spark.pushdown;

import java.util.Locale;
import java.util.Map;

/**
 * What a query's decimal SUM and AVG answer where a sum passes its type's digits, which Spark
 * decides per aggregate and does not tell a source (its translation of {@code try_sum} and
 * {@code sum} is the same SUM): Spark's [ARITHMETIC_OVERFLOW] error ({@link #ERROR}: ANSI mode's
 * {@code sum} and {@code avg}), NULL ({@link #NULL}: {@code try_sum}, {@code try_avg}, or ANSI
 * mode off), or not known ({@link #UNKNOWN}: then the scan pushes only the sums that cannot
 * overflow). The session extension marks the scan's options with it ({@link #OPTION}); without
 * the mark, ANSI mode off means NULL for all.
 */
public enum SumOverflow {
    ERROR, NULL, UNKNOWN;

    /** The scan option the session extension sets: {@code error}, {@code null} or {@code unknown} (both kinds in one aggregation). */
    public static final String OPTION = "ispd.internal.decimalSumOverflow";

    /** The rule of a scan with {@code scanOptions} (keys in lower case, as Spark's options map gives them), in a session with ANSI mode {@code ansi}. */
    public static SumOverflow of(Map<String, String> scanOptions, boolean ansi) {
        String marked = scanOptions.get(OPTION.toLowerCase(Locale.ROOT));
        if (marked != null) {
            return valueOf(marked.toUpperCase(Locale.ROOT));
        }
        return ansi ? UNKNOWN : NULL;
    }

    /** The option's value for this rule. */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
