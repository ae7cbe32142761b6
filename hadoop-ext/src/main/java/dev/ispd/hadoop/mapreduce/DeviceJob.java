package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.DataFiles;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.offload.HadoopCorrections;
import dev.ispd.hadoop.offload.HadoopDriveFailures;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.PlacementExplainer;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.Layout;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MapReduce job whose map side runs as a tasklet, on the drives or on the host split by split:
 * <pre>
 *   DeviceJob job = DeviceJob.getInstance(conf, "q1");
 *   job.setDeviceMapper(Q1DeviceMapper.class);        // tasklet q1, entry size from the input's layout
 *   job.setDeviceMapperFormat(Q1Format.class);        // result -> (Text region, LongWritable accesses)
 *   job.setCombinerClass(LongSumReducer.class);
 *   job.setReducerClass(LongSumReducer.class);
 *   job.setOutputKeyClass(Text.class);
 *   job.setOutputValueClass(LongWritable.class);
 *   job.addInputPath(new Path("osd:///worldcup/day6"));
 *   job.setOutputPath(new Path("/tmp/q1"));
 *   job.waitForCompletion(true);
 * </pre>
 * A thin wrapper over {@link Job}: it sets the input format ({@link DeviceInputFormat}), the
 * identity Mapper and the map output types of the format; combiner, reducer, output and every
 * other knob are stock Hadoop ({@link #job()} for the rest). A job whose output format writes
 * fixed-width records says so with {@link #setOutputLayout}, and its output files record that layout.
 */
public final class DeviceJob {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceJob.class);

    private final Job job;

    private List<Decision> decisions = List.of();
    private Layout outputLayout;

    private DeviceJob(Job job) {
        this.job = job;
        job.setInputFormatClass(DeviceInputFormat.class);
        job.setMapperClass(Mapper.class);
        job.setJarByClass(DeviceJob.class);
    }

    private static final String SORT_BUFFER_KEY = "mapreduce.task.io.sort.mb";
    private static final int SORT_BUFFER_MB = 4;

    /**
     * A new job with a copy of {@code conf} (Hadoop's usual semantics). A local DeviceJob polls
     * for completion quickly ({@link LocalRunnerPolling}). Unless set, the map-side sort buffer is
     * {@value #SORT_BUFFER_MB} MB.
     */
    public static DeviceJob getInstance(Configuration conf, String name) throws IOException {
        Job job = Job.getInstance(conf, name);
        Configuration c = job.getConfiguration();
        // A split's map output is its tasklet's few combined key/values: Hadoop's 100 MB sort
        // buffer per map task would only cost allocation and GC.
        if (LocalRunnerPolling.setOnlyByDefaults(c, SORT_BUFFER_KEY)) {
            c.setInt(SORT_BUFFER_KEY, SORT_BUFFER_MB);
        }
        LocalRunnerPolling.apply(c);
        return new DeviceJob(job);
    }

    /** The underlying Hadoop job, for any knob not passed through here. */
    public Job job() {
        return job;
    }

    public Configuration getConfiguration() {
        return job.getConfiguration();
    }

    /** Which tasklet the splits run, with which parameters. */
    public DeviceJob setDeviceMapper(Class<? extends DeviceMapper> mapper) {
        job.getConfiguration().setClass(IspdKeys.JOB_DEVICE_MAPPER.name(), mapper, DeviceMapper.class);
        return this;
    }

    /** How tasklet results become key/values; also sets the map output key and value classes. */
    @SuppressWarnings("rawtypes")
    public DeviceJob setDeviceMapperFormat(Class<? extends DeviceMapperFormat> format) {
        job.getConfiguration().setClass(IspdKeys.JOB_DEVICE_FORMAT.name(), format, DeviceMapperFormat.class);
        DeviceMapperFormat<?, ?> instance = JobSettings.format(job.getConfiguration());
        job.setMapOutputKeyClass(instance.keyClass());
        job.setMapOutputValueClass(instance.valueClass());
        return this;
    }

    public DeviceJob addInputPath(Path path) throws IOException {
        FileInputFormat.addInputPath(job, path);
        return this;
    }

    public DeviceJob setOutputPath(Path path) {
        FileOutputFormat.setOutputPath(job, path);
        return this;
    }

    /**
     * Declares that the job's output files are fixed-width records of {@code layout}, as its output
     * format writes them. When the job succeeds, each output file (the hidden ones and
     * {@code _SUCCESS} aside) records the layout ({@link LayoutAttribute}; on osd://, other file
     * systems keep none), so later jobs and {@code bin/ispd info} take it from the file; an output
     * file that is not whole records of it fails the job's {@link #waitForCompletion}, naming the file.
     */
    public DeviceJob setOutputLayout(Layout layout) {
        outputLayout = layout;
        return this;
    }

    @SuppressWarnings("rawtypes")
    public DeviceJob setCombinerClass(Class<? extends Reducer> combiner) {
        job.setCombinerClass(combiner);
        return this;
    }

    @SuppressWarnings("rawtypes")
    public DeviceJob setReducerClass(Class<? extends Reducer> reducer) {
        job.setReducerClass(reducer);
        return this;
    }

    public DeviceJob setOutputKeyClass(Class<?> key) {
        job.setOutputKeyClass(key);
        return this;
    }

    public DeviceJob setOutputValueClass(Class<?> value) {
        job.setOutputValueClass(value);
        return this;
    }

    public DeviceJob setNumReduceTasks(int reducers) {
        job.setNumReduceTasks(reducers);
        return this;
    }

    public DeviceJob setJarByClass(Class<?> cls) {
        job.setJarByClass(cls);
        return this;
    }

    /**
     * The placement the scheduler would choose now for each split, with predicted costs, without
     * running the job (an "explain"; the run plans again when it starts: {@link #decisions()}).
     */
    public List<Decision> plan() throws IOException {
        return new DeviceInputFormat<>().getSplits(job).stream().map(s -> ((DeviceInputSplit) s).decision()).toList();
    }

    /**
     * The placement table the scheduler would plan now (docs/hadoop.md, "Explain a plan"): per
     * split its drive and placement, both sides' predicted time and energy, the basis of each
     * prediction (the profiles alone, or corrected by modeled or measured observations: by how
     * much, from how many samples) and the reason. Nothing runs.
     */
    public String explain() throws IOException {
        List<PlannedSplit> planned = new DeviceInputFormat<>().getSplits(job).stream()
                .map(s -> ((DeviceInputSplit) s).planned()).toList();
        Configuration conf = job.getConfiguration();
        OffloadSettings settings = HadoopSettings.resolve(conf);
        TaskletSpec tasklet = JobSettings.mapper(conf).spec(conf);
        CorrectionBook book = planned.isEmpty() ? new CorrectionBook()
                : HadoopCorrections.forPlanning(settings, conf, new Path(planned.get(0).file()));
        return new PlacementExplainer(settings.scheduler(), book, tasklet.name(), tasklet.shape()).table(
                planned.stream().map(PlannedSplit::decision).toList(),
                planned.stream().map(PlannedSplit::driveAddress).toList());
    }

    /**
     * The decision for each split of the last {@link #waitForCompletion} run, as its planning
     * made them when the job was submitted; empty before a run.
     */
    public List<Decision> decisions() {
        return decisions;
    }

    /**
     * Submits the job and waits for it; true if it succeeded. Its tasklet instances on the drives,
     * created when it was planned, are deleted when it ends. Then, with ispd.offload.correction on,
     * folds what its finished splits cost into the saved corrections that later jobs plan with
     * ({@link CorrectionStore}; a job run through {@link #job()} directly skips this step), and
     * records the {@link #setOutputLayout output layout} on its output files. On a cluster, the
     * record its tasks shared of its drives' failures ({@link HadoopDriveFailures}) is deleted.
     */
    public boolean waitForCompletion(boolean verbose) throws IOException, InterruptedException, ClassNotFoundException {
        Configuration conf = job.getConfiguration();
        PlanLedger.open(conf);
        boolean ok;
        try {
            ok = job.waitForCompletion(verbose);
        } finally {
            PlanLedger.Plan plan = PlanLedger.take(conf);
            plan.closeTasklets();
            decisions = plan.decisions();
            deleteDriveFailures();
        }
        if (ok && outputLayout != null) {
            recordOutputLayout(FileOutputFormat.getOutputPath(job));
        }
        Path[] inputs = FileInputFormat.getInputPaths(job);
        if (HadoopSettings.resolve(conf).scheduler().correction() && inputs.length > 0) {
            CorrectionStore store = HadoopCorrections.forInput(conf, inputs[0]);
            try {
                CorrectionStore.Update u = store.absorb(job.getJobID().toString());
                LOG.info("offload corrections in {} updated from {} split(s): {}", store.file(), u.observations(),
                        u.book().entries());
            } catch (IOException e) {
                // the job's output stands; only later predictions miss this job's observations
                LOG.warn("could not update the offload corrections in {}: {}", store.file(), e.getMessage());
            }
        }
        return ok;
    }

    /** Deletes the record of drive failures the job's task JVMs shared; the local runner's tasks wrote none. */
    private void deleteDriveFailures() {
        Configuration conf = job.getConfiguration();
        Path[] inputs = FileInputFormat.getInputPaths(job);
        if (!JobSettings.inLocalRunner(conf) && inputs.length > 0) {
            HadoopDriveFailures.deleteJob(conf, HadoopSettings.resolve(conf).faults(), inputs[0],
                    job.getJobID().toString());
        }
    }

    /** Records {@link #outputLayout} on each output file in {@code output}, once each is checked to be whole records. */
    private void recordOutputLayout(Path output) throws IOException {
        FileSystem fs = output.getFileSystem(job.getConfiguration());
        List<FileStatus> files = DataFiles.of(fs, output);
        for (FileStatus f : files) {
            if (f.getLen() % outputLayout.recordSize() != 0) {
                throw new IOException("output file " + f.getPath() + " is " + f.getLen() + " bytes, not whole "
                        + outputLayout.recordSize() + "-byte records of the job's output layout "
                        + LayoutAttribute.text(outputLayout) + "; it records no layout");
            }
        }
        for (FileStatus f : files) {
            LayoutAttribute.record(fs, f.getPath(), outputLayout);
        }
    }

    public Counters getCounters() throws IOException {
        return job.getCounters();
    }

    /** This job's value of one {@link IspdCounter}. */
    public long counter(IspdCounter c) throws IOException {
        return job.getCounters().findCounter(c).getValue();
    }
}
