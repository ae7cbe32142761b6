package dev.ispd.host;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.BatchListener;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.PageSource;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.IOException;
import java.util.List;

/**
 * Runs a tasklet on the host: the same tasklet code, scanned by the same {@link ExtentScanner}
 * with the drive's page size and batch size, so a host split yields the bytes a drive would
 * return and the same metered work (which the host profile then prices); its result may be as
 * large as a byte array, not bounded by a drive's 64 MiB, so that a split a drive could not
 * answer for its result's size (a GROUP BY of many strings) falls back to the host. Safe to share
 * between threads: each run has its own scanner and meter.
 */
public final class HostRunner {
    private final TaskletRegistry registry;
    private final int pageSize;
    private final int pagesPerBatch;

    /** A runner over the built-in tasklets. */
    public HostRunner(int pageSize, int pagesPerBatch) {
        this(TaskletRegistry.builtins(), pageSize, pagesPerBatch);
    }

    public HostRunner(TaskletRegistry registry, int pageSize, int pagesPerBatch) {
        if (pageSize <= 0 || pagesPerBatch <= 0) {
            throw new IllegalArgumentException("pageSize and pagesPerBatch must be positive, got "
                    + pageSize + " and " + pagesPerBatch);
        }
        this.registry = registry;
        this.pageSize = pageSize;
        this.pagesPerBatch = pagesPerBatch;
    }

    /** What a run returns: the result bytes (as READ_RESULT would) and the work metered. */
    public record Result(byte[] bytes, Meter meter) { }

    /** A fresh instance of the named tasklet for one run, validated as a drive would. */
    public Tasklet create(String name, Params params, Params runtimeParams) throws BadParameterException {
        TaskletFactory factory = registry.find(name).orElseThrow(() -> new IllegalArgumentException(
                "no tasklet named '" + name + "' (known: " + String.join(", ", registry.names()) + ")"));
        factory.validate(params);
        return factory.create(params, runtimeParams, new ScanContext(pageSize));
    }

    public Result run(String name, Params params, Params runtimeParams, List<Extent> extents, PageSource source)
            throws BadParameterException, IOException {
        return run(create(name, params, runtimeParams), extents, source);
    }

    public Result run(Tasklet tasklet, List<Extent> extents, PageSource source) throws IOException {
        return run(tasklet, extents, source, BatchListener.NONE);
    }

    /**
     * Scans the extents in order, then finishes the tasklet; the listener hears each batch.
     * Extents that do not hold whole records of the tasklet are an IllegalArgumentException naming
     * the first such extent.
     */
    public Result run(Tasklet tasklet, List<Extent> extents, PageSource source, BatchListener listener)
            throws IOException {
        Meter meter = new Meter();
        new ExtentScanner(pageSize, pagesPerBatch).scan(tasklet, extents, source, meter, listener);
        ResultSink out = new ResultSink(ResultSink.HOST_LIMIT);
        tasklet.finish(out, meter);
        return new Result(out.toByteArray(), meter);
    }
}
