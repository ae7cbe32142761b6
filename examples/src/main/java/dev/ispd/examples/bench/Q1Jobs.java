package dev.ispd.examples.bench;

import dev.ispd.examples.cli.FailedJob;
import dev.ispd.examples.queries.HostNormalQ1;
import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.QueryJobs;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * The Q1 and Q2 jobs the wall-clock benchmark compares, each one reducer writing "region TAB
 * accesses" (Q2: "region TAB type TAB accesses") lines to a local directory: the stock Hadoop job
 * ({@link HostNormalQ1}) and the DeviceJob with the {@code q1} or {@code q2} tasklet under an
 * offload policy. Both are plain {@link Job}s once built, so they
 * are submitted and timed alike.
 */
public final class Q1Jobs {
    /** Name of the stock job in the benchmark's tables. */
    public static final String STOCK = "stock Hadoop";

    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private Q1Jobs() {
    }

    /** The stock Hadoop job of {@code query} (Q1 or Q2) over entries of {@code entrySize} bytes. */
    public static Q1Job stock(Configuration conf, Query query, int entrySize, Path input, java.nio.file.Path output)
            throws IOException {
        return plain(HostNormalQ1.newJob(conf, query, entrySize, input, new Path(output.toUri())));
    }

    /** The Q1 DeviceJob with {@code policy}; the entry size comes from {@code ispd.worldcup.entry.size} in {@code conf}. */
    public static DeviceJob deviceJob(Configuration conf, String policy, Path input, java.nio.file.Path output)
            throws IOException {
        return deviceJob(conf, Query.Q1, policy, input, output);
    }

    /** {@link #deviceJob(Configuration, String, Path, java.nio.file.Path)} of Q1 or Q2 (the {@code q2} tasklet). */
    public static DeviceJob deviceJob(Configuration conf, Query query, String policy, Path input,
                                      java.nio.file.Path output) throws IOException {
        Configuration c = new Configuration(conf);
        c.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        return DeviceJob.getInstance(c, query.cliName() + " " + policy)
                .setDeviceMapper(QueryJobs.deviceMapper(query)).setDeviceMapperFormat(QueryJobs.deviceMapperFormat(query))
                .setCombinerClass(LongSumReducer.class).setReducerClass(LongSumReducer.class)
                .setOutputKeyClass(Text.class).setOutputValueClass(LongWritable.class)
                .setNumReduceTasks(1).addInputPath(input).setOutputPath(new Path(output.toUri()));
    }

    /**
     * {@link #deviceJob}, waited for through {@link DeviceJob#waitForCompletion}, which also records
     * the splits' observed costs for the scheduler's correction.
     */
    public static Q1Job device(Configuration conf, Query query, String policy, Path input, java.nio.file.Path output)
            throws IOException {
        DeviceJob job = deviceJob(conf, query, policy, input, output);
        return new Q1Job(job.job(), () -> job.waitForCompletion(false));
    }

    /** A stock job, waited for as Hadoop does. */
    public static Q1Job plain(Job job) {
        return new Q1Job(job, () -> job.waitForCompletion(false));
    }

    /**
     * Submits the job and waits for it, timing only that: wall clock ({@link System#nanoTime}) and
     * this JVM's CPU time (every thread: the local runner's tasks and any in-JVM drives). A failed
     * job is an error naming it. Returns the times, the reducer output and the counters.
     */
    public static TimedRun run(String name, Q1Job q1, java.nio.file.Path output) throws Exception {
        FailedJob.watchLocalRunner();
        long cpuStart = CPU.getProcessCpuTime();
        long start = System.nanoTime();
        boolean ok = q1.completion().await();
        long wallNs = System.nanoTime() - start;
        long cpuNs = CPU.getProcessCpuTime() - cpuStart;
        if (!ok) {
            throw FailedJob.error(q1.job(), "job '" + name + "'");
        }
        return new TimedRun(name, wallNs, cpuNs, Files.readString(output.resolve("part-r-00000")),
                q1.job().getCounters());
    }

    /** A built job and the way to wait for it. */
    public record Q1Job(Job job, Completion completion) {
    }

    /** Submits a job and waits for it; true if it succeeded. */
    @FunctionalInterface
    public interface Completion {
        boolean await() throws Exception;
    }

    /** One finished job: its wall time, the JVM's CPU time meanwhile, reducer output and counters. */
    public record TimedRun(String job, long wallNs, long cpuNs, String output, Counters counters) {
    }
}
