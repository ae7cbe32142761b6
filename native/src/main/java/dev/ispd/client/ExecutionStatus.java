package dev.ispd.client;

import dev.ispd.protocol.ExecutionState;

/**
 * POLL: where an execution stands. Progress is in pages, as in the Smart SSD.
 *
 * @param errorStatus the status code a FAILED execution ended with (0 otherwise)
 * @param suggestedPollUs the drive's hint for the next poll (from its estimate of the remaining time), capped
 * @param modeledNs modeled duration from submission, queueing included; final once DONE
 * @param modeledEnergyNj drive energy charged to the execution; final once DONE
 * @param serviceNs modeled duration of the same work on a drive running nothing else, from submission: no
 *     waiting behind other executions or host reads and writes, so it depends only on the work and the
 *     drive's profile; final once DONE
 * @param measuredNs wall time the drive took to run it, from its first turn (no queueing) to its result:
 *     what this drive really does, beside what its profile models; final once DONE
 * @param errorMessage why a FAILED execution failed ("" otherwise)
 */
public record ExecutionStatus(ExecutionState state, int errorStatus, long suggestedPollUs, long pagesDone,
        long pagesTotal, long resultBytes, long modeledNs, long modeledEnergyNj, long serviceNs, long measuredNs,
        String errorMessage) {
}
