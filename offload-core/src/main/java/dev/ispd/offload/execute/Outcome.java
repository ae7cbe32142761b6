package dev.ispd.offload.execute;

import dev.ispd.offload.schedule.Cost;

/**
 * One tasklet run over part or all of a split.
 *
 * @param result the tasklet's result bytes
 * @param inputBytes the input bytes it scanned
 * @param modeled its modeled time and energy (the host profile, or the drive's model: the execution's
 *     service time, its own work with the drive to itself, so the same however other work interleaved)
 * @param waitedNs modeled time a device execution waited behind other work on its drive (queued
 *     executions, host reads), on top of {@code modeled}; 0 on the host
 * @param measuredNs the wall clock of the run: a device run's from EXECUTE sent to its result read
 *     (commands, polls and the result's transfer included, as a device split is predicted), or the
 *     host run's elapsed time, reads included
 */
record Outcome(byte[] result, long inputBytes, Cost modeled, long waitedNs, long measuredNs) {
}
