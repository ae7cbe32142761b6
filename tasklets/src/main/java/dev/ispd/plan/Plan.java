package dev.ispd.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A declarative scan plan: over records of {@link #layout}, keep those {@link #where} holds, then
 * either return the {@link #select} columns of each (a row plan, optionally cut to {@link #limit}
 * rows, or to the top {@code limit} by {@link #orderBy}), or group them by up to
 * {@link #MAX_GROUP_FIELDS} columns and return each group's key and {@link #aggregates} (an
 * aggregate plan). The drive and the host run the same interpreter ({@link PlanTasklet}) on
 * the same encoding ({@link PlanCodec}). The constructor checks every field, expression and
 * literal against the layout; a {@link PlanException} names what does not fit. WHERE tests fields
 * of every {@link FieldType} but 16-byte decimals, and boolean {@link Expr expressions}. A
 * selected or GROUP BY column is an expression: a field a plan returns as one i64 (integers,
 * decimals of up to 8 bytes, dates, timestamps, bools, floats; NULL by a null value at most) comes
 * back as that word, any other expression (a string field, a field with a null bit, a computed
 * value) in the words of its Spark type ({@link ColumnValues}), NULL as its own group; the top-N
 * orders by up to {@link #MAX_SORT_KEYS} keys, each a field or an expression, strings too, not a
 * 16-byte decimal ({@link SortKey}). An aggregate takes a field or an expression ({@link Aggregate}), and a
 * result row is {@link #rowWords} words.
 */
public record Plan(Layout layout, Predicate where, List<Expr> select, List<Expr> groupBy,
                   List<Aggregate> aggregates, List<SortKey> orderBy, long limit) {
    /** {@link #limit} when there is none. */
    public static final long NO_LIMIT = -1;
    /** Most GROUP BY columns. */
    public static final int MAX_GROUP_FIELDS = 4;
    /** Most output columns, and most rows a LIMIT may ask for. */
    public static final int MAX_COLUMNS = 255;
    public static final long MAX_LIMIT = 1 << 24;

    /** Most keys of a top-N order. */
    public static final int MAX_SORT_KEYS = 4;

    /**
     * One key of a top-N order, as Spark's {@code SortOrder}: by {@code key}, largest first when
     * {@code descending}, NULLs before every value when {@code nullsFirst}. Keys compare as Spark
     * compares their type (a float's NaN above every number, -0.0 equal to 0.0); rows equal on
     * every key keep scan order.
     */
    public record SortKey(Expr key, boolean descending, boolean nullsFirst) implements java.io.Serializable {
        public SortKey {
            if (key == null) {
                throw new PlanException("orderBy", "a sort key needs an expression");
            }
        }

        /** By {@code key} with Spark's default NULL order: first when ascending, last when descending. */
        public static SortKey of(Expr key, boolean descending) {
            return new SortKey(key, descending, !descending);
        }

        /** SQL text: {@code (price * 2) DESC}, with its NULL order where it is not the default: {@code a ASC NULLS LAST}. */
        @Override
        public String toString() {
            return Expr.sql(key) + (descending ? " DESC" : " ASC")
                    + (nullsFirst == descending ? (nullsFirst ? " NULLS FIRST" : " NULLS LAST") : "");
        }
    }

    public Plan {
        if (layout == null) {
            throw new PlanException("layout", "a plan needs a layout");
        }
        where = where == null ? Predicate.all() : where;
        select = List.copyOf(select);
        groupBy = List.copyOf(groupBy);
        orderBy = orderBy == null ? List.of() : List.copyOf(orderBy);
        aggregates = aggregates.stream().map(a -> a.over(layout)).toList();
        Condition.bind(where, layout);
        columns(select, "select", layout);
        columns(groupBy, "groupBy", layout);
        for (Aggregate a : aggregates) {
            if (a.argument() != null) {
                bindAggregate(a, layout);
                continue;
            }
            Field f = a.field() == null ? null : layout.field(a.field(), "aggregate");
            if (f != null && a.function() != Aggregate.Function.COUNT) { // COUNT takes every field: it counts non-NULLs
                returned(f, "aggregate");
                if (a.function() == Aggregate.Function.SUM && f.type().kind() != FieldType.Kind.INTEGER) {
                    throw new PlanException("aggregate", "SUM of field " + f.name() + " (" + f.typeText()
                            + ") is left to the engine: a plan sums integers");
                }
            }
        }
        boolean aggregating = !groupBy.isEmpty() || !aggregates.isEmpty();
        if (groupBy.size() > MAX_GROUP_FIELDS) {
            throw new PlanException("groupBy", "GROUP BY takes at most " + MAX_GROUP_FIELDS + " columns, got "
                    + sql(groupBy));
        }
        if (aggregating && !select.isEmpty()) {
            throw new PlanException("select", "an aggregate plan returns its group columns and aggregates; "
                    + "it takes no projection, got " + sql(select));
        }
        if (!aggregating && select.isEmpty()) {
            throw new PlanException("select", "a row plan needs at least one column to select");
        }
        if (groupBy.size() + aggregates.size() + select.size() > MAX_COLUMNS) {
            throw new PlanException("select", "a plan returns at most " + MAX_COLUMNS + " columns");
        }
        if (aggregating && (limit != NO_LIMIT || !orderBy.isEmpty())) {
            throw new PlanException("limit", "LIMIT and top-N apply to row plans; an aggregate plan returns "
                    + "every group, merged on the host");
        }
        if (limit != NO_LIMIT && (limit < 0 || limit > MAX_LIMIT)) {
            throw new PlanException("limit", "LIMIT must be in [0, " + MAX_LIMIT + "], got " + limit);
        }
        if (!orderBy.isEmpty()) {
            sortKeys(orderBy, layout);
            if (limit == NO_LIMIT) {
                throw new PlanException("limit", "top-N by " + orderBy + " needs a LIMIT");
            }
        }
    }

    /** A row plan: {@code SELECT select FROM layout WHERE where}, selecting fields. */
    public static Plan rows(Layout layout, Predicate where, List<String> select) {
        return rowsOf(layout, where, fields(select));
    }

    /** A row plan selecting expressions ({@link ColumnValues}: fields, strings, computed values). */
    public static Plan rowsOf(Layout layout, Predicate where, List<Expr> select) {
        return new Plan(layout, where, select, List.of(), List.of(), null, NO_LIMIT);
    }

    /** An aggregate plan: {@code SELECT groupBy, aggregates FROM layout WHERE where GROUP BY groupBy}, by fields. */
    public static Plan aggregate(Layout layout, Predicate where, List<String> groupBy, List<Aggregate> aggregates) {
        return aggregateOf(layout, where, fields(groupBy), aggregates);
    }

    /** An aggregate plan grouping by expressions ({@link ColumnValues}: fields, strings, computed values). */
    public static Plan aggregateOf(Layout layout, Predicate where, List<Expr> groupBy, List<Aggregate> aggregates) {
        return new Plan(layout, where, List.of(), groupBy, aggregates, null, NO_LIMIT);
    }

    private static List<Expr> fields(List<String> names) {
        return names.stream().map(Expr::field).toList();
    }

    /** This row plan cut to its first {@code n} rows. */
    public Plan limit(long n) {
        return new Plan(layout, where, select, groupBy, aggregates, orderBy, n);
    }

    /** This row plan's top {@code n} rows by {@code field} (NULLs as Spark places them by default). */
    public Plan top(long n, String field, boolean descending) {
        return top(n, List.of(SortKey.of(Expr.field(field), descending)));
    }

    /** This row plan's top {@code n} rows by {@code keys}, the first deciding first. */
    public Plan top(long n, List<SortKey> keys) {
        return new Plan(layout, where, select, groupBy, aggregates, keys, n);
    }

    public boolean aggregating() {
        return !groupBy.isEmpty() || !aggregates.isEmpty();
    }

    /** Names of the result's columns, in order: group columns and aggregates, or the selected columns (as SQL). */
    public List<String> columnNames() {
        List<String> names = new ArrayList<>(sql(aggregating() ? groupBy : select));
        aggregates.forEach(a -> names.add(a.toString()));
        return names;
    }

    /**
     * The most groups this plan can make: the product of its group fields' value counts (the
     * data may make fewer), {@link Long#MAX_VALUE} when that overflows or a group column is
     * computed ({@link #groupsBounded}); 1 without GROUP BY.
     */
    public long maxGroups() {
        return groupsBounded() ? groupFieldsValues() : Long.MAX_VALUE;
    }

    /**
     * The product of the group fields' value counts, whatever their columns: a {@code char(N)}'s
     * 2^(8N) byte strings, and one more value (NULL) for a nullable field; {@link Long#MAX_VALUE}
     * when that overflows. An engine that must bound a GROUP BY before it runs (its computed
     * columns too, which {@link #maxGroups} leaves to be counted as they are made) bounds it by this.
     */
    public long groupFieldsValues() {
        int bits = 0;
        for (Expr key : groupBy) {
            Field f = layout.field(((Expr.Ref) key).name(), "groupBy");
            bits += f.valueBits() + (f.nullable() ? 1 : 0);
        }
        return bits >= 63 ? Long.MAX_VALUE : 1L << bits;
    }

    /**
     * Whether the groups are bounded by the group fields' ranges before the plan runs: every
     * group column is a field column. Otherwise the groups are counted as they are made.
     */
    public boolean groupsBounded() {
        return groupBy.stream().allMatch(k -> ColumnValues.fieldColumn(k, layout));
    }

    /** The words of the group columns, the first of each result row ({@link ColumnValues#words}). */
    public int keyWords() {
        return words(groupBy);
    }

    /** The first word of selected column {@code i} in a result row. */
    public int selectWord(int i) {
        return words(select.subList(0, i));
    }

    private int words(List<Expr> columns) {
        return columns.stream().mapToInt(c -> ColumnValues.words(c, layout)).sum();
    }

    /** SQL-like text for logs and errors. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("SELECT ").append(String.join(", ", columnNames()))
                .append(" FROM ").append(layout.name()).append("@").append(layout.recordSize());
        if (!(where instanceof Predicate.True)) {
            s.append(" WHERE ").append(Predicate.sql(where, layout));
        }
        if (!groupBy.isEmpty()) {
            s.append(" GROUP BY ").append(String.join(", ", sql(groupBy)));
        }
        if (!orderBy.isEmpty()) {
            s.append(" ORDER BY ").append(orderBy.stream().map(SortKey::toString).collect(
                    java.util.stream.Collectors.joining(", ")));
        }
        if (limit != NO_LIMIT) {
            s.append(" LIMIT ").append(limit);
        }
        return s.toString();
    }

    /**
     * Whether a plan returns, orders and groups field {@code f} as the one i64 of a result column:
     * an integer, a decimal of up to 8 bytes (unscaled), a date (days), a timestamp
     * (microseconds), a bool (0 or 1) or a float (its key), NULL only by a null value.
     */
    static boolean returnsAsWord(Field f) {
        return (f.integral() || f.type().kind() == FieldType.Kind.BOOL || f.type().kind() == FieldType.Kind.FLOAT)
                && !f.hasNullBit();
    }

    /** {@code f}, if {@link #returnsAsWord}: strings, 16-byte decimals and fields with a null bit are not. */
    private static Field returned(Field f, String part) {
        if (!returnsAsWord(f)) {
            throw new PlanException(part, "field " + f.name() + " (" + f.typeText()
                    + (f.hasNullBit() ? ", with a null bit" : "") + ") is no " + part + " field: a plan orders and "
                    + "aggregates integers, decimals of up to 8 bytes, dates, timestamps, bools and floats, NULL "
                    + "by a null value (a string or a field with a null bit is aggregated as an expression)");
        }
        return f;
    }

    /**
     * Whether sort key {@code key} is the one word of a field: a field a plan returns as a word
     * that holds no NULL, ordered as {@link Field#compare} orders its values. Any other key is
     * evaluated as an expression.
     */
    static boolean fieldKey(Expr key, Layout layout) {
        return ColumnValues.fieldColumn(key, layout) && !layout.field(((Expr.Ref) key).name(), "orderBy").nullable();
    }

    /**
     * Checks the keys of a top-N: at most {@link #MAX_SORT_KEYS}, each a field key or an
     * expression of one word (not a 16-byte decimal) or a string whose length is bounded.
     */
    private static void sortKeys(List<SortKey> keys, Layout layout) {
        if (keys.size() > MAX_SORT_KEYS) {
            throw new PlanException("orderBy", "a top-N orders by at most " + MAX_SORT_KEYS + " keys, got " + keys);
        }
        for (SortKey k : keys) {
            if (k.key() instanceof Expr.Ref r) {
                layout.field(r.name(), "orderBy");
            }
            if (fieldKey(k.key(), layout)) {
                continue;
            }
            ExprType t = ColumnValues.type(k.key(), layout, "orderBy");
            if (t.kind() == ExprType.Kind.STRING) {
                ColumnValues.maxBytes(k.key(), layout);
            } else if (t.words() > 1) {
                throw new PlanException("orderBy", "sort key " + Expr.sql(k.key()) + " is " + t + ": a plan orders by "
                        + "numbers of up to 18 digits, dates, timestamps, booleans and strings");
            }
        }
    }

    /** Checks an aggregate of an expression: its expression binds and the function takes its type. */
    private static void bindAggregate(Aggregate a, Layout layout) {
        try {
            a.resultType(layout);
        } catch (PlanException e) {
            throw new PlanException("aggregate", "aggregate " + a + ": " + e.getMessage());
        }
    }

    /**
     * The 64-bit words of each result row: each group column's and each aggregate's
     * ({@link ColumnValues#words}, {@link Aggregate#words}); each selected column's in a row plan.
     */
    public int rowWords() {
        return (aggregating() ? keyWords() : words(select))
                + aggregates.stream().mapToInt(a -> a.words(layout)).sum();
    }

    /** Checks each column: named once, and one a plan can return (its type, for a computed one). */
    private static void columns(List<Expr> columns, String part, Layout layout) {
        Set<Expr> seen = new HashSet<>();
        for (Expr c : columns) {
            if (c == null) {
                throw new PlanException(part, "a column of " + part + " is null");
            }
            if (c instanceof Expr.Ref r) {
                layout.field(r.name(), part);
            }
            if (!seen.add(c)) {
                throw new PlanException(part, Expr.sql(c) + " is named twice in " + part);
            }
            if (!ColumnValues.fieldColumn(c, layout)) {
                ColumnValues.type(c, layout, part);
            }
        }
    }

    private static List<String> sql(List<Expr> columns) {
        return columns.stream().map(Expr::sql).toList();
    }
}
