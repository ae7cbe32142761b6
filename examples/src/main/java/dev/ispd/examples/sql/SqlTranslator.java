package dev.ispd.examples.sql;

import static dev.ispd.examples.sql.SqlPredicates.unsupported;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.BoundPredicate;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * A SQL SELECT, parsed by JSqlParser, as a declarative plan over a layout: exactly what a plan
 * expresses. The WHERE clause ({@link SqlPredicates}); a projection of columns, expressions
 * ({@link SqlExpressions}) or {@code *}; or GROUP BY up to 4 columns or expressions with COUNT(*),
 * COUNT, SUM, MIN, MAX and AVG (aggregates without GROUP BY too), the select list naming group
 * expressions as written in GROUP BY, ordered by any of the select list's columns (by alias, position
 * or as written there; {@link GroupOrder}) and limited; LIMIT n; ORDER BY up to 4 columns or expressions [ASC|DESC]
 * [NULLS FIRST|LAST] with LIMIT n as a top-N. FROM names one table, whatever its name (the data is the command's input). Everything
 * else is refused with an IllegalArgumentException of one line naming the construct: DISTINCT,
 * JOIN, subqueries, HAVING, UNION, WITH, OFFSET, ORDER BY of rows without LIMIT.
 */
public final class SqlTranslator {
    private SqlTranslator() {
    }

    public static SqlPlan translate(String sql, Layout layout) {
        PlainSelect select = plainSelect(sql);
        refuseClauses(select);
        SqlColumns columns = new SqlColumns(layout);
        Predicate where = select.getWhere() == null ? Predicate.all() : where(select.getWhere(), columns);
        List<Expr> groupBy = groupBy(select, columns);
        boolean aggregating = select.getGroupBy() != null
                || select.getSelectItems().stream().anyMatch(i -> aggregate(i.getExpression()));
        return aggregating ? aggregate(select, columns, where, groupBy) : rows(select, columns, where);
    }

    /** The aggregate functions a plan computes; other functions ({@code year(d)}) are expressions. */
    private static final List<String> AGGREGATES = List.of("COUNT", "SUM", "MIN", "MAX", "AVG");

    private static boolean aggregate(Expression e) {
        return e instanceof Function f && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT));
    }

    /**
     * The WHERE as the predicates of fields and literals that plans have always taken (so the
     * integer queries' plans are as before), else as one expression.
     */
    private static Predicate where(Expression e, SqlColumns columns) {
        try {
            return new SqlPredicates(columns).of(e);
        } catch (IllegalArgumentException notLeaves) {
            try {
                Predicate p = Predicate.holds(new SqlExpressions(columns).of(e));
                BoundPredicate.bind(p, columns.layout()); // types checked here, to say both reasons if it fails
                return p;
            } catch (IllegalArgumentException notExpression) {
                throw new IllegalArgumentException(notLeaves.getMessage() + "; as an expression: "
                        + notExpression.getMessage(), notLeaves);
            }
        }
    }

    private static PlainSelect plainSelect(String sql) {
        Statement statement;
        try {
            statement = CCJSqlParserUtil.parse(sql);
        } catch (JSQLParserException e) {
            String reason = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
                    : String.valueOf(e.getMessage());
            throw new IllegalArgumentException("does not parse: " + reason.lines().findFirst().orElse("").trim());
        }
        if (statement instanceof SetOperationList) {
            throw unsupported("UNION, INTERSECT or EXCEPT");
        }
        if (statement instanceof PlainSelect plain) {
            return plain;
        }
        if (statement instanceof Select) {
            throw unsupported("this form of SELECT (" + statement.getClass().getSimpleName() + ")");
        }
        throw new IllegalArgumentException("a query is one SELECT, got " + statement.getClass().getSimpleName()
                .replace("Statement", "").toUpperCase(Locale.ROOT));
    }

    private static void refuseClauses(PlainSelect s) {
        refuseIf(s.getWithItemsList() != null && !s.getWithItemsList().isEmpty(), "WITH");
        refuseIf(s.getDistinct() != null, "DISTINCT");
        refuseIf(s.getIntoTables() != null, "SELECT INTO");
        refuseIf(s.getFromItem() == null, "SELECT without FROM");
        refuseIf(!(s.getFromItem() instanceof Table), "a subquery in FROM");
        refuseIf(s.getJoins() != null && !s.getJoins().isEmpty(), "JOIN");
        refuseIf(s.getHaving() != null, "HAVING");
        refuseIf(s.getQualify() != null, "QUALIFY");
        refuseIf(s.getWindowDefinitions() != null, "WINDOW");
        refuseIf(s.getTop() != null, "TOP");
        refuseIf(s.getOffset() != null || s.getLimit() != null && s.getLimit().getOffset() != null, "OFFSET");
        refuseIf(s.getFetch() != null, "FETCH");
        refuseIf(s.getForMode() != null, "FOR UPDATE");
        refuseIf(s.getGroupBy() != null && (s.getGroupBy().getGroupingSets() != null
                && !s.getGroupBy().getGroupingSets().isEmpty() || s.getGroupBy().isMysqlWithRollup()),
                "GROUPING SETS or ROLLUP");
    }

    private static void refuseIf(boolean present, String construct) {
        if (present) {
            throw unsupported(construct);
        }
    }

    private static List<Expr> groupBy(PlainSelect s, SqlColumns columns) {
        List<Expr> keys = new ArrayList<>();
        if (s.getGroupBy() != null) {
            for (Object e : s.getGroupBy().getGroupByExpressionList()) {
                Expr key = new SqlExpressions(columns).of((Expression) e);
                if (!keys.contains(key)) {
                    keys.add(key);
                }
            }
        }
        return keys;
    }

    private static SqlPlan aggregate(PlainSelect s, SqlColumns columns, Predicate where, List<Expr> groupBy) {
        Layout layout = columns.layout();
        List<Aggregate> aggregates = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        List<Field> shownAs = new ArrayList<>();
        List<Aggregate> ofExpressions = new ArrayList<>();
        List<Expr> computed = new ArrayList<>();
        List<Object> items = new ArrayList<>(); // per output column, its Aggregate or group Expr, which ORDER BY may name
        int keyWords = groupBy.stream().mapToInt(k -> ColumnValues.words(k, layout)).sum();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            refuseIf(e instanceof AllColumns, "SELECT * with aggregates");
            if (aggregate(e)) {
                Aggregate a = aggregate((Function) e, columns).over(layout); // as the plan will run it
                if (!aggregates.contains(a)) {
                    aggregates.add(a);
                }
                // the plan returns the group columns first, then each aggregate's words
                at.add(keyWords + aggregates.subList(0, aggregates.indexOf(a)).stream()
                        .mapToInt(x -> x.words(layout)).sum());
                boolean extreme = a.function() == Aggregate.Function.MIN || a.function() == Aggregate.Function.MAX;
                shownAs.add(extreme && a.field() != null ? layout.field(a.field(), "aggregate") : null);
                ofExpressions.add(a.argument() != null ? a : null);
                computed.add(null);
                items.add(a);
            } else {
                Expr key = new SqlExpressions(columns).of(e);
                int k = groupBy.indexOf(key);
                if (k < 0) {
                    throw new IllegalArgumentException(Expr.sql(key) + " is neither in GROUP BY nor in an aggregate");
                }
                at.add(groupBy.subList(0, k).stream().mapToInt(x -> ColumnValues.words(x, layout)).sum());
                boolean field = ColumnValues.fieldColumn(key, layout);
                shownAs.add(field ? layout.field(((Expr.Ref) key).name(), "groupBy") : null);
                ofExpressions.add(null);
                computed.add(field ? null : key);
                items.add(key);
            }
            headers.add(header(item));
        }
        Plan plan = Plan.aggregateOf(layout, where, groupBy, aggregates);
        return new SqlPlan(plan, headers, at.stream().mapToInt(Integer::intValue).toArray(), shownAs.toArray(Field[]::new),
                ofExpressions.toArray(Aggregate[]::new), computed.toArray(Expr[]::new),
                groupOrder(s, columns, items));
    }

    /**
     * An aggregate query's ORDER BY and LIMIT, over its output columns {@code items} (each one's
     * Aggregate or group expression): a key names a column by its position (1 first), its alias,
     * or the aggregate or expression it is; one naming no column of the select list is refused.
     */
    private static GroupOrder groupOrder(PlainSelect s, SqlColumns columns, List<Object> items) {
        List<GroupOrder.Key> keys = new ArrayList<>();
        List<OrderByElement> order = s.getOrderByElements() == null ? List.of() : s.getOrderByElements();
        for (OrderByElement by : order) {
            int column = outputColumn(by.getExpression(), s, columns, items);
            keys.add(new GroupOrder.Key(column, !by.isAsc(), nullsFirst(by)));
        }
        return new GroupOrder(keys, limit(s.getLimit()));
    }

    /** The output column ORDER BY key {@code e} of an aggregate query names (above). */
    private static int outputColumn(Expression e, PlainSelect s, SqlColumns columns, List<Object> items) {
        if (e instanceof LongValue position) {
            long p = position.getValue();
            if (p < 1 || p > items.size()) {
                throw new IllegalArgumentException("ORDER BY position " + p + ": the select list has " + items.size()
                        + " columns");
            }
            return (int) p - 1;
        }
        if (e instanceof Column c && c.getTable() == null) {
            for (int i = 0; i < items.size(); i++) {
                Alias alias = s.getSelectItems().get(i).getAlias();
                if (alias != null && alias.getName().equalsIgnoreCase(c.getColumnName())) {
                    return i;
                }
            }
        }
        Object item = aggregate(e) ? aggregate((Function) e, columns).over(columns.layout())
                : new SqlExpressions(columns).of(e);
        int i = items.indexOf(item);
        if (i < 0) {
            throw new IllegalArgumentException("ORDER BY " + e + " names no column of the select list: an aggregate "
                    + "query's groups are ordered by its columns, named by alias, position or as written there");
        }
        return i;
    }

    private static Aggregate aggregate(Function f, SqlColumns columns) {
        String name = f.getName().toUpperCase(Locale.ROOT);
        refuseIf(f.isDistinct() || f.isUnique(), name + "(DISTINCT ...)");
        refuseIf(f.getOrderByElements() != null || f.getKeep() != null || f.getHavingClause() != null
                || f.getLimit() != null, "the aggregate '" + f + "'");
        ExpressionList<?> params = f.getParameters();
        boolean star = f.isAllColumns() || params != null && params.size() == 1 && params.get(0) instanceof AllColumns;
        if (name.equals("COUNT") && star) {
            return Aggregate.countStar();
        }
        Aggregate.Function function = switch (name) {
            case "COUNT" -> Aggregate.Function.COUNT;
            case "SUM" -> Aggregate.Function.SUM;
            case "MIN" -> Aggregate.Function.MIN;
            case "MAX" -> Aggregate.Function.MAX;
            case "AVG" -> Aggregate.Function.AVG;
            default -> throw unsupported("the function " + name + " (a plan computes COUNT, SUM, MIN, MAX, AVG)");
        };
        if (star || params == null || params.size() != 1) {
            throw unsupported("'" + f + "' (" + name + " takes one column)");
        }
        Expression param = params.get(0);
        if (param instanceof Column && function != Aggregate.Function.AVG && (function == Aggregate.Function.COUNT
                || plainAggregate(columns.field(param, name), function))) {
            return new Aggregate(function, columns.field(param, name).name());
        }
        // an expression, an AVG, a SUM of a field that is not an integer (summed by its type, as Spark sums it), or
        // an extreme of a field with a null bit, whose NULL for a group of NULLs only an expression's count word carries
        return Aggregate.of(function, new SqlExpressions(columns).of(param));
    }

    /**
     * Whether a field's SUM, MIN or MAX answers as SQL does without an expression: MIN and MAX of a
     * field NULL by a null value (a group of NULLs gives the null value back); SUM of an integer
     * ({@link Aggregate#over} makes a nullable one's the SUM of its expression).
     */
    private static boolean plainAggregate(Field field, Aggregate.Function function) {
        if (function == Aggregate.Function.SUM) {
            return field.type().kind() == FieldType.Kind.INTEGER;
        }
        return !field.hasNullBit();
    }

    private static SqlPlan rows(PlainSelect s, SqlColumns columns, Predicate where) {
        Layout layout = columns.layout();
        List<Expr> select = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<Expr> shown = new ArrayList<>();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            List<Expr> items = e instanceof AllColumns ? layout.fields().stream().map(f -> Expr.field(f.name())).toList()
                    : List.of(column(e, columns, "the select list"));
            for (Expr c : items) {
                if (!select.contains(c)) {
                    select.add(c);
                }
                shown.add(c);
                headers.add(e instanceof AllColumns ? Expr.sql(c) : header(item));
            }
        }
        List<OrderByElement> order = s.getOrderByElements();
        long limit = limit(s.getLimit());
        Plan plan;
        if (order != null) {
            refuseIf(order.size() > Plan.MAX_SORT_KEYS, "ORDER BY on more than " + Plan.MAX_SORT_KEYS + " keys");
            refuseIf(limit == Plan.NO_LIMIT, "ORDER BY without LIMIT (a plan returns the top n rows)");
            List<Plan.SortKey> keys = new ArrayList<>();
            for (OrderByElement by : order) {
                Expr key = column(by.getExpression(), columns, "ORDER BY");
                if (!select.contains(key)) {
                    select.add(key); // the job merges the splits' top rows by it; not printed
                }
                keys.add(sortKey(key, by));
            }
            plan = Plan.rowsOf(layout, where, select).top(limit, keys);
        } else {
            plan = Plan.rowsOf(layout, where, select);
            plan = limit != Plan.NO_LIMIT ? plan.limit(limit) : plan;
        }
        int[] at = new int[shown.size()];
        Field[] shownAs = new Field[at.length];
        Expr[] computed = new Expr[at.length];
        for (int i = 0; i < at.length; i++) {
            Expr c = shown.get(i);
            at[i] = plan.selectWord(select.indexOf(c));
            boolean field = ColumnValues.fieldColumn(c, layout);
            shownAs[i] = field ? layout.field(((Expr.Ref) c).name(), "select") : null;
            computed[i] = field ? null : c;
        }
        return new SqlPlan(plan, headers, at, shownAs, new Aggregate[at.length], computed, GroupOrder.NONE);
    }

    /** A column of the select list or ORDER BY ({@code clause}): a column of the layout, or an expression. */
    private static Expr column(Expression e, SqlColumns columns, String clause) {
        return e instanceof Column ? Expr.field(columns.field(e, clause).name()) : new SqlExpressions(columns).of(e);
    }

    /** The sort key {@code by} writes: its direction, and its NULL order, by default SQL's (Spark's): first when ascending. */
    private static Plan.SortKey sortKey(Expr key, OrderByElement by) {
        return new Plan.SortKey(key, !by.isAsc(), nullsFirst(by));
    }

    /** Whether {@code by} orders NULLs first: as it says, else as SQL (Spark) does, first when ascending. */
    private static boolean nullsFirst(OrderByElement by) {
        OrderByElement.NullOrdering nulls = by.getNullOrdering();
        return nulls == null ? by.isAsc() : nulls == OrderByElement.NullOrdering.NULLS_FIRST;
    }

    private static long limit(Limit limit) {
        if (limit == null) {
            return Plan.NO_LIMIT;
        }
        if (!(limit.getRowCount() instanceof LongValue n)) {
            throw unsupported("LIMIT " + limit.getRowCount() + " (a plan takes LIMIT n)");
        }
        return n.getValue();
    }

    private static String header(SelectItem<?> item) {
        if (item.getAlias() != null) {
            return item.getAlias().getName();
        }
        Expression e = item.getExpression();
        return e instanceof Column c ? c.getColumnName() : e.toString();
    }
}
