package dev.ispd.sim.metrics;

/**
 * An execution queued or running on the drive, as the status page shows it.
 *
 * @param id the execution id
 * @param tasklet the tasklet's name
 * @param state {@code queued} or {@code running}
 * @param pagesDone pages scanned so far
 * @param pagesTotal pages it scans
 * @param client who submitted it: {@code identity N} on a drive that authenticates, else the connection
 * @param wallSeconds seconds since it was submitted
 */
public record ExecutionInFlight(long id, String tasklet, String state, long pagesDone, long pagesTotal, String client,
                                double wallSeconds) {
}
