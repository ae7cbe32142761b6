package dev.ispd.sim.controller;

/**
 * A drive's controller settings.
 *
 * @param driveName   reported in DEVICE_INFO (e.g. {@code drive0})
 * @param maxInflight executions queued or running before EXECUTE answers BUSY
 * @param paceFactor  0 = off; otherwise a finished execution is reported DONE only after its
 *                    modeled time x this factor of wall time since submission
 * @param modules     whether user tasklet modules may be loaded, and their limits
 */
public record ControllerSettings(String driveName, int maxInflight, double paceFactor, ModulePolicy modules) {
    public static final int DEFAULT_MAX_INFLIGHT = 64;

    /** Settings with {@link ModulePolicy#DEFAULT}. */
    public ControllerSettings(String driveName, int maxInflight, double paceFactor) {
        this(driveName, maxInflight, paceFactor, ModulePolicy.DEFAULT);
    }

    public ControllerSettings {
        if (maxInflight < 1) {
            throw new IllegalArgumentException("maxInflight must be >= 1, got " + maxInflight);
        }
        if (!(paceFactor >= 0) || Double.isInfinite(paceFactor)) {
            throw new IllegalArgumentException("paceFactor must be a finite number >= 0, got " + paceFactor);
        }
    }
}
