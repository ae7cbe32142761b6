package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.offload.HadoopCorrections;
import dev.ispd.hadoop.offload.OsdOffload;
import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.hadoop.parquet.ParquetInputs;
import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.PlanCodec;
import dev.ispd.protocol.TaskletForm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The input format of a DeviceJob: input paths as usual ({@link FileInputFormat#addInputPath}),
 * on one osd:// file system; splits planned and placed by the offload core over osd://
 * ({@link OsdOffload}); each split run by a {@link DeviceRecordReader}, whose key/values are
 * those of the job's {@link DeviceMapperFormat}. When a {@link DeviceJob} is being submitted,
 * planning also creates the job's tasklet instance on each drive that runs device splits
 * ({@link JobTasklets}; the DeviceJob deletes them when the job ends). Planning first lets the
 * job's {@link DeviceMapper} take its parameters from the inputs' recorded layouts
 * ({@link LayoutAttribute}, {@link DeviceMapper#takeInputLayout}); an input whose recorded layout
 * still has another record size than the tasklet fails the job, naming both. A Parquet input of a
 * plan job is planned from its footer, a split per row group ({@link ParquetInputs}, docs/parquet.md).
 */
public class DeviceInputFormat<K, V> extends FileInputFormat<K, V> {

    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException {
        Configuration conf = job.getConfiguration();
        List<FileStatus> files = listStatus(job);
        if (files.isEmpty()) {
            return new ArrayList<>();
        }
        OffloadSettings settings = HadoopSettings.resolve(conf);
        OsdFileSystem fs = oneFileSystem(files, conf);
        DeviceMapper mapper = JobSettings.mapper(conf);
        mapper.takeInputLayout(conf, fs, files.stream().map(FileStatus::getPath).toList());
        TaskletSpec tasklet = mapper.spec(conf);
        CorrectionBook corrections = HadoopCorrections.forPlanning(settings, conf, files.get(0).getPath());
        List<InputFile> inputs = new ArrayList<>(files.size());
        for (FileStatus f : files) {
            inputs.add(input(fs, f, tasklet));
        }
        List<PlannedSplit> planned = OsdOffload.plan(settings, tasklet, fs, corrections, inputs);
        if (PlanLedger.isOpen(conf)) {
            JobTasklets tasklets = OsdOffload.createTasklets(fs, tasklet, planned);
            planned = tasklets.assign(planned);
            PlanLedger.record(conf, planned.stream().map(PlannedSplit::decision).toList(), tasklets);
        }
        List<InputSplit> splits = new ArrayList<>(planned.size());
        planned.forEach(p -> splits.add(new DeviceInputSplit(p)));
        return splits;
    }

    /**
     * {@code file} as the job's input: a plan job's Parquet file from its footer, else records. A
     * plan job's file that records no layout and starts as a Parquet file but does not end as one
     * is refused naming it, not read as records of the plan's layout (whose bytes they are not).
     */
    private static InputFile input(OsdFileSystem fs, FileStatus file, TaskletSpec tasklet) throws IOException {
        ParquetFooters.Ends ends = tasklet.form() == TaskletForm.PLAN ? ParquetFooters.ends(fs, file)
                : ParquetFooters.Ends.OTHER;
        if (ends == ParquetFooters.Ends.PARQUET) {
            return ParquetInputs.input(fs, file, PlanCodec.decode(tasklet.body()));
        }
        if (ends == ParquetFooters.Ends.CUT_SHORT && LayoutAttribute.read(fs, file.getPath()).isEmpty()) {
            throw new IOException(file.getPath() + " " + ParquetFooters.Ends.CUT_SHORT_TEXT);
        }
        return OsdOffload.recordFile(fs, file);
    }

    /** The one osd:// file system all inputs are on; anything else is an IOException naming the input. */
    private static OsdFileSystem oneFileSystem(List<FileStatus> files, Configuration conf) throws IOException {
        OsdFileSystem first = null;
        for (FileStatus f : files) {
            OsdFileSystem osd = OsdOffload.fileSystem(f.getPath(), conf);
            if (first != null && osd != first) {
                throw new IOException("a DeviceJob reads one osd:// file system; input " + f.getPath() + " is on "
                        + osd.getUri() + ", earlier input on " + first.getUri());
            }
            first = osd;
        }
        return first;
    }

    @Override
    public RecordReader<K, V> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new DeviceRecordReader<>();
    }
}
