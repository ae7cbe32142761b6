package dev.ispd.offload.settings;

/**
 * How a split survives its drive's faults (docs/hadoop.md, "Surviving faults").
 *
 * @param retries device runs a split gets after a failed one ({@link OffloadKeys#DEVICE_RETRIES})
 * @param avoidAfterFailures failures of one drive after which the job avoids it
 *     ({@link OffloadKeys#DEVICE_AVOID_AFTER})
 */
public record DeviceFaultSettings(int retries, int avoidAfterFailures) {
}
