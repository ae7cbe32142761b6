package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link DeviceInputSplit} (on its drive or on the host, with fallback: {@link SplitExecutor})
 * when the task starts, then yields the key/values the job's {@link DeviceMapperFormat} made of
 * the results. A tasklet's result is combined and locally reduced, so holding its key/values is
 * cheap; the job's Mapper is the identity. With correction on, it records what the split cost for
 * the job client ({@link CorrectionStore}).
 */
public final class DeviceRecordReader<K, V> extends RecordReader<K, V> {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceRecordReader.class);

    private final List<K> keys = new ArrayList<>();
    private final List<V> values = new ArrayList<>();
    private int current = -1;

    @Override
    public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
        DeviceInputSplit split = (DeviceInputSplit) genericSplit;
        Configuration conf = context.getConfiguration();
        DeviceMapper mapper = JobSettings.mapper(conf);
        FileSystem fs = split.file().getFileSystem(conf);
        if (!(fs instanceof OsdFileSystem osd)) {
            throw new IOException("split " + split + " is on " + fs.getUri() + ", not an osd:// file system");
        }
        String tasklet = mapper.tasklet();
        Params params = mapper.params(conf);
        DeviceExecution device = new DeviceExecution(osd.drives(), tasklet, params, JobSettings.polling(conf));
        HostExecution host = new HostExecution(fs, JobSettings.hostModel(conf), tasklet, params);
        SplitExecutor executor = new SplitExecutor(device, host, JobSettings.format(conf),
                (counter, n) -> context.getCounter(counter).increment(n));
        SplitObservation observed = executor.run(split, (K key, V value) -> {
            keys.add(key);
            values.add(value);
        });
        if (CorrectionStore.enabled(conf)) {
            record(conf, context, split, observed.key(tasklet, split.driveAddress()), observed);
        }
    }

    /** A lost observation only leaves later predictions uncorrected by it: logged, not fatal to the task. */
    private static void record(Configuration conf, TaskAttemptContext context, DeviceInputSplit split, String key,
                               SplitObservation observed) {
        try {
            CorrectionStore.forInput(conf, split.file()).record(context.getJobID().toString(), split.decision().index(),
                    key, observed);
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
