package dev.ispd.examples.sql;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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
 * such, and a field's null value as NULL. An aggregate query's ORDER BY and LIMIT are
 * {@code groupOrder}, which {@link #ordered} applies to its groups ({@link GroupOrder#NONE} for a
 * query of rows, whose plan orders and limits them).
 */
public record SqlPlan(Plan plan, List<String> headers, int[] columns, Field[] shownAs, Aggregate[] ofExpressions,
                      Expr[] computed, GroupOrder groupOrder) {
    public SqlPlan {
        headers = List.copyOf(headers);
    }

    /** {@code rows}, the job's result rows, in the order and number the statement asks for. */
    public List<long[]> ordered(List<long[]> rows) {
        return groupOrder.apply(this, rows);
    }

    /**
     * Output column {@code i} of one result row of the plan as a value that orders as Spark orders
     * the column: numbers, decimals, dates and timestamps by value (an unsigned 64-bit field's
     * unsigned), floats with NaN last, bools false first, strings by their UTF-8 bytes; null for
     * NULL.
     */
    Comparable<?> sortValue(long[] planRow, int i) {
        if (ofExpressions[i] != null || computed[i] != null) {
            Object value = computedValue(planRow, i);
            if (value instanceof String text) {
                return new GroupOrder.Utf8(text.getBytes(StandardCharsets.UTF_8));
            }
            return value instanceof Double d && d == 0 ? Double.valueOf(0) : (Comparable<?>) value; // -0.0 equals 0.0, as in Spark
        }
        long v = planRow[columns[i]];
        Field f = shownAs[i];
        if (f != null && f.isNull(v)) {
            return null;
        }
        return f != null && f.unsigned64() ? v ^ Long.MIN_VALUE : v; // a field's long orders as its values do (Field#read)
    }

    /** Output column {@code i} of one result row of the plan, as text. */
    public String cell(long[] planRow, int i) {
        if (ofExpressions[i] != null || computed[i] != null) {
            Object value = computedValue(planRow, i);
            return value == null ? "NULL" : value instanceof BigDecimal d ? d.toPlainString() : value.toString();
        }
        long v = planRow[columns[i]];
        Field f = shownAs[i];
        if (f == null) {
            return Long.toString(v);
        }
        return f.isNull(v) ? "NULL" : f.valueText(v);
    }

    /** The value of output column {@code i}, an aggregate of an expression or a computed column, in a plan row; null for NULL. */
    private Object computedValue(long[] planRow, int i) {
        return ofExpressions[i] != null ? ofExpressions[i].value(planRow, columns[i], plan.layout())
                : ColumnValues.value(planRow, columns[i], computed[i], plan.layout());
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

    /** Whether SQL answers {@link #noMatchRow} for {@code rows}, the job's: none matched, and no LIMIT 0 asks for none. */
    public boolean answersNoMatchRow(List<long[]> rows) {
        return rows.isEmpty() && oneRow() && groupOrder.limit() != 0;
    }

    /** Whether the statement has aggregates and no GROUP BY: one row, even over no record. */
    public boolean oneRow() {
        return plan.aggregating() && plan.groupBy().isEmpty();
    }
}
