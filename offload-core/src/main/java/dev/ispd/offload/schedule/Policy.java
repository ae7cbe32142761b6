package dev.ispd.offload.schedule;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where the scheduler puts splits (key ispd.offload.policy). */
public enum Policy {
    /** Minimise the job's modeled makespan (ties: less energy). */
    FASTEST("fastest"),
    /** Minimise the job's modeled whole-system energy, idle power over the makespan included (ties: sooner). */
    LEAST_ENERGY("least-energy"),
    /** Minimise weight x makespan / host-only makespan + (1 - weight) x energy / host-only energy. */
    WEIGHTED("weighted"),
    /** Every split on the host. */
    HOST_ONLY("host-only"),
    /** Every split inside its drive. */
    DEVICE_ONLY("device-only");

    private final String key;

    Policy(String key) {
        this.key = key;
    }

    /** The name used in configuration and logs. */
    public String key() {
        return key;
    }

    /** Whether the policy places every split on one side (host-only, device-only), whatever the costs. */
    public boolean isStatic() {
        return this == HOST_ONLY || this == DEVICE_ONLY;
    }

    /** The policy named {@code value}; an unknown name is an error naming {@code configKey} and the allowed names. */
    public static Policy parse(String configKey, String value) {
        for (Policy p : values()) {
            if (p.key.equals(value.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException(configKey + ": '" + value + "' is not a policy; use one of "
                + Arrays.stream(values()).map(Policy::key).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return key;
    }
}
