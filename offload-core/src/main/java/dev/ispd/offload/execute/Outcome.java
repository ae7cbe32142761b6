package dev.ispd.offload.execute;

import dev.ispd.offload.schedule.Cost;

/**
 * One tasklet run over part or all of a split.
 *
 * @param result the tasklet's result bytes
 * @param inputBytes the input bytes it scanned
 * @param modeled its modeled time and energy (the drive's model, or the host profile)
 * @param waited true if it was a device execution submitted to a drive already running or
 *     queueing other work, so its modeled time includes waiting, not only its own service
 */
record Outcome(byte[] result, long inputBytes, Cost modeled, boolean waited) {
}
