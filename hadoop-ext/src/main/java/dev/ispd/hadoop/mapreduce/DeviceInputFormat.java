package dev.ispd.hadoop.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The input format of a DeviceJob: input paths as usual ({@link FileInputFormat#addInputPath}),
 * on an osd:// file system; splits planned and placed by {@link SplitPlanner}; each split run by a
 * {@link DeviceRecordReader}, whose key/values are those of the job's {@link DeviceMapperFormat}.
 */
public class DeviceInputFormat<K, V> extends FileInputFormat<K, V> {

    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException {
        List<DeviceInputSplit> splits = new SplitPlanner(job.getConfiguration()).plan(listStatus(job));
        PlanLedger.record(job.getConfiguration(), splits.stream().map(DeviceInputSplit::decision).toList());
        return new ArrayList<>(splits);
    }

    @Override
    public RecordReader<K, V> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new DeviceRecordReader<>();
    }
}
