package dev.ispd.examples.sql;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A SQL statement as a declarative plan, and how the plan's result rows become the statement's:
 * {@code columns[i]} is the first word ({@link Plan#rowWords()}) of output column {@code i} in a
 * plan row, headed {@code headers[i]}; an aggregate of an expression ({@code ofExpressions[i]},
 * else null) prints its {@link Aggregate#value}, a computed column ({@code computed[i]}, else
 * null: a string, an expression, a field with a null bit) its {@link ColumnValues#value}. A
 * column of a field's values (the field itself, its MIN or MAX) prints them as the field's type
 * shows them ({@code shownAs[i]}, null for counts and sums, which print as numbers): unsigned
 * 64-bit integers unsigned, decimals with their scale, dates, timestamps (UTC) and bools as
 * such, and a field's null value as NULL.
 */
public record SqlPlan(Plan plan, List<String> headers, int[] columns, Field[] shownAs, Aggregate[] ofExpressions,
                      Expr[] computed) {
    public SqlPlan {
        headers = List.copyOf(headers);
    }

    /** Output column {@code i} of one result row of the plan, as text. */
    public String cell(long[] planRow, int i) {
        if (ofExpressions[i] != null || computed[i] != null) {
            Object value = ofExpressions[i] != null ? ofExpressions[i].value(planRow, columns[i], plan.layout())
                    : ColumnValues.value(planRow, columns[i], computed[i], plan.layout());
            return value == null ? "NULL" : value instanceof BigDecimal d ? d.toPlainString() : value.toString();
        }
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
            Aggregate a = aggregateAt(column); // no GROUP BY: every column is an aggregate
            boolean count = a.function() == Aggregate.Function.COUNT_STAR || a.function() == Aggregate.Function.COUNT;
            cells.add(count ? "0" : "NULL");
        }
        return cells;
    }

    /** The aggregate whose words start at word {@code word} of a row without group columns. */
    private Aggregate aggregateAt(int word) {
        int at = 0;
        for (Aggregate a : plan.aggregates()) {
            if (at == word) {
                return a;
            }
            at += a.words(plan.layout());
        }
        throw new IllegalArgumentException("no aggregate starts at word " + word + " of " + plan);
    }

    /** Whether the statement has aggregates and no GROUP BY: one row, even over no record. */
    public boolean oneRow() {
        return plan.aggregating() && plan.groupBy().isEmpty();
    }
}
