package dev.ispd.examples.queries;

import java.util.Locale;

/** The paper's WorldCup98 queries (papers/smart-ssd-kang-2013.txt V-C). */
public enum Query {
    /** Accesses per region. */
    Q1,
    /** Accesses per file type per region, the top N types of each region. */
    Q2,
    /** The pages holding a record that matches a predicate, as addresses. */
    FILTER;

    /** The name on the command line: q1, q2, filter. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
