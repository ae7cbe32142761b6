package dev.ispd.examples.queries;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The host variants' jobs: {@link FixedLengthInputFormat} with the entry size as record length
 * (splits are the file system's blocks, an osd:// chunk each), the variant's mapper, the
 * query's {@link Reduction} as combiner and single reducer, so one output file
 * {@code part-r-00000}.
 */
final class HostJobs {
    private HostJobs() {
    }

    /** The mapper of a host variant of {@code query}. */
    static Class<? extends Mapper> mapper(Query query, Variant variant) {
        return switch (variant) {
            case HOST_NORMAL -> switch (query) {
                case Q1 -> RegionCountMapper.class;
                case Q2 -> RegionTypeCountMapper.class;
                case FILTER -> MatchingPageMapper.class;
            };
            case HOST_OPTIMIZED -> switch (query) {
                case Q1 -> RegionCountAggregator.class;
                case Q2 -> RegionTypeAggregator.class;
                case FILTER -> MatchingPageCollector.class;
            };
            case DEVICE -> throw new IllegalArgumentException("the device variant is a DeviceJob, not a host job");
        };
    }

    /** A configured, unsubmitted job; {@code conf} is copied, as {@link Job#getInstance} does. */
    static Job newJob(Configuration conf, String name, int entrySize, Path input, Path output,
                      Class<? extends Mapper> mapper, Reduction reduction) throws IOException {
        WorldCup98.requireEntrySize(entrySize);
        Job job = Job.getInstance(conf, name);
        job.setJarByClass(HostJobs.class);
        job.setInputFormatClass(FixedLengthInputFormat.class);
        FixedLengthInputFormat.setRecordLength(job.getConfiguration(), entrySize);
        FileInputFormat.addInputPath(job, input);
        job.setMapperClass(mapper);
        job.setCombinerClass(reduction.reducer());
        job.setReducerClass(reduction.reducer());
        job.setNumReduceTasks(1);
        job.setMapOutputKeyClass(reduction.keyClass());
        job.setMapOutputValueClass(reduction.valueClass());
        job.setOutputKeyClass(reduction.keyClass());
        job.setOutputValueClass(reduction.valueClass());
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }
}
