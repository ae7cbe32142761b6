package dev.ispd.examples.queries;

import org.apache.hadoop.mapreduce.Counters;

/**
 * One finished query job.
 *
 * @param answer   the canonical answer text ({@link Answers}), identical across variants
 * @param counters the Hadoop job's counters (task counters, and group "ispd" for modeled costs)
 * @param wallNs   wall time from submission to completion
 */
public record QueryRun(QuerySpec spec, Variant variant, String answer, Counters counters, long wallNs) {
}
