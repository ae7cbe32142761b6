package dev.ispd.sim.metrics;

import java.time.Instant;

/**
 * A fault or refusal the drive saw, for the status page's list of recent ones.
 *
 * @param at when (wall clock)
 * @param what what happened, e.g. {@code execution failed: media_error}, {@code connection refused: over --max-connections}
 */
public record DriveIncident(Instant at, String what) {
}
