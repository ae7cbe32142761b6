package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.tasklet.BatchListener;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.plan.PlanArithmeticException;
import dev.ispd.plan.parquet.ParquetDecodeException;
import dev.ispd.tasklet.TaskletLimitException;
import dev.ispd.tasklet.wasm.ModuleTrapException;
import dev.ispd.sim.metrics.DriveEvents;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs queued executions on one worker thread, taking turns between connections: each turn scans
 * a slice of about {@value #SLICE_PAGES} pages of one execution ({@link ExtentSlicer}), in batches
 * of pages, each batch priced by the model and counted as progress; the connections with work are
 * served round-robin ({@link FairQueue}), so a small scan waits for at most one slice of each
 * other connection's executions, never for a whole huge one. After the last slice the tasklet's
 * result is kept for READ_RESULT and written to the output object. One worker keeps the order of
 * model calls, and so every modeled figure, independent of thread scheduling (a lone execution
 * makes exactly the calls of one uninterrupted scan); the model itself decides how executions
 * overlap in virtual time.
 *
 * <p>A user module's turns run on a thread of their own ({@link ModuleThread}), which the worker
 * hands each turn to and waits for: the module's {@code init} on its first turn, then its slices,
 * and a call into the module gives up the turn at the end of each fuel slice, so a module that
 * loops takes turns with every other connection's work like a built-in does.
 */
final class ExecutionRunner implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ExecutionRunner.class.getName());

    /** Pages one turn scans: 8 MiB of 4 KiB pages, a few milliseconds of work. */
    static final long SLICE_PAGES = 2048;

    private final ObjectStore store;
    private final DriveCounters counters;
    private final DriveEvents events;
    private final ExtentScanner scanner;
    private final StorePageSource source;
    private final int pagesPerBatch;
    private final FairQueue queue = new FairQueue();
    private final Thread worker;
    private volatile boolean closed;
    private volatile Execution current;
    private final String name;
    /** The module executions' threads, abandoned if the drive closes while they wait for a turn. */
    private final Set<ModuleThread> moduleThreads = ConcurrentHashMap.newKeySet();

    ExecutionRunner(String name, ObjectStore store, DriveCounters counters, DriveEvents events, int pageSize,
                    int pagesPerBatch) {
        this.store = store;
        this.counters = counters;
        this.events = events;
        this.scanner = new ExtentScanner(pageSize, pagesPerBatch);
        this.pagesPerBatch = pagesPerBatch;
        this.source = new StorePageSource(store);
        this.name = name;
        this.worker = new Thread(this::loop, name + "-exec");
        worker.setDaemon(true);
        worker.start();
    }

    /** Pages a scan of these extents reads: the progress total. */
    long pagesIn(List<Extent> extents) {
        return scanner.pagesIn(extents);
    }

    void submit(Execution e) {
        queue.add(e);
    }

    private void loop() {
        while (!closed) {
            Execution e;
            try {
                e = queue.take(100);
            } catch (InterruptedException ie) {
                return;
            }
            if (e == null || !e.startOrContinue()) {
                continue;
            }
            current = e;
            try {
                if (e.moduleStart == null ? runTurn(e) : moduleTurn(e)) {
                    queue.putBack(e);
                }
            } catch (RuntimeException | Error t) {
                // a bug, or the JVM out of resources: fail this execution, keep serving the others
                LOG.log(Level.SEVERE, "execution " + e.id + " failed unexpectedly", t);
                e.fail(Status.INTERNAL, "internal error in the drive while running execution " + e.id + ": " + t);
            } finally {
                current = null;
            }
        }
    }

    /** Runs a module execution's turn on its own thread; true if it has more to do (or yielded mid-way). */
    private boolean moduleTurn(Execution e) {
        if (e.moduleThread == null) {
            e.moduleThread = new ModuleThread(e, name);
            moduleThreads.add(e.moduleThread);
        }
        boolean more = false;
        try {
            more = e.moduleThread.turn(() -> runTurn(e));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            e.moduleThread.abandon();
            e.fail(Status.INTERNAL, "the drive's runner was interrupted while running execution " + e.id);
        } finally {
            if (!more) {
                moduleThreads.remove(e.moduleThread); // the execution has ended, and its thread with it
            }
        }
        return more;
    }

    /**
     * Scans one slice of {@code e}, and finishes it after the last; true if it has more to scan.
     * A module's tasklet is made (its {@code init} run) on its first turn.
     */
    private boolean runTurn(Execution e) {
        if (e.tasklet == null && !startModule(e)) {
            return false;
        }
        if (e.slicer == null) {
            e.slicer = new ExtentSlicer(e.extents, scanner.pageSize(), pagesPerBatch, e.tasklet.recordSize(),
                    SLICE_PAGES);
        }
        if (!scanSlice(e)) {
            return false;
        }
        if (!e.slicer.done()) {
            return true;
        }
        byte[] result = finish(e);
        if (result != null) {
            store(e, result);
        }
        return false;
    }

    /** Makes a module execution's tasklet; false after ending the execution if that failed. */
    private boolean startModule(Execution e) {
        e.tasklet = attempt(e, () -> {
            try {
                return e.moduleStart.start();
            } catch (StatusException refused) {
                e.fail(refused.status(), refused.getMessage());
                return null;
            }
        });
        return e.tasklet != null;
    }

    private void store(Execution e, byte[] result) {
        if (e.outputId != 0) {
            try {
                store.replace(e.outputId, ByteBuffer.wrap(result));
            } catch (StoreException se) {
                e.fail(StoreErrors.status(se, "").status(), "writing the result of execution " + e.id
                        + " to output object " + Long.toUnsignedString(e.outputId) + " failed: " + se.getMessage());
                return;
            } catch (IOException io) {
                e.fail(Status.IO_ERROR, "writing the result of execution " + e.id + " to output object "
                        + Long.toUnsignedString(e.outputId) + " failed: " + io);
                return;
            }
        }
        e.succeed(result);
    }

    /** Scans the next slice of the extents; false after ending the execution otherwise. */
    private boolean scanSlice(Execution e) {
        BatchListener listener = (pages, bytes, delta) -> {
            if (e.cancelRequested()) {
                throw new BatchListener.ScanCancelledException("execution " + e.id + " cancelled");
            }
            e.model.batch(pages, bytes, delta);
            counters.bytesReadInternal.addAndGet(bytes);
            e.addPagesDone(pages);
        };
        return attempt(e, () -> {
            scanner.scan(e.tasklet, e.slicer.nextSlice(), source, e.meter, listener);
            return Boolean.TRUE;
        }) != null;
    }

    /** Finishes the tasklet after its last slice; returns the result, or null after ending the execution otherwise. */
    private byte[] finish(Execution e) {
        return attempt(e, () -> {
            if (e.cancelRequested()) {
                e.cancelled();
                return null;
            }
            ResultSink sink = new ResultSink();
            e.tasklet.finish(sink, e.meter);
            byte[] result = sink.toByteArray();
            e.model.finish(result.length);
            return result;
        });
    }

    /** One step of a tasklet's work: its value, or null after ending the execution on the step's failure. */
    private <T> T attempt(Execution e, TaskletStep<T> step) {
        try {
            return step.run();
        } catch (BatchListener.ScanCancelledException c) {
            e.cancelled();
        } catch (IOException io) {
            Status s = StoreErrors.status(io, "reading the extents").status();
            e.fail(s, "reading the extents of execution " + e.id + " failed: " + io.getMessage());
        } catch (TaskletLimitException limit) {
            // a plan's result or a module's instructions, memory or time beyond what the drive allows
            events.taskletLimitHit(limit.limit());
            e.fail(Status.LIMIT_EXCEEDED, "tasklet '" + e.taskletName + "' went beyond this drive's " + limit.limit()
                    + " limit: " + limit.getMessage());
        } catch (PlanArithmeticException bad) {
            // a value Spark's ANSI mode refuses: the message is the error class and the expression, not a Java type
            e.fail(Status.TASKLET_FAILED, "tasklet '" + e.taskletName + "' failed: " + bad.getMessage());
        } catch (RuntimeException re) {
            // the tasklet's own failure, including a result over ResultSink's limit
            if (re instanceof ModuleTrapException) {
                events.moduleTrapped();
            }
            LOG.log(Level.FINE, "tasklet " + e.taskletName + " failed in execution " + e.id, re);
            // these messages name what was wrong and where (a Parquet file's row group and column), not a Java type
            String why = re instanceof ResultSink.ResultTooLargeException || re instanceof ParquetDecodeException
                    ? re.getMessage() : re.toString();
            e.fail(Status.TASKLET_FAILED, "tasklet '" + e.taskletName + "' failed: " + why);
        }
        return null;
    }

    /** A scan slice or the tasklet's finish. */
    @FunctionalInterface
    private interface TaskletStep<T> {
        T run() throws IOException;
    }

    /** Cancels the execution in progress and stops; queued ones stay QUEUED (the drive is going away). */
    @Override
    public void close() {
        closed = true;
        Execution running = current;
        if (running != null) {
            running.requestCancel();
        }
        moduleThreads.forEach(ModuleThread::abandon);
        try {
            worker.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }
}
