package dev.ispd.sim.controller;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Status;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.Tasklet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * One tasklet execution: what it scans, its state and progress, and once finished its result or
 * error. State changes are synchronized; progress and the cancel request are volatile so POLL
 * reads them without waiting for the worker.
 */
final class Execution {
    final long id;
    final String taskletName;
    /**
     * The tasklet: a built-in's or a plan's made at EXECUTE; a module's made by {@link #moduleStart}
     * on the execution's first turn, so its {@code init} runs in the runner. Only the worker sets it.
     */
    Tasklet tasklet;
    /** Makes a module's tasklet (running its {@code init}); null for built-ins and plans. */
    final ModuleStart moduleStart;
    final List<Extent> extents;
    final long outputId;
    /** Objects DELETE must not remove while this execution is queued or running. */
    final Set<Long> objectIds;
    final long pagesTotal;
    final DriveModel.Execution model;
    /** Wall time (System.nanoTime) of submission; pacing counts from here. */
    final long submittedWallNs;
    /** 0 = unpaced; otherwise reported DONE only after its modeled time x this factor since submission. */
    final double paceFactor;
    /** Who submitted it (a connection's session): the runner takes turns between owners. */
    final Object owner;
    /** The tasklet's work metered so far, across the runner's turns; only the worker touches it. */
    final Meter meter = new Meter();
    /** Where the scan stands between turns; set by the worker on its first turn. */
    ExtentSlicer slicer;
    /** The thread a module execution's turns run on; set by the worker on its first turn. */
    ModuleThread moduleThread;
    private final Consumer<Execution> onEnd;
    private final CountDownLatch finishedLatch = new CountDownLatch(1);
    private volatile ExecutionState state = ExecutionState.QUEUED;
    private volatile long pagesDone;
    private volatile boolean cancelRequested;
    private volatile boolean paceWaived;
    /** Wall time (System.nanoTime) of its first turn; meaningful once it has run ({@link #ran}). */
    private long startedWallNs;
    /** Wall time (System.nanoTime) it finished; meaningful once its state is final. */
    private long endedWallNs;
    private boolean ran;
    private byte[] result;
    private Status errorStatus;
    private String errorMessage = "";

    /** A module's {@code init} and the checks that need its record size: the tasklet, or the status to fail with. */
    @FunctionalInterface
    interface ModuleStart {
        Tasklet start() throws StatusException;
    }

    /** {@code tasklet} null and {@code moduleStart} given for a module, the other way round otherwise. */
    Execution(long id, String taskletName, Tasklet tasklet, ModuleStart moduleStart, List<Extent> extents, long outputId, Set<Long> objectIds,
              long pagesTotal, DriveModel.Execution model, long submittedWallNs, double paceFactor, Object owner,
              Consumer<Execution> onEnd) {
        this.id = id;
        this.taskletName = taskletName;
        this.tasklet = tasklet;
        this.moduleStart = moduleStart;
        this.extents = extents;
        this.outputId = outputId;
        this.objectIds = objectIds;
        this.pagesTotal = pagesTotal;
        this.model = model;
        this.submittedWallNs = submittedWallNs;
        this.paceFactor = paceFactor;
        this.owner = owner;
        this.onEnd = onEnd;
    }

    ExecutionState state() {
        return state;
    }

    long pagesDone() {
        return pagesDone;
    }

    /** Called by the worker after each batch (the only writer). */
    void addPagesDone(long pages) {
        pagesDone += pages;
    }

    boolean cancelRequested() {
        return cancelRequested;
    }

    /** QUEUED -> RUNNING on its first turn; false if it has finished (cancelled while queued). */
    synchronized boolean startOrContinue() {
        if (state == ExecutionState.QUEUED) {
            state = ExecutionState.RUNNING;
            startedWallNs = System.nanoTime();
            ran = true;
        }
        return state == ExecutionState.RUNNING;
    }

    synchronized void succeed(byte[] bytes) {
        if (!state.isFinished()) {
            result = bytes;
            end(ExecutionState.DONE);
        }
    }

