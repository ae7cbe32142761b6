package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import dev.ispd.tasklet.BatchListener;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.TaskletLimitException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs queued executions, one at a time in submission order, on one worker thread: a scan of the
 * extents in batches of pages, each batch priced by the model and counted as progress, then the
 * tasklet's result kept for READ_RESULT and written to the output object. One worker keeps the
 * order of model calls, and so every modeled figure, independent of thread scheduling; the model
 * itself decides how executions overlap in virtual time.
 */
final class ExecutionRunner implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ExecutionRunner.class.getName());

    private final ObjectStore store;
    private final DriveCounters counters;
    private final ExtentScanner scanner;
    private final StorePageSource source;
    private final BlockingQueue<Execution> queue = new LinkedBlockingQueue<>();
    private final Thread worker;
    private volatile boolean closed;
    private volatile Execution current;

    ExecutionRunner(String name, ObjectStore store, DriveCounters counters, int pageSize,
                    int pagesPerBatch) {
        this.store = store;
        this.counters = counters;
        this.scanner = new ExtentScanner(pageSize, pagesPerBatch);
        this.source = new StorePageSource(store);
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
                e = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                return;
            }
            if (e != null && e.start()) {
                current = e;
                try {
                    run(e);
                } catch (RuntimeException | Error t) {
                    // a bug, or the JVM out of resources: fail this execution, keep serving the others
                    LOG.log(Level.SEVERE, "execution " + e.id + " failed unexpectedly", t);
                    e.fail(Status.INTERNAL, "internal error in the drive while running execution " + e.id + ": " + t);
                } finally {
                    current = null;
                }
            }
        }
    }

    private void run(Execution e) {
        byte[] result = scan(e);
        if (result == null) {
            return;
        }
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

    /** Scans the extents and finishes the tasklet; returns the result, or null after ending the execution otherwise. */
    private byte[] scan(Execution e) {
        Meter meter = new Meter();
        BatchListener listener = (pages, bytes, delta) -> {
            if (e.cancelRequested()) {
                throw new BatchListener.ScanCancelledException("execution " + e.id + " cancelled");
            }
            e.model.batch(pages, bytes, delta);
            counters.bytesReadInternal.addAndGet(bytes);
            e.addPagesDone(pages);
        };
        try {
            scanner.scan(e.tasklet, e.extents, source, meter, listener);
            if (e.cancelRequested()) {
                e.cancelled();
                return null;
            }
            ResultSink sink = new ResultSink();
            e.tasklet.finish(sink, meter);
            byte[] result = sink.toByteArray();
            e.model.finish(result.length);
            return result;
        } catch (BatchListener.ScanCancelledException c) {
            e.cancelled();
        } catch (IOException io) {
            Status s = StoreErrors.status(io, "reading the extents").status();
            e.fail(s, "reading the extents of execution " + e.id + " failed: " + io.getMessage());
        } catch (TaskletLimitException limit) {
            // a plan's result or a module's instructions, memory or time beyond what the drive allows
            e.fail(Status.LIMIT_EXCEEDED, "tasklet '" + e.taskletName + "' went beyond this drive's " + limit.limit()
                    + " limit: " + limit.getMessage());
        } catch (RuntimeException re) {
            // the tasklet's own failure, including a result over ResultSink's limit
            LOG.log(Level.FINE, "tasklet " + e.taskletName + " failed in execution " + e.id, re);
            String why = re instanceof ResultSink.ResultTooLargeException ? re.getMessage() : re.toString();
            e.fail(Status.TASKLET_FAILED, "tasklet '" + e.taskletName + "' failed: " + why);
        }
        return null;
    }

    /** Cancels the execution in progress and stops; queued ones stay QUEUED (the drive is going away). */
    @Override
    public void close() {
        closed = true;
        Execution running = current;
        if (running != null) {
            running.requestCancel();
        }
        try {
            worker.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }
}
