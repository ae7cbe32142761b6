package dev.ispd.examples.reproduce;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;

/**
 * Runs one version of a query as a Hadoop job in the local runner, to completion: what Fig. 8
 * measures. {@code conf} names the osd:// drives (WorldCupDrives.configuration).
 */
interface QueryVersionJobs {
    Outcome run(Configuration conf, LogQuery query, int entrySize, Version version, Path input,
                java.nio.file.Path outputDir) throws Exception;

    /** The reducer's output (the answer, identical across versions) and the job's counters. */
    record Outcome(String answer, Counters counters) {
    }
}
