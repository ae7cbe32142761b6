package dev.ispd.spark.read.execution;

import dev.ispd.hadoop.offload.HadoopDriveFailures;
import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the driver does when a SQL execution that read through the connector ends (Spark has no
 * end-of-scan call for a data source; one listener per SparkContext stands in): it deletes the
 * tasklet instances the execution's scans created on their drives ({@link JobTasklets}), and
 * folds the offload observations its partitions returned ({@link SplitObservations}) into the
 * correction stores scans have planned with ({@link CorrectionStore#absorb(List)}), as a DeviceJob
 * does when it ends, and deletes the record its partitions shared of their drives' failures
 * ({@link ExecutionFailures}). Whatever is still open when the application ends is closed then.
 * Scans plan with the corrections as this listener keeps them ({@link #plansWith}): an
 * execution's observations are folded into that book when it ends, and saved off the query's
 * path, at most every {@value #SAVE_EVERY_MS} ms, the observations of every execution that ended
 * meanwhile in one save, and when the application ends (a SparkContext stopped, or the JVM shut
 * down cleanly, which stops it): {@link #save}.
 * Spark delivers the end asynchronously; a driver whose next query must plan with this one's
 * observations waits for it ({@link #awaitEnd}).
 */
public final class ExecutionEnds extends SparkListener {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionEnds.class);
    private static final Map<SparkContext, ExecutionEnds> BY_CONTEXT = Collections.synchronizedMap(new WeakHashMap<>());
    /** Ended queries remembered for {@link #awaitEnd}: enough for the queries a driver runs at once. */
    private static final int ENDED_KEPT = 1024;
    /** How long observations wait in memory for the save that takes them with those of the executions ending meanwhile. */
    static final long SAVE_EVERY_MS = 30_000;
    private static final ScheduledExecutorService SAVES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ispd-correction-saves");
        t.setDaemon(true);
        return t;
    });

    private final String applicationId;
    private final Map<String, CorrectionStore> stores = new ConcurrentHashMap<>();
    /** Per store file, the corrections as this listener last read or saved them. */
    private final Map<String, CorrectionBook> books = new ConcurrentHashMap<>();
    private final Map<Long, List<JobTasklets>> tasklets = new ConcurrentHashMap<>();
    /**
     * The queries ({@code QueryExecution.queryId}) whose end has been handled, the latest
     * {@value #ENDED_KEPT}, oldest first; its monitor signals each.
     */
    private final Set<UUID> ended = new LinkedHashSet<>();
    private final Map<Long, List<HadoopDriveFailures>> failures = new ConcurrentHashMap<>();
    private final Map<Long, List<SplitObservations>> observations = new ConcurrentHashMap<>();
    /** Per store file, the observations folded into its book and not saved yet, in fold order; guarded by this. */
    private final Map<String, List<CorrectionStore.Observed>> unsaved = new TreeMap<>();

    private ExecutionEnds(String applicationId) {
        this.applicationId = applicationId;
    }

    /** The listener of {@code sc}, registered with it on first use. */
    public static ExecutionEnds of(SparkContext sc) {
        return BY_CONTEXT.computeIfAbsent(sc, c -> {
            ExecutionEnds ends = new ExecutionEnds(c.applicationId());
            c.addSparkListener(ends);
            return ends;
        });
    }

    /**
     * The corrections to plan a scan with from {@code store}, whose observations are folded into
     * it after each SQL execution: read from the file once per application, then kept as this
     * listener keeps them. An execution's observations are folded into the kept book when it ends;
     * each save reads the file (what other jobs saved meanwhile), adds the observations since the
     * last save and keeps the result, so a scan's planning reads no file on the query's path and
     * still plans with every observation this application made.
     */
    public CorrectionBook plansWith(CorrectionStore store) throws IOException {
        stores.putIfAbsent(store.file(), store);
        CorrectionBook book = books.get(store.file());
        if (book == null) {
            CorrectionBook loaded = store.load();
            book = Objects.requireNonNullElse(books.putIfAbsent(store.file(), loaded), loaded);
        }
        return book;
    }

    /** Deletes {@code instances} when {@code execution} ends. */
    public void closeAtEnd(SqlExecution execution, JobTasklets instances) {
        tasklets.computeIfAbsent(execution.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(instances);
    }

    /**
     * Waits until this listener has handled the end of the query run {@code queryId} (its
     * {@code QueryExecution.queryId()}): its tasklet instances deleted and its observations
     * folded into the corrections, so that a scan planned from now on plans with them. The
     * listener must have been registered ({@link #of}) before the query ended.
     *
     * @throws TimeoutException if the end was not handled within {@code timeout}
     */
    public void awaitEnd(UUID queryId, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (ended) {
            while (!ended.contains(queryId)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new TimeoutException("the end of query " + queryId + " of " + applicationId
                            + " was not handled within " + timeout);
                }
                TimeUnit.NANOSECONDS.timedWait(ended, left);
            }
        }
    }

    /** Deletes {@code execution}'s record of drive failures in {@code folder} when it ends ({@link ExecutionFailures}). */
    public void deleteAtEnd(SqlExecution execution, HadoopDriveFailures folder) {
        failures.computeIfAbsent(execution.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(folder);
    }

    /** Folds {@code returned} into the stores when {@code execution} ends. */
    public void foldAtEnd(SqlExecution execution, SplitObservations returned) {
        observations.computeIfAbsent(execution.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(returned);
    }

    @Override
    public void onOtherEvent(SparkListenerEvent event) {
        if (event instanceof SparkListenerSQLExecutionEnd end) {
            try {
                ended(new SqlExecution(applicationId, end.executionId()));
            } finally { // whoever waits for the end is released even if handling it failed
                if (end.queryId().isDefined()) {
                    handled(end.queryId().get());
                }
            }
        }
    }

    @Override
    public void onApplicationEnd(SparkListenerApplicationEnd end) {
        List.copyOf(tasklets.keySet()).forEach(this::closeTasklets);
        List.copyOf(failures.keySet()).forEach(id -> deleteFailures(new SqlExecution(applicationId, id)));
        save();
    }

    /**
     * Saves now the observations folded in since the last save, into each store's file: what the
     * application's end does, and what a caller that reads the file itself asks for.
     */
    public synchronized void save() {
        List.copyOf(unsaved.keySet()).forEach(this::save);
    }

    private void ended(SqlExecution execution) {
        closeTasklets(execution.id());
        deleteFailures(execution);
        List<SplitObservations> returned = observations.remove(execution.id());
        if (returned == null) {
            return;
        }
        // in name order: the corrections are running means, and tasks return in no fixed order
        Map<String, List<CorrectionStore.Observed>> byStore = new TreeMap<>();
        returned.stream().flatMap(run -> run.value().stream())
                .sorted(Comparator.comparing(SplitObservations.Observed::name))
                .forEach(o -> byStore.computeIfAbsent(o.store(), s -> new ArrayList<>()).add(o.observation()));
        byStore.forEach((file, observed) -> fold(file, observed, execution));
    }

    /** Folds an execution's observations into the kept book of {@code file}, saved with the next save. */
    private synchronized void fold(String file, List<CorrectionStore.Observed> observed, SqlExecution execution) {
        CorrectionStore store = stores.get(file);
        if (store == null) {
            LOG.warn("{} offload observation(s) of SQL execution {} name correction store {}, which no scan planned "
                    + "with; left out", observed.size(), execution.id(), file);
            return;
        }
        store.fold(books.get(file), observed);
        List<CorrectionStore.Observed> waiting = unsaved.get(file);
        if (waiting == null) {
            unsaved.put(file, new ArrayList<>(observed));
            SAVES.schedule(() -> save(file), SAVE_EVERY_MS, TimeUnit.MILLISECONDS);
        } else {
            waiting.addAll(observed);
        }
        LOG.debug("offload corrections in {}: {} partition(s) of SQL execution {} folded in, saved within {} ms", file,
                observed.size(), execution.id(), SAVE_EVERY_MS);
    }

    /** Saves the observations of {@code file} not saved yet (none: nothing to do) and keeps the book saved. */
    private synchronized void save(String file) {
        List<CorrectionStore.Observed> observed = unsaved.remove(file);
        if (observed == null) {
            return;
        }
        try {
            CorrectionStore.Update u = stores.get(file).absorb(observed);
            books.put(file, u.book());
            LOG.info("offload corrections in {} updated from {} partition(s): {}", file, u.observations(),
                    u.book().entries());
        } catch (IOException e) {
            // the queries' answers stand; only later applications miss these observations
            LOG.warn("could not save the offload corrections in {}: {}", file, e.getMessage());
        }
    }

    private void handled(UUID queryId) {
        synchronized (ended) {
            ended.add(queryId);
            if (ended.size() > ENDED_KEPT) {
                ended.remove(ended.iterator().next());
            }
            ended.notifyAll();
        }
    }

    private void deleteFailures(SqlExecution execution) {
        List<HadoopDriveFailures> records = failures.remove(execution.id());
        if (records != null) {
            records.forEach(f -> f.delete(execution.jobId()));
        }
    }

    private void closeTasklets(long executionId) {
        List<JobTasklets> instances = tasklets.remove(executionId);
        if (instances != null) {
            instances.forEach(JobTasklets::close);
        }
    }
}
