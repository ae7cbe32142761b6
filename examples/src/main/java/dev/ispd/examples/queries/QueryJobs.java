package dev.ispd.examples.queries;

import dev.ispd.examples.cli.FailedJob;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.DeviceMapper;
import dev.ispd.hadoop.mapreduce.DeviceMapperFormat;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.mapreduce.LocalRunnerPolling;
import dev.ispd.hadoop.worldcup.FilterFormat;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.Q2DeviceMapper;
import dev.ispd.hadoop.worldcup.Q2Format;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.PageFilter;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * Runs a WorldCup98 query in one of the three variants and returns its canonical answer
 * ({@link Answers}), counters and wall time. The variants share the reduce side
 * ({@link Reduction}) and differ in the map side only:
 * <ul>
 *   <li>host-normal: stock mappers, one pair per entry (per matching entry for the filter);</li>
 *   <li>host-optimized: mappers aggregating in memory ({@link HostPricedMapper}), priced with the host model;</li>
 *   <li>device: a {@link DeviceJob} on the built-in tasklets; policy device-only unless {@code conf}
 *       sets {@link IspdKeys#OFFLOAD_POLICY}.</li>
 * </ul>
 */
public final class QueryJobs {
    /** The device variant's policy when the configuration names none. */
    public static final String DEFAULT_DEVICE_POLICY = "device-only";


    private QueryJobs() {
    }

    /**
     * Runs one variant to completion (in the local runner unless {@code conf} says otherwise);
     * {@code conf} names the osd drives ({@code WorldCupDrives.configuration}), {@code input} is
     * an osd:// file of entries of {@code spec.entrySize()} bytes, {@code outputDir} a local
     * directory that must not exist yet. A failed job is an IOException naming it.
     */
    public static QueryRun run(Configuration conf, QuerySpec spec, Variant variant, Path input,
                               java.nio.file.Path outputDir) throws Exception {
        Configuration c = jobConfiguration(conf, spec, input);
        Path output = new Path(outputDir.toUri());
        String name = spec + " " + variant.cliName();
        FailedJob.watchLocalRunner();
        long start = System.nanoTime();
        Job job;
        boolean ok;
        if (variant == Variant.DEVICE) {
            DeviceJob device = deviceJob(c, spec, name, input, output);
            job = device.job();
            ok = device.waitForCompletion(false);
        } else {
            job = HostJobs.newJob(c, name, spec.entrySize(), input, output, HostJobs.mapper(spec.query(), variant),
                    Reduction.of(spec.query()));
            ok = job.waitForCompletion(false);
        }
        long wallNs = System.nanoTime() - start;
        if (!ok) {
            throw FailedJob.error(job, "job " + name + " over " + input);
        }
        if (spec.query() == Query.FILTER && variant == Variant.DEVICE) {
            checkPagesNamedAlike(InputGeometry.load(c), job.getCounters(), name);
        }
        java.nio.file.Path part = outputDir.resolve("part-r-00000");
        String answer = Answers.fromReducerOutput(spec, Files.readString(part), part.toString());
        return new QueryRun(spec, variant, answer, job.getCounters(), wallNs);
    }

    /**
     * {@code conf} plus what every variant's tasks read: entry size, predicate, the drives'
     * geometry. An input whose recorded layout disagrees with {@code spec}'s entry size is an
     * IllegalArgumentException naming both ({@link LayoutAttribute}).
     */
    static Configuration jobConfiguration(Configuration conf, QuerySpec spec, Path input) throws IOException {
        Configuration c = new Configuration(conf);
        LayoutAttribute.worldCup98EntrySize(input.getFileSystem(c), input, spec.entrySize());
        // the host variants poll as a DeviceJob does, so wall times compare
        LocalRunnerPolling.apply(c);
        c.setInt(WorldCupKeys.ENTRY_SIZE.name(), spec.entrySize());
        if (spec.query() == Query.FILTER) {
            PageFilter p = spec.predicate();
            c.set(QueryKeys.FILTER_PREDICATE.name(), p.toString());
            c.set(WorldCupKeys.FILTER_PREDICATE.name(), p.condition().toString());
        }
        InputGeometry.probe(c, input).store(c);
        return c;
    }

    /**
     * A DeviceJob's host-run splits (placed there, fallen back, or straddling records) name a
     * page from the file's start, its drive-run splits from the chunk's start; the two agree
     * only when a chunk is a whole number of pages. Refuses an answer that mixed the two.
     */
    private static void checkPagesNamedAlike(InputGeometry g, Counters counters, String name) throws IOException {
        long hostRun = counters.findCounter(IspdCounter.SPLITS_ON_HOST).getValue()
                + counters.findCounter(IspdCounter.STRADDLING_RECORDS).getValue();
        if (g.chunkSize() % g.pageSize() != 0 && hostRun > 0) {
            throw new IOException("job " + name + " ran part of the input on the host, which names filter pages from "
                    + "the file's start while the drives name them from each chunk's start, and the chunk size "
                    + g.chunkSize() + " is not a whole number of " + g.pageSize() + "-byte pages; use a chunk size that "
                    + "is a multiple of both the page and the entry size (InputGeometry.wholePageChunkSize) or the "
                    + "device-only policy");
        }
    }

    /** The device mapper of {@code query}'s DeviceJob. */
    public static Class<? extends DeviceMapper> deviceMapper(Query query) {
        return switch (query) {
            case Q1 -> Q1DeviceMapper.class;
            case Q2 -> Q2DeviceMapper.class;
            case FILTER -> ModedFilterDeviceMapper.class;
        };
    }

    /** The format that splits {@code query}'s input for its device mapper. */
    public static Class<? extends DeviceMapperFormat> deviceMapperFormat(Query query) {
        return switch (query) {
            case Q1 -> Q1Format.class;
            case Q2 -> Q2Format.class;
            case FILTER -> FilterFormat.class;
        };
    }

    private static DeviceJob deviceJob(Configuration c, QuerySpec spec, String name, Path input, Path output)
            throws IOException {
        if (c.get(OffloadKeys.OFFLOAD_POLICY.name()) == null) {
            c.set(OffloadKeys.OFFLOAD_POLICY.name(), DEFAULT_DEVICE_POLICY);
        }
        Reduction r = Reduction.of(spec.query());
        return DeviceJob.getInstance(c, name).setDeviceMapper(deviceMapper(spec.query()))
                .setDeviceMapperFormat(deviceMapperFormat(spec.query()))
                .setCombinerClass(r.reducer()).setReducerClass(r.reducer())
                .setOutputKeyClass(r.keyClass()).setOutputValueClass(r.valueClass())
                .setNumReduceTasks(1).addInputPath(input).setOutputPath(output);
    }
}
