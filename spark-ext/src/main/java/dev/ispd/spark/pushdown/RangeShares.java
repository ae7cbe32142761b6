package dev.ispd.spark.pushdown;

import dev.ispd.plan.Predicate;
import java.util.OptionalDouble;

/**
 * The measured share of a table's records that order comparisons keep ({@link Selectivity}): a
 * sample of the records tested with them, where the table has one.
 */
@FunctionalInterface
public interface RangeShares {
    /** No measurement: every test keeps its guess. */
    RangeShares NONE = tests -> OptionalDouble.empty();

    /**
     * The share of records that pass {@code tests} (one order comparison or BETWEEN, or an AND of
     * them), in (0, 1), or empty where it is not measured.
     */
    OptionalDouble of(Predicate tests);
}
