package dev.ispd.spark.pushdown;

import dev.ispd.plan.Expr;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Everything Spark pushed into one scan, and the declarative {@link Plan} every partition runs
 * from it (in its drive or on the host): the read columns, the predicates (Spark's text of them
 * and their compiled AND), and at most one of an aggregation, a LIMIT or a top-N. Ships to the
 * executors with the reader factory.
 *
 * @param limit the LIMIT each partition applies, {@link Plan#NO_LIMIT} if none
 * @param topN  the top-N each partition returns, null if none
 */
public record PushedScan(RecordLayout layout, List<LayoutColumn> columns, Predicate where, List<String> filters,
                         PushedAggregation aggregation, long limit, TopN topN) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * A top-N: the {@code limit} first rows by {@code keys} (over the layout's columns), which
     * EXPLAIN shows as Spark's {@code shown} text of its sort orders.
     */
    public record TopN(List<Plan.SortKey> keys, List<String> shown, long limit) implements Serializable {
        @Serial
        private static final long serialVersionUID = 2L;

        public TopN {
            keys = List.copyOf(keys);
            shown = List.copyOf(shown);
        }
    }

    public PushedScan {
        columns = List.copyOf(columns);
        filters = List.copyOf(filters);
    }

    /**
     * The plan of a partition: the aggregation, or the bytes of the read columns of the matching
     * records ({@link RowBytes}) cut to the top-N or LIMIT.
     */
    public Plan plan() {
        if (aggregation != null) {
            return Plan.aggregateOf(aggregation.planLayout(layout.planLayout()), where, aggregation.groupBy(),
                    aggregation.planAggregates());
        }
        RowBytes bytes = rowBytes();
        Plan rows = Plan.rowsOf(bytes.layout(), RowBytes.where(where, layout), bytes.select());
        if (topN != null) {
            return rows.top(topN.limit(), RowBytes.sortKeys(topN.keys(), layout));
        }
        return limit == Plan.NO_LIMIT ? rows : rows.limit(limit);
    }

    /**
     * A row plan of this scan's WHERE returning {@code columns}, Spark's V2 expressions over the
     * table's columns (a boolean as its value and NULL flag): what a lookup join runs of its small
     * side on the driver.
     *
     * @throws IllegalArgumentException naming why, where a column is no expression a plan runs
     */
    public Plan rowsOf(List<org.apache.spark.sql.connector.expressions.Expression> columns) {
        ExprConverter converter = new ExprConverter(layout);
        List<Expr> select = new ArrayList<>();
        try {
            for (var c : columns) {
                select.add(converter.convert(c));
            }
            Plan plan = Plan.rowsOf(layout.planLayout(), where, select);
            PlanLimits.DRIVE.check(plan);
            return plan;
        } catch (NotPushable | PlanException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** How a row plan returns the read columns. */
    public RowBytes rowBytes() {
        return RowBytes.of(layout, columns, where, topN == null ? List.of() : topN.keys());
    }

    /**
     * This scan with {@code more} ANDed into its WHERE: predicates Spark found at run time (a
     * join's keys), shown after the others, each text marked {@code (runtime)}. An {@code IN} of
     * keys is tested first (an AND stops at the first operand a row fails): it is exact, one
     * lookup of a number, and drops most rows where the benefit rule gave it (TPC-H Q19's 485
     * parts' keys, before the line items' string tests); a Bloom filter of more keys lets more
     * through for several probes, so it comes after the pushed WHERE.
     */
    public PushedScan filtered(Predicate more, List<String> texts) {
        List<String> shown = new ArrayList<>(filters);
        texts.forEach(t -> shown.add(t + " (runtime)"));
        Predicate both = more instanceof Predicate.In ? Predicate.and(more, where) : Predicate.and(where, more);
        return new PushedScan(layout, columns, both, shown, aggregation, limit, topN);
    }

    /** Whether a partition returns every matching record (no aggregation, LIMIT or top-N). */
    public boolean allRows() {
        return aggregation == null && topN == null && limit == Plan.NO_LIMIT;
    }

    /** The rows the scan returns: the aggregation's, or the read columns. */
    public StructType readSchema() {
        return aggregation != null ? aggregation.schema()
                : new StructType(columns.stream().map(LayoutColumn::structField).toArray(StructField[]::new));
    }

    /** What was pushed in the names of Spark's own sources, for {@code Scan.description()}. */
    public String describe() {
        StringBuilder s = new StringBuilder("PushedFilters: ").append(list(filters));
        if (aggregation != null) {
            s.append(", PushedAggregates: ").append(list(aggregation.names()))
                    .append(", PushedGroupBy: ").append(list(aggregation.groupNames()))
                    .append(aggregation.complete() ? " (complete)" : " (partial)");
            if (!PlanLimits.DRIVE.holdsAllGroups(plan())) {
                s.append(", GroupsInParts: past ").append(PlanLimits.DRIVE.maxGroups()).append(" a drive");
            }
        }
        if (limit != Plan.NO_LIMIT) {
            s.append(", PushedLimit: LIMIT ").append(limit);
        }
        if (topN != null) {
            s.append(", PushedTopN: ORDER BY ").append(list(topN.shown())).append(" LIMIT ").append(topN.limit());
        }
        return s.append(", ReadSchema: ").append(readSchema().simpleString()).toString();
    }

    private static String list(List<String> items) {
        return items.stream().collect(Collectors.joining(", ", "[", "]"));
    }
}
