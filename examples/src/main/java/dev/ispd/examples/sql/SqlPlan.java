package dev.ispd.examples.sql;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.util.ArrayList;
import java.util.List;

/**
 * A SQL statement as a declarative plan, and how the plan's result columns
 * ({@link Plan#columnNames()}) become the statement's: {@code columns[i]} is the plan column of
 * output column {@code i}, headed {@code headers[i]}. A column of a field's values (the field
 * itself, its MIN or MAX) prints them as the field's type shows them ({@code shownAs[i]}, null
 * for counts and sums, which print as numbers): unsigned 64-bit integers unsigned, decimals with
 * their scale, dates, timestamps (UTC) and bools as such, and a field's null value as NULL.
 */
public record SqlPlan(Plan plan, List<String> headers, int[] columns, Field[] shownAs) {
    public SqlPlan {
        headers = List.copyOf(headers);
    }

    /** Output column {@code i} of one result row of the plan, as text. */
    public String cell(long[] planRow, int i) {
        long v = planRow[columns[i]];
        Field f = shownAs[i];
        if (f == null) {
            return Long.toString(v);
        }
        return f.isNull(v) ? "NULL" : f.valueText(v);
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
