package dev.ispd.examples.sql;

import static dev.ispd.examples.sql.SqlPredicates.unsupported;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.BoundPredicate;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.JSQLParserException;
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
 * expresses. The WHERE clause ({@link SqlPredicates}); a projection of columns or {@code *}; or
 * GROUP BY up to 4 columns with COUNT(*), COUNT, SUM, MIN and MAX (aggregates without GROUP BY
 * too); LIMIT n; ORDER BY one column [ASC|DESC] with LIMIT n as a top-N. FROM names one table,
 * whatever its name (the data is the command's input). Everything else is refused with an
 * IllegalArgumentException of one line naming the construct: DISTINCT, JOIN, subqueries,
 * HAVING, UNION, WITH, OFFSET, expressions, ORDER BY without LIMIT or on aggregates.
 */
public final class SqlTranslator {
    private SqlTranslator() {
    }

    public static SqlPlan translate(String sql, Layout layout) {
        PlainSelect select = plainSelect(sql);
        refuseClauses(select);
        SqlColumns columns = new SqlColumns(layout);
        Predicate where = select.getWhere() == null ? Predicate.all() : where(select.getWhere(), columns);
        List<String> groupBy = groupBy(select, columns);
        boolean aggregating = select.getGroupBy() != null
                || select.getSelectItems().stream().anyMatch(i -> i.getExpression() instanceof Function);
        return aggregating ? aggregate(select, columns, where, groupBy) : rows(select, columns, where);
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

    private static List<String> groupBy(PlainSelect s, SqlColumns columns) {
        List<String> names = new ArrayList<>();
        if (s.getGroupBy() != null) {
            for (Object e : s.getGroupBy().getGroupByExpressionList()) {
                String name = columns.field((Expression) e, "GROUP BY").name();
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    private static SqlPlan aggregate(PlainSelect s, SqlColumns columns, Predicate where, List<String> groupBy) {
        refuseIf(s.getOrderByElements() != null, "ORDER BY on an aggregate query");
        refuseIf(s.getLimit() != null, "LIMIT on an aggregate query");
        List<Aggregate> aggregates = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        List<Field> shownAs = new ArrayList<>();
        List<Aggregate> ofExpressions = new ArrayList<>();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            refuseIf(e instanceof AllColumns, "SELECT * with aggregates");
            if (e instanceof Function f) {
                Aggregate a = aggregate(f, columns).over(columns.layout()); // as the plan will run it
                if (!aggregates.contains(a)) {
                    aggregates.add(a);
                }
                // the plan returns the group columns first, then each aggregate's words
                at.add(groupBy.size() + aggregates.subList(0, aggregates.indexOf(a)).stream()
                        .mapToInt(x -> x.words(columns.layout())).sum());
                boolean extreme = a.function() == Aggregate.Function.MIN || a.function() == Aggregate.Function.MAX;
                shownAs.add(extreme && a.field() != null ? columns.layout().field(a.field(), "aggregate") : null);
                ofExpressions.add(a.argument() != null ? a : null);
            } else {
                Field f = columns.field(e, "the select list");
                if (!groupBy.contains(f.name())) {
                    throw new IllegalArgumentException("column " + f.name() + " is neither in GROUP BY nor in an aggregate");
                }
                at.add(groupBy.indexOf(f.name()));
                shownAs.add(f);
                ofExpressions.add(null);
            }
            headers.add(header(item));
        }
        Plan plan = Plan.aggregate(columns.layout(), where, groupBy, aggregates);
        return new SqlPlan(plan, headers, at.stream().mapToInt(Integer::intValue).toArray(), shownAs.toArray(Field[]::new),
                ofExpressions.toArray(Aggregate[]::new));
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
            default -> throw unsupported("the function " + name + " (a plan computes COUNT, SUM, MIN, MAX)");
        };
        if (star || params == null || params.size() != 1) {
            throw unsupported("'" + f + "' (" + name + " takes one column)");
        }
        Expression param = params.get(0);
        if (param instanceof Column && (function == Aggregate.Function.COUNT || plainAggregate(columns.field(param, name),
                function))) {
            return new Aggregate(function, columns.field(param, name).name());
        }
        // an expression, a SUM of a field that is not an integer (summed by its type, as Spark sums it), or an
        // extreme of a field with a null bit, whose NULL for a group of NULLs only an expression's count word carries
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
        List<String> select = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        List<Field> shownAs = new ArrayList<>();
        for (SelectItem<?> item : s.getSelectItems()) {
            Expression e = item.getExpression();
            List<Field> fields = e instanceof AllColumns ? columns.layout().fields()
                    : List.of(columns.field(e, "the select list"));
            for (Field f : fields) {
                if (!select.contains(f.name())) {
                    select.add(f.name());
                }
                at.add(select.indexOf(f.name()));
                shownAs.add(f);
                headers.add(e instanceof AllColumns ? f.name() : header(item));
            }
        }
        Plan plan = Plan.rows(columns.layout(), where, select);
        List<OrderByElement> order = s.getOrderByElements();
        long limit = limit(s.getLimit());
        if (order != null) {
            refuseIf(order.size() != 1, "ORDER BY on more than one column");
            OrderByElement by = order.get(0);
            refuseIf(by.getNullOrdering() != null, "NULLS FIRST or NULLS LAST");
            refuseIf(limit == Plan.NO_LIMIT, "ORDER BY without LIMIT (a plan returns the top n rows)");
            String field = columns.field(by.getExpression(), "ORDER BY").name();
            if (!select.contains(field)) {
                select.add(field); // the job merges the splits' top rows by it; not printed
            }
            plan = Plan.rows(columns.layout(), where, select).top(limit, field, !by.isAsc());
        } else if (limit != Plan.NO_LIMIT) {
            plan = plan.limit(limit);
        }
        return new SqlPlan(plan, headers, at.stream().mapToInt(Integer::intValue).toArray(), shownAs.toArray(Field[]::new),
                new Aggregate[headers.size()]);
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
