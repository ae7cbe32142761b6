package dev.ispd.examples.queries;

import dev.ispd.plan.PageFilter;
import dev.ispd.worldcup.WorldCup98;

/**
 * What to ask: the query, the entry size of the input, Q2's top N and the filter's predicate
 * ({@link PageFilter}: {@code field op value [mode]}). Fields a query does not use are 0 and
 * the empty string; the factory methods set them so.
 */
public record QuerySpec(Query query, int entrySize, int topN, String filterPredicate) {
    /** Largest top N: one per possible type byte. */
    public static final int MAX_TOP_N = 256;

    public QuerySpec {
        if (query == null) {
            throw new IllegalArgumentException("a query spec needs a query");
        }
        WorldCup98.requireEntrySize(entrySize);
        filterPredicate = filterPredicate == null ? "" : filterPredicate.trim();
        if (query == Query.Q2 && (topN < 1 || topN > MAX_TOP_N)) {
            throw new IllegalArgumentException("Q2's top N must be in [1, " + MAX_TOP_N + "], got " + topN);
        }
        if (query != Query.Q2 && topN != 0) {
            throw new IllegalArgumentException(query + " takes no top N, got " + topN);
        }
        if (query == Query.FILTER) {
            PageFilter.parse(filterPredicate);
        } else if (!filterPredicate.isEmpty()) {
            throw new IllegalArgumentException(query + " takes no filter predicate, got '" + filterPredicate + "'");
        }
    }

    public static QuerySpec q1(int entrySize) {
        return new QuerySpec(Query.Q1, entrySize, 0, "");
    }

    public static QuerySpec q2(int entrySize, int topN) {
        return new QuerySpec(Query.Q2, entrySize, topN, "");
    }

    /** The filter with {@code predicate} ({@code field op value [mode]}). */
    public static QuerySpec filter(int entrySize, String predicate) {
        return new QuerySpec(Query.FILTER, entrySize, 0, predicate);
    }

    /** The parsed predicate; only for the filter. */
    public PageFilter predicate() {
        if (query != Query.FILTER) {
            throw new IllegalStateException(query + " has no filter predicate");
        }
        return PageFilter.parse(filterPredicate);
    }

    /** A short description: "q1 @256 B", "q2 top 3 @32 B", "filter 'type eq 0 firstMatch' @64 B". */
    @Override
    public String toString() {
        return switch (query) {
            case Q1 -> "q1 @" + entrySize + " B";
            case Q2 -> "q2 top " + topN + " @" + entrySize + " B";
            case FILTER -> "filter '" + predicate() + "' @" + entrySize + " B";
        };
    }
}
