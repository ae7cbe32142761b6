package dev.ispd.plan;

import java.util.List;

/**
 * Merges the partial aggregates an aggregate plan computed over parts of its input (splits) into
 * the plan's answer, for every engine: COUNT(*), COUNT and SUM add (SUM wrapping in 64 bits, as
 * the drive's does); MIN and MAX keep the smallest and largest in the field's order (unsigned
 * 64-bit fields too), a partial that is the field's NULL (a MIN or MAX over only NULLs) losing to
 * any value. Aggregates of expressions merge by their type's rules ({@link ExprAggregate#merge}).
 * MapReduce merges one group's partials at a time ({@link #merge}); Spark's gathered partition
 * merges the result rows of all its splits by group ({@link #groups}: in place, without an object
 * per group).
 */
public final class PartialAggregates {
    private final int groupColumns;
    private final Aggregate.Function[] functions;
    private final Field[] fields;
    /** Per aggregate, the merge of an expression's partials, or null for a field's or COUNT(*). */
    private final ExprAggregate[] expressions;
    /** The words of all aggregates of a row. */
    private final int words;

    /** The merge of {@code plan}'s partial aggregates; {@code plan} must aggregate. */
    public PartialAggregates(Plan plan) {
        if (!plan.aggregating()) {
            throw new IllegalArgumentException("only an aggregate plan has partial aggregates to merge, got " + plan);
        }
        groupColumns = plan.keyWords();
        List<Aggregate> aggregates = plan.aggregates();
        functions = new Aggregate.Function[aggregates.size()];
        fields = new Field[aggregates.size()];
        expressions = new ExprAggregate[aggregates.size()];
        int w = 0;
        for (int a = 0; a < functions.length; a++) {
            Aggregate agg = aggregates.get(a);
            functions[a] = agg.function();
            fields[a] = agg.field() == null ? null : plan.layout().field(agg.field(), "aggregate");
            expressions[a] = agg.argument() == null ? null : new ExprAggregate(agg, plan.layout());
            w += agg.words(plan.layout());
        }
        words = w;
    }

    /** The 64-bit words of a group's partial aggregates ({@link Aggregate#words} of each). */
    public int words() {
        return words;
    }

    /** Merges {@code partial}, one group's aggregates, into {@code into}, the same group's aggregates so far. */
    public void merge(long[] into, long[] partial) {
        merge(into, 0, partial, 0);
    }

    /** Merges the aggregates of {@code partial} from index {@code from} into those of {@code into} from {@code at}. */
    void merge(long[] into, int at, long[] partial, int from) {
        for (int a = 0; a < functions.length; a++) {
            if (expressions[a] != null) {
                expressions[a].merge(into, at, partial, from);
                at += expressions[a].words();
                from += expressions[a].words();
                continue;
            }
            long x = into[at];
            long y = partial[from];
            into[at] = switch (functions[a]) {
                case COUNT_STAR, COUNT, SUM -> x + y;
                case MIN -> extreme(x, y, fields[a], -1);
                case MAX -> extreme(x, y, fields[a], 1);
                case AVG -> throw new IllegalStateException("an AVG aggregates an expression (Aggregate.over)");
            };
            at++;
            from++;
        }
    }

    /** An empty merge of the plan's result rows by group ({@link MergedGroups}). */
    public MergedGroups groups() {
        return new MergedGroups(this, groupColumns);
    }

    /**
     * The plan's result rows (group columns' words, then aggregates) merged by group: one row per group,
     * in the order the groups first appear in {@code rows}, which are not modified. Without GROUP
     * BY, one row, or none if {@code rows} is empty (no part matched a record).
     */
    public List<long[]> mergeRows(Iterable<long[]> rows) {
        MergedGroups merged = groups();
        rows.forEach(merged::add);
        return merged.result().rows();
    }

    /** The value of {@code a} and {@code b} further in {@code direction} (-1 smaller, 1 larger), NULLs aside. */
    private static long extreme(long a, long b, Field f, int direction) {
        if (f.isNull(a)) {
            return b;
        }
        if (f.isNull(b)) {
            return a;
        }
        return Integer.signum(f.compare(b, a)) == direction ? b : a;
    }
}
