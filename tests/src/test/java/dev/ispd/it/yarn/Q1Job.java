package dev.ispd.it.yarn;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * Q1 (region access counts, summed by a combiner and one reducer) as a device-only DeviceJob over
 * generated WorldCup98 entries of {@value #ENTRY_SIZE} bytes.
 */
final class Q1Job {
    static final int ENTRY_SIZE = 256;

    private Q1Job() {
    }

    /**
     * Writes {@code entries} generated entries to {@code input} through a
     * file system of its own, configured by {@code conf}. Call it from the test method rather than
     * {@code @BeforeAll}: drive I/O blocks in native code, which only the test's separate-thread
     * timeout can give up on.
     */
    static void writeInput(Configuration conf, URI input, int entries) throws Exception {
        ByteBuffer data = ByteBuffer.allocate(entries * ENTRY_SIZE);
        WorldCupGenerator.withDefaults(98, entries).fill(data, entries, ENTRY_SIZE);
        try (FileSystem fs = FileSystem.newInstance(input, conf);
             OutputStream out = fs.create(new Path(input), false)) {
            out.write(data.array());
        }
    }

    /** Q1 over {@code input}, writing to {@code output}, with the settings of {@code conf} (which it changes). */
    static DeviceJob of(Configuration conf, String name, URI input, java.nio.file.Path output) throws Exception {
        conf.set(OffloadKeys.OFFLOAD_POLICY.name(), "device-only");
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), ENTRY_SIZE);
        DeviceJob job = DeviceJob.getInstance(conf, "q1-" + name);
        job.setDeviceMapper(Q1DeviceMapper.class);
        job.setDeviceMapperFormat(Q1Format.class);
        job.setCombinerClass(LongSumReducer.class);
        job.setReducerClass(LongSumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        job.setNumReduceTasks(1);
        job.addInputPath(new Path(input));
        job.setOutputPath(new Path(output.toUri()));
        return job;
    }

    /** A Configuration for Hadoop's local runner, its files under {@code tmp}. */
    static Configuration localRunner(java.nio.file.Path tmp) {
        Configuration local = new Configuration();
        local.set(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
        local.set("hadoop.tmp.dir", tmp.toString());
        return local;
    }

    /** Runs the job, which must succeed, and returns its reducer's output file. */
    static byte[] run(DeviceJob job) throws Exception {
        if (!job.waitForCompletion(false)) {
            throw new AssertionError("job " + job.job().getJobName() + " failed: " + job.job().getStatus());
        }
        Path out = new Path(FileOutputFormat.getOutputPath(job.job()), "part-r-00000");
        return Files.readAllBytes(java.nio.file.Path.of(out.toUri()));
    }
}