    synchronized void fail(Status status, String message) {
        if (!state.isFinished()) {
            errorStatus = status;
            errorMessage = message;
            end(ExecutionState.FAILED);
        }
    }

    synchronized void cancelled() {
        if (!state.isFinished()) {
            errorMessage = "cancelled after " + pagesDone + " of " + pagesTotal + " pages";
            end(ExecutionState.CANCELLED);
        }
    }

    /** The final state, set once: {@code onEnd} frees the execution's slot before anyone waiting hears of it. */
    private void end(ExecutionState s) {
        endedWallNs = System.nanoTime();
        state = s;
        onEnd.accept(this);
        finishedLatch.countDown();
    }

    /** How a finished execution ended and how long it waited and ran, wall and modeled, as of {@code nowWallNs}. */
    synchronized DriveEvents.ExecutionEnd end(long nowWallNs) {
        long firstTurn = ran ? startedWallNs : nowWallNs;
        long modeled = model.modeledNs();
        return new DriveEvents.ExecutionEnd(state, state == ExecutionState.FAILED ? errorStatus : null,
                firstTurn - submittedWallNs, nowWallNs - firstTurn, modeled, modeled - model.serviceNs());
    }

    /**
     * The wall time this execution took to run, from its first turn (queueing left out) to its
     * end, or to {@code nowWallNs} while it runs; a paced one ({@link #paceFactor} > 0) ends it
     * when it reports it done, at modeled time x factor since submission, as a client sees it.
     * 0 before its first turn.
     */
    synchronized long measuredNs(long nowWallNs) {
        if (!ran) {
            return 0;
        }
        long end = state.isFinished() ? endedWallNs : nowWallNs;
        if (paceFactor > 0 && state == ExecutionState.DONE && !paceWaived) {
            end = Math.max(end, submittedWallNs + (long) (model.modeledNs() * paceFactor));
        }
        return Math.max(0, end - startedWallNs);
    }

    /** Asks the execution to stop: a queued one is cancelled at once, a running one at its next batch. */
    synchronized void requestCancel() {
        paceWaived = true; // an execution already finished is reported as it is, without pacing
        if (state == ExecutionState.QUEUED) {
            errorMessage = "cancelled before it started";
            end(ExecutionState.CANCELLED);
        } else {
            cancelRequested = true;
        }
    }

    void awaitFinished() throws InterruptedException {
        finishedLatch.await();
    }

    synchronized byte[] result() {
        return result;
    }

    synchronized Status errorStatus() {
        return errorStatus;
    }

    synchronized String errorMessage() {
        return errorMessage;
    }

    /**
     * Wall nanoseconds this execution still needs at the rate it has run so far; without pacing
     * the drive answers as fast as this machine scans, so this, not modeled time, is when a
     * poll is worth sending. Before the first page is done, the time it has waited so far.
     */
    long wallRemainingNs(long nowWallNs) {
        long elapsed = Math.max(0, nowWallNs - submittedWallNs);
        long done = pagesDone;
        return done == 0 ? elapsed : (long) (elapsed * ((double) (pagesTotal - done) / done));
    }

    /**
     * The pages a paced execution that finished but is still within its paced time is reported
     * to have done: in proportion to the paced time gone ({@code paceWaitNs} still to wait).
     */
    long pacedPagesDone(long paceWaitNs) {
        long pacedTotalNs = Math.max(1, (long) (model.modeledNs() * paceFactor));
        return pagesTotal - (long) (pagesTotal * ((double) paceWaitNs / pacedTotalNs));
    }

    /**
     * Wall nanoseconds still to wait before a finished execution may be reported DONE with its
     * pacing (modeled time x {@link #paceFactor} since submission); 0 when it may be reported now.
     */
    long paceWaitNs(long nowWallNs) {
        if (paceFactor <= 0 || paceWaived || state != ExecutionState.DONE) {
            return 0;
        }
        long due = submittedWallNs + (long) (model.modeledNs() * paceFactor);
        return Math.max(0, due - nowWallNs);
    }
}
