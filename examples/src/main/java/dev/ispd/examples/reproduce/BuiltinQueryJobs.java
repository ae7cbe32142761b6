package dev.ispd.examples.reproduce;

import dev.ispd.examples.baseline.HostNormalQ1;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.builtin.Q1DeviceMapper;
import dev.ispd.hadoop.mapreduce.builtin.Q1Format;
import dev.ispd.hadoop.mapreduce.builtin.Q2DeviceMapper;
import dev.ispd.hadoop.mapreduce.builtin.Q2Format;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * The three versions built from the project's jobs, one reducer each writing "key TAB count"
 * lines (Q1: per region; Q2: per region and type, the table the top N is picked from):
 * <ul>
 *   <li>host-normal: the stock Hadoop job ({@link HostNormalQ1}; for Q2 the same with
 *       {@link RegionTypeCountMapper}), FixedLengthInputFormat, combiner and reducer summing;</li>
 *   <li>host-optimized: the DeviceJob under policy host-only, which runs the tasklet's in-memory
 *       aggregation on the host and prices it with the host profile (IspdCounter);</li>
 *   <li>device: the same DeviceJob under policy device-only.</li>
 * </ul>
 */
final class BuiltinQueryJobs implements QueryVersionJobs {
    /** How often the client checks that a job is done; Hadoop's 5 s default would dominate a scaled run's wall time. */
    private static final String COMPLETION_POLL_MS = "mapreduce.client.completion.pollinterval";

    @Override
    public Outcome run(Configuration conf, LogQuery query, int entrySize, Version version, Path input,
                       java.nio.file.Path outputDir) throws Exception {
        Configuration c = new Configuration(conf);
        c.setInt(IspdKeys.WORLDCUP_ENTRY_SIZE.name(), entrySize);
        c.setInt(COMPLETION_POLL_MS, 20);
        Path output = new Path(outputDir.toUri());
        Job job;
        boolean ok;
        if (version == Version.HOST_NORMAL) {
            job = HostNormalQ1.newJob(c, entrySize, input, output);
            if (query == LogQuery.Q2) {
                job.setJobName("q2 host-normal");
                job.setMapperClass(RegionTypeCountMapper.class);
            }
            ok = job.waitForCompletion(false);
        } else {
            c.set(IspdKeys.OFFLOAD_POLICY.name(), version == Version.DEVICE ? "device-only" : "host-only");
            DeviceJob dj = DeviceJob.getInstance(c, query.name().toLowerCase() + " " + version.label())
                    .setDeviceMapper(query == LogQuery.Q1 ? Q1DeviceMapper.class : Q2DeviceMapper.class)
                    .setDeviceMapperFormat(query == LogQuery.Q1 ? Q1Format.class : Q2Format.class)
                    .setCombinerClass(LongSumReducer.class).setReducerClass(LongSumReducer.class)
                    .setOutputKeyClass(Text.class).setOutputValueClass(LongWritable.class)
                    .setNumReduceTasks(1).addInputPath(input).setOutputPath(output);
            job = dj.job();
            ok = dj.waitForCompletion(false);
        }
        if (!ok) {
            throw new IOException(query + " " + version.label() + " over " + input + " failed: "
                    + job.getStatus().getFailureInfo());
        }
        return new Outcome(Files.readString(outputDir.resolve("part-r-00000")), job.getCounters());
    }
}
