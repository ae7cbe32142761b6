package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/** Runs counting DeviceJobs in Hadoop's local job runner, as a user would write them, for the tests. */
final class JobRunner {
    private static final AtomicInteger JOBS = new AtomicInteger();

    private final Configuration base;
    private final java.nio.file.Path work;

    /** @param base a Configuration naming the osd:// drives; {@code work} holds Hadoop's local dirs and outputs */
    JobRunner(Configuration base, java.nio.file.Path work) {
        this.base = base;
        this.work = work;
    }

    /** A copy of the base Configuration for the local runner, with the policy and an explicit entry size. */
    Configuration conf(String policy, int entrySize) {
        Configuration conf = conf(policy);
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), entrySize);
        return conf;
    }

    /** A copy of the base Configuration for the local runner, with the policy; the entry size from the input's layout. */
    Configuration conf(String policy) {
        Configuration conf = new Configuration(base);
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        conf.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        // the tests' plans are the model's: a measured basis would move them with this machine's load
        conf.set(OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MODELED.key());
        return conf;
    }

    /** A counting job: the format's (Text, LongWritable) pairs summed by LongSumReducer into one output file. */
    DeviceJob countingJob(Configuration conf, String name, Class<? extends DeviceMapper> mapper,
            Class<? extends DeviceMapperFormat<Text, LongWritable>> format, Path input) throws IOException {
        DeviceJob job = DeviceJob.getInstance(conf, name);
        job.setDeviceMapper(mapper);
        job.setDeviceMapperFormat(format);
        job.setCombinerClass(LongSumReducer.class);
        job.setReducerClass(LongSumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        job.setNumReduceTasks(1);
        job.addInputPath(input);
        job.setOutputPath(new Path(work.resolve("out-" + name + "-" + JOBS.incrementAndGet()).toUri()));
        return job;
    }

    /** Runs the job, which must succeed, and returns its reducer output. */
    static String runForOutput(DeviceJob job) throws Exception {
        assertTrue(job.waitForCompletion(false), "job " + job.job().getJobName() + " failed");
        Path out = new Path(job.getConfiguration().get("mapreduce.output.fileoutputformat.outputdir"), "part-r-00000");
        return Files.readString(java.nio.file.Path.of(out.toUri()));
    }

    /** Writes {@code data} to a new osd:// file. */
    static void write(FileSystem fs, Path file, byte[] data) throws IOException {
        try (OutputStream out = fs.create(file, true)) {
            out.write(data);
        }
    }
}
