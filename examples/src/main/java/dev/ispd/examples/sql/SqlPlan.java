package dev.ispd.examples.sql;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Plan;
import java.util.ArrayList;
import java.util.List;

/**
 * A SQL statement as a declarative plan, and how the plan's result columns
 * ({@link Plan#columnNames()}) become the statement's: {@code columns[i]} is the plan column of
 * output column {@code i}, headed {@code headers[i]}. Values of unsigned 64-bit fields (and
 * MIN/MAX of them) print unsigned.
 */
public record SqlPlan(Plan plan, List<String> headers, int[] columns, boolean[] unsigned) {
    public SqlPlan {
        headers = List.copyOf(headers);
    }

    /** Output column {@code i} of one result row of the plan, as text. */
    public String cell(long[] planRow, int i) {
        long v = planRow[columns[i]];
        return unsigned[i] ? Long.toUnsignedString(v) : Long.toString(v);
    }

    /**
     * The one row SQL answers (for {@link #oneRow()} statements) for aggregates without GROUP BY over no matching record, where the
     * plan returns none: COUNT is 0, the others NULL.
     */
    public List<String> noMatchRow() {
        List<String> cells = new ArrayList<>();
        for (int column : columns) {
            Aggregate a = plan.aggregates().get(column); // no GROUP BY: every column is an aggregate
            boolean count = a.function() == Aggregate.Function.COUNT_STAR || a.function() == Aggregate.Function.COUNT;
            cells.add(count ? "0" : "NULL");
        }
        return cells;
    }

    /** Whether the statement has aggregates and no GROUP BY: one row, even over no record. */
    public boolean oneRow() {
        return plan.aggregating() && plan.groupBy().isEmpty();
    }
}
