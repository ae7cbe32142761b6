package dev.ispd.client;

/**
 * What one finished execution produced, as {@link TaskletRunner} collects it.
 *
 * @param result the whole result (READ_RESULT from 0 to its total length)
 * @param modeledNs the drive's modeled duration of the execution, queueing included
 * @param modeledEnergyNj the drive energy charged to it
 * @param serviceNs the drive's modeled duration of the same work with the drive to itself (no queueing):
 *     the execution's own cost, the same however other clients' work interleaved with it
 * @param measuredNs the wall time the drive took to run it (no queueing), as it measured it
 * @param pagesTotal pages the execution read inside the drive
 * @param polls how many POLL commands it took, a measure of the polling overhead
 */
public record TaskletResult(byte[] result, long modeledNs, long modeledEnergyNj, long serviceNs, long measuredNs,
                            long pagesTotal,
                            int polls) {
}
