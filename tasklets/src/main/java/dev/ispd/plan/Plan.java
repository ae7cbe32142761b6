package dev.ispd.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A declarative scan plan: over records of {@link #layout}, keep those {@link #where} holds, then
 * either return the {@link #select} fields of each (a row plan, optionally cut to {@link #limit}
 * rows, or to the top {@code limit} by {@link #orderBy}), or group them by up to
 * {@link #MAX_GROUP_FIELDS} fields and return each group's key and {@link #aggregates} (an
 * aggregate plan). The drive and the host run the same interpreter ({@link PlanTasklet}) on
 * the same encoding ({@link PlanCodec}). The constructor checks every field and literal against
 * the layout; a {@link PlanException} names what does not fit. WHERE tests fields of every
 * {@link FieldType} but 16-byte decimals, and boolean {@link Expr expressions}; the fields a plan
 * returns, orders or groups by are those whose values are one i64 (integers, decimals of up to 8
 * bytes, dates, timestamps, bools, floats), NULL only by a null value; an aggregate takes a field
 * or an expression ({@link Aggregate}), and a result row is {@link #rowWords} words.
 */
public record Plan(Layout layout, Predicate where, List<String> select, List<String> groupBy,
                   List<Aggregate> aggregates, OrderBy orderBy, long limit) {
    /** {@link #limit} when there is none. */
    public static final long NO_LIMIT = -1;
    /** Most GROUP BY fields. */
    public static final int MAX_GROUP_FIELDS = 4;
    /** Most output columns, and most rows a LIMIT may ask for. */
    public static final int MAX_COLUMNS = 255;
    public static final long MAX_LIMIT = 1 << 24;

    /** Top-N order: by {@code field}, largest first when {@code descending}; ties keep scan order. */
    public record OrderBy(String field, boolean descending) { }

    public Plan {
        if (layout == null) {
            throw new PlanException("layout", "a plan needs a layout");
        }
        where = where == null ? Predicate.all() : where;
        select = List.copyOf(select);
        groupBy = List.copyOf(groupBy);
        aggregates = aggregates.stream().map(a -> a.over(layout)).toList();
        Condition.bind(where, layout);
        distinctFields(select, "select", layout);
        distinctFields(groupBy, "groupBy", layout);
        select.forEach(n -> returned(layout.field(n, "select"), "select"));
        groupBy.forEach(n -> returned(layout.field(n, "groupBy"), "groupBy"));
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
            throw new PlanException("groupBy", "GROUP BY takes at most " + MAX_GROUP_FIELDS + " fields, got " + groupBy);
        }
        if (aggregating && !select.isEmpty()) {
            throw new PlanException("select", "an aggregate plan returns its group fields and aggregates; "
                    + "it takes no projection, got " + select);
        }
        if (!aggregating && select.isEmpty()) {
            throw new PlanException("select", "a row plan needs at least one field to select");
        }
        if (groupBy.size() + aggregates.size() + select.size() > MAX_COLUMNS) {
            throw new PlanException("select", "a plan returns at most " + MAX_COLUMNS + " columns");
        }
        if (aggregating && (limit != NO_LIMIT || orderBy != null)) {
            throw new PlanException("limit", "LIMIT and top-N apply to row plans; an aggregate plan returns "
                    + "every group, merged on the host");
        }
        if (limit != NO_LIMIT && (limit < 0 || limit > MAX_LIMIT)) {
            throw new PlanException("limit", "LIMIT must be in [0, " + MAX_LIMIT + "], got " + limit);
        }
        if (orderBy != null) {
            returned(layout.field(orderBy.field(), "orderBy"), "orderBy");
            if (limit == NO_LIMIT) {
                throw new PlanException("limit", "top-N by " + orderBy.field() + " needs a LIMIT");
            }
        }
    }

    /** A row plan: {@code SELECT select FROM layout WHERE where}. */
    public static Plan rows(Layout layout, Predicate where, List<String> select) {
        return new Plan(layout, where, select, List.of(), List.of(), null, NO_LIMIT);
    }

    /** An aggregate plan: {@code SELECT groupBy, aggregates FROM layout WHERE where GROUP BY groupBy}. */
    public static Plan aggregate(Layout layout, Predicate where, List<String> groupBy, List<Aggregate> aggregates) {
        return new Plan(layout, where, List.of(), groupBy, aggregates, null, NO_LIMIT);
    }

    /** This row plan cut to its first {@code n} rows. */
    public Plan limit(long n) {
        return new Plan(layout, where, select, groupBy, aggregates, orderBy, n);
    }

    /** This row plan's top {@code n} rows by {@code field}. */
    public Plan top(long n, String field, boolean descending) {
        return new Plan(layout, where, select, groupBy, aggregates, new OrderBy(field, descending), n);
    }

    public boolean aggregating() {
        return !groupBy.isEmpty() || !aggregates.isEmpty();
    }

    /** Names of the result's columns, in order: group fields and aggregates, or the selected fields. */
    public List<String> columnNames() {
        List<String> names = new ArrayList<>(aggregating() ? groupBy : select);
        aggregates.forEach(a -> names.add(a.toString()));
        return names;
    }

    /**
     * The most groups this plan can make: the product of its group fields' value counts (the
     * data may make fewer), {@link Long#MAX_VALUE} when that overflows; 1 without GROUP BY.
     */
    public long maxGroups() {
        int bits = 0;
        for (String name : groupBy) {
            Field f = layout.field(name, "groupBy");
            bits += f.valueBits() + (f.nullable() ? 1 : 0);
        }
        return bits >= 63 ? Long.MAX_VALUE : 1L << bits;
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
            s.append(" GROUP BY ").append(String.join(", ", groupBy));
        }
        if (orderBy != null) {
            s.append(" ORDER BY ").append(orderBy.field()).append(orderBy.descending() ? " DESC" : " ASC");
        }
        if (limit != NO_LIMIT) {
            s.append(" LIMIT ").append(limit);
        }
        return s.toString();
    }

    /**
     * {@code f}, if a plan can return its values (or order or group by them) as the i64 of a result
     * column: an integer, a decimal of up to 8 bytes (unscaled), a date (days), a timestamp
     * (microseconds), a bool (0 or 1) or a float (its key), NULL only by a null value. Strings,
     * 16-byte decimals and fields with a null bit are tested in WHERE only (and counted).
     */
    private static Field returned(Field f, String part) {
        if (!(f.integral() || f.type().kind() == FieldType.Kind.BOOL || f.type().kind() == FieldType.Kind.FLOAT)
                || f.hasNullBit()) {
            throw new PlanException(part, "field " + f.name() + " (" + f.typeText()
                    + (f.hasNullBit() ? ", with a null bit" : "") + ") is tested in WHERE only: a plan returns, "
                    + "orders and groups integers, decimals of up to 8 bytes, dates, timestamps, bools and floats, NULL "
                    + "by a null value");
        }
        return f;
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
     * The 64-bit words of each result row: one per group field, and each aggregate's
     * ({@link Aggregate#words}); one per selected field in a row plan.
     */
    public int rowWords() {
        return (aggregating() ? groupBy.size() : select.size())
                + aggregates.stream().mapToInt(a -> a.words(layout)).sum();
    }

    private static void distinctFields(List<String> names, String part, Layout layout) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            layout.field(name, part);
            if (!seen.add(name)) {
                throw new PlanException(part, "field " + name + " is named twice in " + part);
            }
        }
    }
}
