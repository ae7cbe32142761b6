package dev.ispd.examples.queries;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * WorldCup98 Q1 (accesses per region) as a stock Hadoop job, the paper's "host-normal" version
 * (papers/smart-ssd-kang-2013.txt V-C-1): every entry crosses into the host, through Hadoop's own
 * record path, map, combine, sort and reduce. It is the baseline a DeviceJob running the {@code q1}
 * tasklet is measured against, and it reads any Hadoop file system (osd:// above all).
 * <ul>
 *   <li>input: {@link FixedLengthInputFormat} with the entry size as record length; splits are
 *       the file system's blocks (an osd:// chunk each), cut at entry boundaries by the reader;</li>
 *   <li>map: {@link RegionCountMapper}, (region name, 1) per entry;</li>
 *   <li>combiner and reducer: {@link LongSumReducer}; one reducer, so one output file
 *       {@code part-r-00000} of "region name TAB accesses" lines, sorted by name, regions without
 *       entries left out: the same bytes as the DeviceJob with {@code Q1Format}.</li>
 * </ul>
 */
public final class HostNormalQ1 {
    private HostNormalQ1() {
    }

    /**
     * A configured, unsubmitted job over {@code input} (entries of {@code entrySize} bytes) writing
     * to {@code output}; {@code conf} is copied, as {@link Job#getInstance} does.
     */
    public static Job newJob(Configuration conf, int entrySize, Path input, Path output) throws IOException {
        return newJob(conf, Query.Q1, entrySize, input, output);
    }

    /**
     * {@link #newJob(Configuration, int, Path, Path)} for Q1 or Q2: Q2's stock job maps each entry
     * to (region TAB type, 1) ({@link RegionTypeCountMapper}) and sums alike, the same bytes as the
     * DeviceJob with {@code Q2Format}. The filter is not a counting job, an IllegalArgumentException.
     */
    public static Job newJob(Configuration conf, Query query, int entrySize, Path input, Path output)
            throws IOException {
        if (query == Query.FILTER) {
            throw new IllegalArgumentException("the stock counting job runs Q1 or Q2, not " + query);
        }
        return HostJobs.newJob(conf, query.cliName() + " host-normal", entrySize, input, output,
                HostJobs.mapper(query, Variant.HOST_NORMAL), Reduction.of(query));
    }
}
