package dev.ispd.offload.execute;

import dev.ispd.host.HostRunner;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.plan.DriveGeometry;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.storage.HostFiles;
import dev.ispd.offload.storage.RangeReader;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Runs a split's tasklet (a built-in or a plan) on the host: reads file ranges through the engine's file system
 * ({@link HostFiles}) and scans them with {@link HostRunner} (the drive's page size and batch
 * size, so the result bytes are the drive's), then prices the metered work and the bytes moved
 * with the host profile. A read the file system served from another replica (the first one failed)
 * is counted.
 */
final class HostExecution {
    private final HostFiles files;
    private final HostModel model;
    private final TaskletSpec tasklet;
    private final MetricSink counters;

    /** {@code counters} gets the reads that had to read another replica ({@link SplitMetric#REPLICA_READS}). */
    HostExecution(HostFiles files, HostModel model, TaskletSpec tasklet, MetricSink counters) {
        this.files = files;
        this.model = model;
        this.tasklet = tasklet;
        this.counters = counters;
    }

    /** Runs the tasklet over {@code ranges} (file ranges of whole records) of the split's file. */
    Outcome run(PlannedSplit split, List<Extent> ranges) throws IOException {
        return run(split, ranges, () -> false);
    }

    /**
     * As {@link #run(PlannedSplit, List)}, stopping with an InterruptedIOException at the first
     * batch read after {@code stop} says its result is no longer wanted.
     */
    Outcome run(PlannedSplit split, List<Extent> ranges, BooleanSupplier stop) throws IOException {
        DriveGeometry g = split.geometry();
        HostRunner runner = new HostRunner(g.pageSize(), g.pagesPerBatch());
        Tasklet instance;
        try {
            instance = tasklet.factory().create(tasklet.params(), split.runtimeParams(), new ScanContext(g.pageSize()));
        } catch (BadParameterException e) {
            throw new IOException("tasklet '" + tasklet.name() + "' for " + split + ": " + e.getMessage(), e);
        }
        HostRunner.Result r;
        long started = System.nanoTime();
        try (RangeReader in = files.open(split.file())) {
            r = runner.run(instance, ranges, new FilePageSource(in, split.file(), stop));
            counters.add(SplitMetric.REPLICA_READS, in.replicaFailovers());
        }
        long measuredNs = System.nanoTime() - started;
        long bytes = ranges.stream().mapToLong(Extent::length).sum();
        LinkSpec link = new LinkSpec(g.linkBytesPerSec(), g.linkCommandLatencyNs(), new Power(0, 0));
        HostCost cost = model.price(link, r.meter(), bytes);
        // energy the split adds to the system, the accounting the scheduler predicts in
        return new Outcome(r.bytes(), bytes, new Cost(cost.timeNs(), cost.addedEnergyNj()), 0, measuredNs);
    }

    /** The tasklet its runs run. */
    TaskletSpec tasklet() {
        return tasklet;
    }
}
