package dev.ispd.examples.queries;

import dev.ispd.plan.PageFilter;
import org.apache.hadoop.conf.Configuration;

/** The query settings QueryJobs passes to its tasks in the job configuration. */
final class QueryConf {
    /** The filter's whole predicate, {@code field op value mode} ({@link PageFilter}). */
    static final String FILTER_PREDICATE = "ispd.queries.filter.predicate";

    private QueryConf() {
    }

    static PageFilter predicate(Configuration conf) {
        String text = conf.get(FILTER_PREDICATE);
        if (text == null) {
            throw new IllegalStateException("the job configuration has no " + FILTER_PREDICATE
                    + "; build filter jobs through QueryJobs");
        }
        return PageFilter.parse(text);
    }
}
