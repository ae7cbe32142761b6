package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.metrics.DriveOffloadSource;
import dev.ispd.hadoop.offload.HadoopCorrections;
import dev.ispd.hadoop.offload.HadoopDriveFailures;
import dev.ispd.hadoop.offload.OsdOffload;
import dev.ispd.offload.execute.JobFailureRecord;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.offload.settings.DeviceFaultSettings;
import dev.ispd.offload.settings.OffloadSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link DeviceInputSplit} when the task starts, with the offload core's
 * {@link SplitExecutor} (on its drive or on the host, with fallback; drive connections pooled
 * per job in the task's JVM; drive failures shared with the job's other task JVMs,
 * {@link HadoopDriveFailures}), then yields the key/values the job's {@link DeviceMapperFormat}
 * made of the results. A tasklet's result is combined and locally reduced, so holding its
 * key/values is cheap; the job's Mapper is the identity. Counts go to the task's
 * {@link IspdCounter}s; with correction on, it records what the split cost for the job client
 * ({@link HadoopCorrections}); what ran where also adds to the JVM's per-drive totals, published by
 * Hadoop's metrics system ({@link DriveOffloadSource}).
 */
public final class DeviceRecordReader<K, V> extends RecordReader<K, V> {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceRecordReader.class);

    private final List<K> keys = new ArrayList<>();
    private final List<V> values = new ArrayList<>();
    private int current = -1;

    @Override
    public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
        PlannedSplit split = ((DeviceInputSplit) genericSplit).planned();
        Configuration conf = context.getConfiguration();
        OffloadSettings settings = HadoopSettings.resolve(conf);
        TaskletSpec tasklet = JobSettings.mapper(conf).spec(conf);
        DeviceMapperFormat<?, ?> format = JobSettings.format(conf);
        String job = context.getJobID().toString();
        DriveOffloadSource.registerOnce();
        SplitExecutor executor = OsdOffload.executor(settings, tasklet, job, conf,
                (metric, n) -> context.getCounter(IspdCounter.of(metric)).increment(n),
                sharedFailures(context, settings.faults(), new Path(split.file())),
                () -> false); // a task attempt is killed by interrupting its thread or ending its JVM
        SplitObservation observed = executor.run(split, (result, origin) -> convert(format, result, origin));
        if (settings.scheduler().correction()) {
            record(conf, job, split, CorrectionStore.Observed.of(observed, tasklet.name(), split.driveAddress()));
        }
    }

    /**
     * The record a map task of a DeviceJob shares, written as its attempt; none in Hadoop's local
     * runner, whose tasks share the client's JVM and so its record already, or if the folder's
     * file system cannot be reached (logged: the task counts what its JVM sees).
     */
    private static Optional<JobFailureRecord> sharedFailures(TaskAttemptContext context, DeviceFaultSettings settings,
                                                             Path input) {
        Configuration conf = context.getConfiguration();
        if (JobSettings.inLocalRunner(conf)) {
            return Optional.empty();
        }
        return HadoopDriveFailures.shared(conf, settings, input, context.getJobID().toString(),
                context.getTaskAttemptID().toString());
    }

    /** The job's format makes the map output types, and the reader is typed by them: the cast only restates that. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void convert(DeviceMapperFormat format, byte[] result, ResultOrigin origin) throws IOException {
        format.convert(result, origin, (KeyValueSink<K, V>) (key, value) -> {
            keys.add(key);
            values.add(value);
        });
    }

    /** A lost observation only leaves later predictions uncorrected by it: logged, not fatal to the task. */
    private static void record(Configuration conf, String job, PlannedSplit split, CorrectionStore.Observed observed) {
        try {
            HadoopCorrections.forInput(conf, new Path(split.file())).record(job, split.decision().index(), observed);
        } catch (IOException e) {
            LOG.warn("could not record what split {} ({}) cost for the offload correction: {}", split.decision().index(),
                    split, e.getMessage());
        }
    }

    @Override
    public boolean nextKeyValue() {
        if (current + 1 >= keys.size()) {
            current = keys.size();
            return false;
        }
        current++;
        return true;
    }

    @Override
    public K getCurrentKey() {
        return keys.get(current);
    }

    @Override
    public V getCurrentValue() {
        return values.get(current);
    }

    @Override
    public float getProgress() {
        return keys.isEmpty() ? 1f : Math.min(1f, (current + 1) / (float) keys.size());
    }

    @Override
    public void close() {
        keys.clear();
        values.clear();
    }
}
