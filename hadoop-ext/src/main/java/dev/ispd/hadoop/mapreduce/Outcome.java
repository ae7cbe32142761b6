package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.schedule.Cost;

/**
 * One tasklet run over part or all of a split.
 *
 * @param result the tasklet's result bytes
 * @param inputBytes the input bytes it scanned
 * @param modeled its modeled time and energy (the drive's model, or the host profile)
 */
record Outcome(byte[] result, long inputBytes, Cost modeled) {
}
