package dev.ispd.sim.metrics;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Status;
import dev.ispd.sim.fault.FaultKind;

/**
 * What a drive tells its metrics as it happens (docs/metrics.md): the few events that are not
 * already a total the drive keeps. The server, controller and fault injector call it; each call
 * is cheap and never blocks. {@link #NONE} ignores everything (a drive without metrics).
 */
public interface DriveEvents {

    /** A request was answered with {@code status}; {@code opcode} as on the wire (possibly undefined). */
    void answered(int opcode, Status status);

    /** A connection over the connection cap was answered BUSY and closed. */
    void connectionRefused();

    /** A connection was closed for keeping the drive waiting past its idle or header timeout. */
    void connectionTimedOut();

    /** An execution reached its final state. */
    void executionEnded(ExecutionEnd end);

    /** A tasklet went beyond one of the drive's limits ({@code limit} as {@code TaskletLimitException} names it). */
    void taskletLimitHit(String limit);

    /** A user module trapped while running. */
    void moduleTrapped();

    /** A user module was loaded. */
    void moduleLoaded();

    /** A SCRUB checked {@code objects} objects, {@code bytes} bytes, and found {@code damaged} damaged. */
    void scrubbed(long objects, long bytes, long damaged);

    /** The fault plan injected a fault of this kind. */
    void faultInjected(FaultKind kind);

    /**
     * How an execution ended and how long it took.
     *
     * @param state         DONE, FAILED or CANCELLED
     * @param failure       the error status of a FAILED execution, else null
     * @param queuedWallNs  wall time from submission until it first ran (until it ended, if it never ran)
     * @param runWallNs     wall time from its first turn to its end (0 if it never ran)
     * @param modeledNs     modeled time from submission to its end
     * @param modeledWaitNs modeled time it waited behind other work ({@code modeledNs} less its time on an idle drive)
     */
    record ExecutionEnd(ExecutionState state, Status failure, long queuedWallNs, long runWallNs, long modeledNs,
                        long modeledWaitNs) { }

    /** A drive without metrics. */
    DriveEvents NONE = new DriveEvents() {
        @Override
        public void answered(int opcode, Status status) {
        }

        @Override
        public void connectionRefused() {
        }

        @Override
        public void connectionTimedOut() {
        }

        @Override
        public void executionEnded(ExecutionEnd end) {
        }

        @Override
        public void taskletLimitHit(String limit) {
        }

        @Override
        public void moduleTrapped() {
        }

        @Override
        public void moduleLoaded() {
        }

        @Override
        public void scrubbed(long objects, long bytes, long damaged) {
        }

        @Override
        public void faultInjected(FaultKind kind) {
        }
    };
}
