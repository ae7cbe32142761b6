package dev.ispd.spark.pushdown;

import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.ScanCondition.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Converts Spark's V2 predicates over a layout's columns into {@link ScanCondition}s: comparisons
 * (=, <>, <=>, <, <=, >, >=) and IN between a column and integer literals, IS [NOT] NULL,
 * AND, OR, NOT, TRUE and FALSE. Anything else (another function, a cast column, a string or
 * decimal literal, a nested field) is not pushable; each refusal is logged with its reason.
 */
public final class PredicateConverter {
    private static final Logger LOG = LoggerFactory.getLogger(PredicateConverter.class);
    private static final Map<String, Op> COMPARISONS = Map.of("=", Op.EQ, "<=>", Op.EQ, "<>", Op.NE,
            "<", Op.LT, "<=", Op.LE, ">", Op.GT, ">=", Op.GE);

    private final RecordLayout layout;

    public PredicateConverter(RecordLayout layout) {
        this.layout = layout;
    }

    /** The condition {@code predicate} stands for, or empty (logged with the reason) if it has none. */
    public Optional<ScanCondition> convert(Predicate predicate) {
        try {
            return Optional.of(condition(predicate));
        } catch (NotPushable e) {
            LOG.info("ispd: not pushed to the scan: {}: {}", predicate, e.getMessage());
            return Optional.empty();
        }
    }

    private ScanCondition condition(Predicate p) throws NotPushable {
        Expression[] args = p.children();
        String name = p.name();
        Op op = COMPARISONS.get(name);
        if (op != null) {
            return comparison(op, args[0], args[1]);
        }
        return switch (name) {
            case "AND" -> new ScanCondition.And(condition(predicate(args[0])), condition(predicate(args[1])));
            case "OR" -> new ScanCondition.Or(condition(predicate(args[0])), condition(predicate(args[1])));
            case "NOT" -> new ScanCondition.Not(condition(predicate(args[0])));
            case "IN" -> in(args);
            case "IS_NULL", "IS_NOT_NULL" -> {
                column(args[0]);
                yield new ScanCondition.Constant(name.equals("IS_NOT_NULL"));
            }
            case "ALWAYS_TRUE" -> new ScanCondition.Constant(true);
            case "ALWAYS_FALSE" -> new ScanCondition.Constant(false);
            default -> throw new NotPushable("the scan has no " + name);
        };
    }

    private ScanCondition comparison(Op op, Expression left, Expression right) throws NotPushable {
        if (left instanceof Literal<?> && !(right instanceof Literal<?>)) {
            return comparison(op.swapped(), right, left);
        }
        return new ScanCondition.Compare(column(left).name(), op, value(right));
    }

    private ScanCondition in(Expression[] args) throws NotPushable {
        String field = column(args[0]).name();
        List<Long> values = new ArrayList<>(args.length - 1);
        for (int i = 1; i < args.length; i++) {
            values.add(value(args[i]));
        }
        return new ScanCondition.In(field, values);
    }

    private LayoutColumn column(Expression e) throws NotPushable {
        if (!(e instanceof NamedReference ref)) {
            throw new NotPushable(e + " is not a column of layout " + layout.name());
        }
        String[] names = ref.fieldNames();
        if (names.length != 1) {
            throw new NotPushable(ref + " is a nested field");
        }
        return layout.column(names[0])
                .orElseThrow(() -> new NotPushable(names[0] + " is not a column of layout " + layout.name()));
    }

    private static long value(Expression e) throws NotPushable {
        if (!(e instanceof Literal<?> literal)) {
            throw new NotPushable(e + " is not a literal");
        }
        Object v = literal.value();
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        throw new NotPushable("literal " + e + " is " + (v == null ? "NULL" : "of type " + literal.dataType().simpleString())
                + ", not an integer");
    }

    private static Predicate predicate(Expression e) throws NotPushable {
        if (e instanceof Predicate p) {
            return p;
        }
        throw new NotPushable(e + " is not a predicate");
    }

    /** Why a predicate has no condition; cheap (no stack trace), as refusals are ordinary. */
    private static final class NotPushable extends Exception {
        NotPushable(String reason) {
            super(reason, null, false, false);
        }
    }
}
