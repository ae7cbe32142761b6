package dev.ispd.spark.read;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.HostSlots;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.MergedGroups;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.execution.SplitObservations;
import dev.ispd.spark.read.partition.GatheredPartition;
import dev.ispd.spark.read.partition.PartitionPlanner;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The task of a {@link GatheredPartition}: starts every drive split's run of the aggregate plan at
 * once ({@link SplitPlanRun}, each in its drive, each falling back to the host on its own), runs
 * the splits placed on the host meanwhile on as many threads as the plan gave the host slots
 * ({@link HostSlots}: the lanes the scheduler priced them on), merges their partial groups into
 * the whole answer as their results arrive ({@link MergedGroups}: read in place from the encoded
 * results, {@link PartialAggregates}' merge, which MapReduce's reducer uses too) and sums what
 * the runs counted. The drive runs wait on their drives, so the task holds a thread per split in
 * flight, at most {@link #MAX_IN_FLIGHT}: the bound keeps a task whose drives all fail from
 * running that many host scans at once. A task that fails or is killed ends after its runs do
 * (a drive run having cancelled its execution in its drive), at most {@link #STOP_WAIT_SECONDS} later.
 */
final class GatheredRun {
    private static final Logger LOG = LoggerFactory.getLogger(GatheredRun.class);
    private static final int MAX_IN_FLIGHT = 8;
    /**
     * How long a failed or killed task waits for its runs to stop: a drive run's cancel is one command to its drive,
     * answered at once; a host run (whose reading the kill does not stop) may read its split to the end.
     */
    private static final long STOP_WAIT_SECONDS = 10;
    private static final AtomicInteger THREADS = new AtomicInteger();

    private GatheredRun() {
    }

    /** The gathered answer: the splits' groups merged, and the sums of what their runs counted. */
    record Merged(WordRows rows, Map<SplitMetric, Long> counts) {
    }

    static Merged run(List<PlannedSplit> splits, PushedScan pushed, OffloadSettings settings,
                                   Configuration conf, String scope, SplitObservations observations) throws IOException {
        MergedGroups groups = new PartialAggregates(pushed.plan()).groups();
        Map<SplitMetric, Long> counts = atOnce(splits, PartitionPlanner.tasklet(pushed), settings, conf, scope,
                observations, groups::addResult);
        return new Merged(groups.result(), counts);
    }

    /**
     * Runs every split of {@code tasklet} at once, the drives' each on a thread and the host's on
     * the host lanes, handing each encoded result to {@code results} on this thread as its run
     * ends; returns the sums of what the runs counted.
     */
    static Map<SplitMetric, Long> atOnce(List<PlannedSplit> splits, TaskletSpec tasklet, OffloadSettings settings,
                                         Configuration conf, String scope, SplitObservations observations,
                                         Consumer<byte[]> results) throws IOException {
        List<SplitPlanRun> inDrives = new ArrayList<>();
        List<SplitPlanRun> onHost = new ArrayList<>();
        for (PlannedSplit split : splits) {
            (split.decision().placement() == Placement.HOST ? onHost : inDrives)
                    .add(new SplitPlanRun(split, tasklet, settings, conf, scope));
        }
        int lanes = Math.min(onHost.size(), hostLanes(splits, settings));
        int threads = inDrives.size() + lanes;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, MAX_IN_FLIGHT)), r -> {
            Thread t = new Thread(r, "ispd-gathered-split-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<SplitPlanRun.Result>>> running = new ArrayList<>();
            Queue<SplitPlanRun> hostQueue = new ConcurrentLinkedQueue<>(onHost);
            for (int lane = 0; lane < lanes; lane++) { // first, so that the bound on threads never starves them
                running.add(pool.submit(() -> runAll(hostQueue, observations)));
            }
            inDrives.forEach(r -> running.add(pool.submit(() -> List.of(r.run(observations)))));
            Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
            for (Future<List<SplitPlanRun.Result>> f : running) {
                for (SplitPlanRun.Result r : result(f)) {
                    r.results().forEach(results);
                    r.counts().forEach((metric, n) -> counts.merge(metric, n, Long::sum));
                }
            }
            return counts;
        } finally {
            pool.shutdownNow(); // the task failed or was killed: the other runs cancel their executions and stop
            awaitStopped(pool);
        }
    }

    /** Waits for {@code pool}'s runs to end, at most {@link #STOP_WAIT_SECONDS}; the thread's interrupt is kept. */
    private static void awaitStopped(ExecutorService pool) {
        boolean interrupted = Thread.interrupted(); // a killed task's: it would end the wait at once
        try {
            if (!pool.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("gathered split runs still running {} s after their task failed or was killed; left to end on "
                        + "their own", STOP_WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One host lane: runs the queue's splits one after another until none is left. */
    private static List<SplitPlanRun.Result> runAll(Queue<SplitPlanRun> runs, SplitObservations observations)
            throws IOException {
        List<SplitPlanRun.Result> results = new ArrayList<>();
        for (SplitPlanRun r = runs.poll(); r != null; r = runs.poll()) {
            results.add(r.run(observations));
        }
        return results;
    }

    /** The host slots the scheduler planned the splits with: of its settings and the drives they are on. */
    static int hostLanes(List<PlannedSplit> splits, OffloadSettings settings) {
        return HostSlots.of(settings.scheduler(), splits.stream().map(s -> s.geometry().address()).distinct().toList());
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
