package dev.ispd.examples.queries;

import dev.ispd.plan.PageFilter;
import org.apache.hadoop.conf.Configuration;

/** The query settings QueryJobs passes to its tasks in the job configuration. */
final class QueryConf {
    private QueryConf() {
    }

    static PageFilter predicate(Configuration conf) {
        String text = conf.get(QueryKeys.FILTER_PREDICATE.name());
        if (text == null) {
            throw new IllegalStateException("the job configuration has no " + QueryKeys.FILTER_PREDICATE.name()
                    + "; build filter jobs through QueryJobs");
        }
        return PageFilter.parse(text);
    }
}
