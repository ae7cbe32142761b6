package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.execution.SplitObservations;
import dev.ispd.spark.read.partition.GatheredPartition;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;

/**
 * The task of a {@link GatheredPartition}: starts every drive split's run of the aggregate plan at
 * once ({@link SplitPlanRun}, each in its drive, each falling back to the host on its own), runs
 * the splits placed on the host one after another meanwhile, merges their partial groups into the
 * whole answer ({@link PartialAggregates}, the merge MapReduce's reducer uses) and sums what the
 * runs counted. The drive runs wait on their drives, so the task holds a thread per split in
 * flight, at most {@link #MAX_IN_FLIGHT}: the bound keeps a task whose drives all fail from
 * running that many host scans at once. The host splits share one thread: the task's own core.
 */
final class GatheredRun {
    private static final int MAX_IN_FLIGHT = 8;
    private static final AtomicInteger THREADS = new AtomicInteger();

    private GatheredRun() {
    }

    /** The gathered answer: the splits' groups merged, and the sums of what their runs counted. */
    record Merged(List<long[]> rows, Map<SplitMetric, Long> counts) {
    }

    static Merged run(List<PlannedSplit> splits, PushedScan pushed, OffloadSettings settings,
                                   Configuration conf, String scope, SplitObservations observations) throws IOException {
        List<SplitPlanRun> inDrives = new ArrayList<>();
        List<SplitPlanRun> onHost = new ArrayList<>();
        for (PlannedSplit split : splits) {
            (split.decision().placement() == Placement.HOST ? onHost : inDrives)
                    .add(new SplitPlanRun(split, pushed, settings, conf, scope));
        }
        int threads = inDrives.size() + (onHost.isEmpty() ? 0 : 1);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, MAX_IN_FLIGHT)), r -> {
            Thread t = new Thread(r, "ispd-gathered-split-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<SplitPlanRun.Result>>> running = new ArrayList<>();
            if (!onHost.isEmpty()) {
                running.add(pool.submit(() -> runAll(onHost, observations)));
            }
            inDrives.forEach(r -> running.add(pool.submit(() -> List.of(r.run(observations)))));
            List<long[]> rows = new ArrayList<>();
            Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
            for (Future<List<SplitPlanRun.Result>> f : running) {
                for (SplitPlanRun.Result r : result(f)) {
                    rows.addAll(r.rows());
                    r.counts().forEach((metric, n) -> counts.merge(metric, n, Long::sum));
                }
            }
            return new Merged(new PartialAggregates(pushed.plan()).mergeRows(rows), counts);
        } finally {
            pool.shutdownNow(); // the task failed or was killed: stop waiting on the other drives
        }
    }

    private static List<SplitPlanRun.Result> runAll(List<SplitPlanRun> runs, SplitObservations observations)
            throws IOException {
        List<SplitPlanRun.Result> results = new ArrayList<>();
        for (SplitPlanRun r : runs) {
            results.add(r.run(observations));
        }
        return results;
    }

    private static <T> T result(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the gathered splits ran");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw (Error) cause; // a run throws nothing else
        }
    }
}
