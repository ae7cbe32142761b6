package dev.ispd.offload.schedule;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What the scheduler's predicted times rest on (key ispd.offload.cost.basis). Both start from the
 * profiles (the drives' reported capabilities, the host profile); they differ in what corrects
 * them (docs/hadoop.md, "Cost basis").
 */
public enum CostBasis {
    /**
     * The profiles, corrected by the modeled costs finished splits reported: deterministic, the
     * same on every machine; what the workbench and the reproduction use.
     */
    MODELED("modeled"),
    /**
     * The profiles, with times corrected by the wall clock finished splits took (the drive's
     * measured execution time, the host run's elapsed time) per drive, per host and per plan
     * shape; energies as {@link #MODELED}. What a user on real hardware needs.
     */
    MEASURED("measured");

    private final String key;

    CostBasis(String key) {
        this.key = key;
    }

    /** The name used in configuration and logs. */
    public String key() {
        return key;
    }

    /** The basis named {@code value}; an unknown name is an error naming {@code configKey} and the allowed names. */
    public static CostBasis parse(String configKey, String value) {
        for (CostBasis b : values()) {
            if (b.key.equals(value.trim())) {
                return b;
            }
        }
        throw new IllegalArgumentException(configKey + ": '" + value + "' is not a cost basis; use one of "
                + Arrays.stream(values()).map(CostBasis::key).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return key;
    }
}
