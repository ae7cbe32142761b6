package dev.ispd.spark.read.execution;

import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.schedule.CorrectionStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
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
 * does when it ends. Whatever is still open when the application ends is closed then.
 */
public final class ExecutionEnds extends SparkListener {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionEnds.class);
    private static final Map<SparkContext, ExecutionEnds> BY_CONTEXT = Collections.synchronizedMap(new WeakHashMap<>());

    private final String applicationId;
    private final Map<String, CorrectionStore> stores = new ConcurrentHashMap<>();
    private final Map<Long, List<JobTasklets>> tasklets = new ConcurrentHashMap<>();
    private final Map<Long, List<SplitObservations>> observations = new ConcurrentHashMap<>();

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

    /** Folds the observations of this application's scans planned with {@code store} into it after each SQL execution. */
    public void absorbInto(CorrectionStore store) {
        stores.putIfAbsent(store.file(), store);
    }

    /** Deletes {@code instances} when {@code execution} ends. */
    public void closeAtEnd(SqlExecution execution, JobTasklets instances) {
        tasklets.computeIfAbsent(execution.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(instances);
    }

    /** Folds {@code returned} into the stores when {@code execution} ends. */
    public void foldAtEnd(SqlExecution execution, SplitObservations returned) {
        observations.computeIfAbsent(execution.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(returned);
    }

    @Override
    public void onOtherEvent(SparkListenerEvent event) {
        if (event instanceof SparkListenerSQLExecutionEnd end) {
            ended(new SqlExecution(applicationId, end.executionId()));
        }
    }

    @Override
    public void onApplicationEnd(SparkListenerApplicationEnd end) {
        List.copyOf(tasklets.keySet()).forEach(this::closeTasklets);
    }

    private void ended(SqlExecution execution) {
        closeTasklets(execution.id());
        List<SplitObservations> returned = observations.remove(execution.id());
        if (returned == null) {
            return;
        }
        Map<String, List<CorrectionStore.Observed>> byStore = new TreeMap<>();
        for (SplitObservations run : returned) {
            run.value().forEach(o -> byStore.computeIfAbsent(o.store(), s -> new ArrayList<>()).add(o.observation()));
        }
        byStore.forEach((file, observed) -> fold(file, observed, execution));
    }

    private void fold(String file, List<CorrectionStore.Observed> observed, SqlExecution execution) {
        CorrectionStore store = stores.get(file);
        if (store == null) {
            LOG.warn("{} offload observation(s) of SQL execution {} name correction store {}, which no scan planned "
                    + "with; left out", observed.size(), execution.id(), file);
            return;
        }
        try {
            CorrectionStore.Update u = store.absorb(observed);
            LOG.info("offload corrections in {} updated from {} partition(s) of SQL execution {}: {}", file,
                    u.observations(), execution.id(), u.book().entries());
        } catch (IOException e) {
            // the query's answer stands; only later predictions miss its observations
            LOG.warn("could not update the offload corrections in {}: {}", file, e.getMessage());
        }
    }

    private void closeTasklets(long executionId) {
        List<JobTasklets> ended = tasklets.remove(executionId);
        if (ended != null) {
            ended.forEach(JobTasklets::close);
        }
    }
}
