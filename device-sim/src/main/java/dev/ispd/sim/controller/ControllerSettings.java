package dev.ispd.sim.controller;

import dev.ispd.protocol.Limits;

/**
 * A drive's controller settings.
 *
 * @param driveName                  reported in DEVICE_INFO (e.g. {@code drive0})
 * @param maxInflight                executions queued or running before EXECUTE answers BUSY
 * @param paceFactor                 0 = off; otherwise a finished execution is reported DONE only after its
 *                                   modeled time x this factor of wall time since submission
 * @param pacedFrom                  the first execution paced (1 = every one; the drive numbers its
 *                                   executions from 1): a drive that slows down mid-run
 * @param maxExecutionsPerConnection executions one connection may have queued or running; one
 *                                   more EXECUTE is LIMIT_EXCEEDED
 * @param maxExtentsPerExecute       extents one EXECUTE may name (at most the protocol's
 *                                   {@link Limits#MAX_EXTENTS}); more is LIMIT_EXCEEDED
 * @param modules                    whether user tasklet modules may be loaded, and their limits
 */
public record ControllerSettings(String driveName, int maxInflight, double paceFactor, long pacedFrom,
                                 int maxExecutionsPerConnection, int maxExtentsPerExecute, ModulePolicy modules) {
    public static final int DEFAULT_MAX_INFLIGHT = 64;
    public static final int DEFAULT_MAX_EXECUTIONS_PER_CONNECTION = 16;
    public static final int DEFAULT_MAX_EXTENTS_PER_EXECUTE = Limits.MAX_EXTENTS;

    public ControllerSettings {
        if (maxInflight < 1) {
            throw new IllegalArgumentException("maxInflight must be >= 1, got " + maxInflight);
        }
        if (!(paceFactor >= 0) || Double.isInfinite(paceFactor)) {
            throw new IllegalArgumentException("paceFactor must be a finite number >= 0, got " + paceFactor);
        }
        if (pacedFrom < 1) {
            throw new IllegalArgumentException("pacedFrom must be >= 1 (the drive's first execution), got " + pacedFrom);
        }
        if (maxExecutionsPerConnection < 1) {
            throw new IllegalArgumentException("maxExecutionsPerConnection must be >= 1, got "
                    + maxExecutionsPerConnection);
        }
        if (maxExtentsPerExecute < 1 || maxExtentsPerExecute > Limits.MAX_EXTENTS) {
            throw new IllegalArgumentException("maxExtentsPerExecute must be in [1, " + Limits.MAX_EXTENTS + "], got "
                    + maxExtentsPerExecute);
        }
    }

    /** Default per-connection limits and {@link ModulePolicy#DEFAULT}. */
    public ControllerSettings(String driveName, int maxInflight, double paceFactor) {
        this(driveName, maxInflight, paceFactor, 1, DEFAULT_MAX_EXECUTIONS_PER_CONNECTION,
                DEFAULT_MAX_EXTENTS_PER_EXECUTE, ModulePolicy.DEFAULT);
    }
}
