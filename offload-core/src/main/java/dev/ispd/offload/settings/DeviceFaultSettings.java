package dev.ispd.offload.settings;

import java.time.Duration;

/**
 * How a split survives its drive's faults (docs/hadoop.md, "Surviving faults").
 *
 * @param retries device runs a split gets after a failed one ({@link OffloadKeys#DEVICE_RETRIES})
 * @param avoidAfterFailures failures of one drive after which the job avoids it
 *     ({@link OffloadKeys#DEVICE_AVOID_AFTER})
 * @param failuresDir where the job's task JVMs share their drive failures
 *     ({@link OffloadKeys#DEVICE_FAILURES_DIR}); empty = the engine's default
 * @param failuresRefresh how long a JVM goes by what it last read of them
 *     ({@link OffloadKeys#DEVICE_FAILURES_REFRESH_MS})
 * @param probeTimeout how long planning waits for a drive's answer before it plans without it
 *     ({@link OffloadKeys#DEVICE_PROBE_TIMEOUT_MS})
 * @param probeMaxAge how long planning goes by a drive's last answer before it asks again
 *     ({@link OffloadKeys#DEVICE_PROBE_MAX_AGE_MS})
 * @param deadlineFloor the shortest deadline of a device split ({@link OffloadKeys#DEVICE_DEADLINE_FLOOR_MS})
 * @param deadlineFactor a device split's deadline in predicted device times
 *     ({@link OffloadKeys#DEVICE_DEADLINE_FACTOR})
 * @param stragglerFactor a device split straggles after this many predicted device times, 0 = never
 *     ({@link OffloadKeys#DEVICE_STRAGGLER_FACTOR})
 * @param stragglerFloor the shortest time before a device split straggles
 *     ({@link OffloadKeys#DEVICE_STRAGGLER_FLOOR_MS})
 */
public record DeviceFaultSettings(int retries, int avoidAfterFailures, String failuresDir, Duration failuresRefresh,
                                  Duration probeTimeout, Duration probeMaxAge, Duration deadlineFloor, double deadlineFactor,
                                  double stragglerFactor, Duration stragglerFloor) {
}
