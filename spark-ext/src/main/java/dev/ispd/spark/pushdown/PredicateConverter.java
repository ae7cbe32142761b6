package dev.ispd.spark.pushdown;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.RecordLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles Spark's V2 predicates over a layout's columns into the plan model's {@link Predicate}:
 * comparisons (=, <>, <=>, <, <=, >, >=) and IN between a column and integer literals,
 * IS [NOT] NULL, AND, OR, NOT, TRUE and FALSE. Anything else (another function, a cast column,
 * a string or decimal literal, NULL, a nested field) is not pushable; each refusal is logged with
 * its reason.
 *
 * <p>A literal outside the field's range is folded, as SQL compares the numbers: {@code type <
 * 1000} on a 1-byte unsigned field always holds, {@code type = -1} never does, and IN drops the
 * values the field cannot hold (FALSE when none is left). FALSE is {@code NOT TRUE}. Order
 * comparisons on an unsigned 8-byte field are refused: Spark sees its values as signed longs,
 * the plan orders them unsigned.
 */
public final class PredicateConverter {
    private static final Logger LOG = LoggerFactory.getLogger(PredicateConverter.class);
    private static final Map<String, CompareOp> COMPARISONS = Map.of("=", CompareOp.EQ, "<=>", CompareOp.EQ,
            "<>", CompareOp.NE, "<", CompareOp.LT, "<=", CompareOp.LE, ">", CompareOp.GT, ">=", CompareOp.GE);
    private static final Predicate FALSE = Predicate.not(Predicate.all());

    private final RecordLayout layout;

    public PredicateConverter(RecordLayout layout) {
        this.layout = layout;
    }

    /** The plan predicate {@code predicate} stands for, or empty (logged with the reason) if it has none. */
    public Optional<Predicate> convert(org.apache.spark.sql.connector.expressions.filter.Predicate predicate) {
        try {
            return Optional.of(predicate(predicate));
        } catch (NotPushable e) {
            LOG.info("ispd: not pushed to the scan: {}: {}", predicate, e.getMessage());
            return Optional.empty();
        }
    }

    private Predicate predicate(Expression e) throws NotPushable {
        if (!(e instanceof org.apache.spark.sql.connector.expressions.filter.Predicate p)) {
            throw new NotPushable(e + " is not a predicate");
        }
        Expression[] args = p.children();
        String name = p.name();
        CompareOp op = COMPARISONS.get(name);
        if (op != null) {
            return comparison(op, args[0], args[1]);
        }
        return switch (name) {
            case "AND" -> Predicate.and(predicate(args[0]), predicate(args[1]));
            case "OR" -> Predicate.or(predicate(args[0]), predicate(args[1]));
            case "NOT" -> Predicate.not(predicate(args[0]));
            case "IN" -> in(args);
            case "IS_NULL" -> isNull(field(args[0]));
            case "IS_NOT_NULL" -> {
                Field f = field(args[0]);
                yield f.nullable() ? Predicate.not(Predicate.isNull(f.name())) : Predicate.all();
            }
            case "ALWAYS_TRUE" -> Predicate.all();
            case "ALWAYS_FALSE" -> FALSE;
            default -> throw new NotPushable("the scan has no " + name);
        };
    }

    private Predicate comparison(CompareOp op, Expression left, Expression right) throws NotPushable {
        if (left instanceof Literal<?> && !(right instanceof Literal<?>)) {
            return comparison(op.swapped(), right, left);
        }
        Field f = field(left);
        long v = value(right);
        if (f.unsigned64() && op != CompareOp.EQ && op != CompareOp.NE) {
            throw new NotPushable(f.name() + " is an unsigned 8-byte field, ordered differently from Spark's longs");
        }
        if (f.holds(v)) {
            return Predicate.compare(f.name(), op, v);
        }
        // Every value of the field lies on the same side of v, so the comparison is a constant.
        boolean below = v < f.min();
        boolean holds = switch (op) {
            case EQ -> false;
            case NE -> true;
            case LT, LE -> !below;
            case GT, GE -> below;
        };
        return holds ? Predicate.all() : FALSE;
    }

    private Predicate in(Expression[] args) throws NotPushable {
        Field f = field(args[0]);
        List<Long> values = new ArrayList<>(args.length - 1);
        for (int i = 1; i < args.length; i++) {
            long v = value(args[i]);
            if (f.holds(v)) {
                values.add(v);
            }
        }
        if (values.size() > Predicate.MAX_IN_VALUES) {
            throw new NotPushable("IN on " + f.name() + " has " + values.size() + " values, more than the plan's "
                    + Predicate.MAX_IN_VALUES);
        }
        return values.isEmpty() ? FALSE : new Predicate.In(f.name(), values);
    }

    /** IS NULL of a field: a test where the layout gives it a null value, else never. */
    private static Predicate isNull(Field f) {
        return f.nullable() ? Predicate.isNull(f.name()) : FALSE;
    }

    private Field field(Expression e) throws NotPushable {
        return ColumnReference.column(layout, e).field();
    }

    private static long value(Expression e) throws NotPushable {
        if (!(e instanceof Literal<?> literal)) {
            throw new NotPushable(e + " is not a literal");
        }
        Object v = literal.value();
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        String type = v == null ? "NULL" : "of type " + literal.dataType().simpleString();
        throw new NotPushable("literal " + e + " is " + type + ", not an integer");
    }
}
