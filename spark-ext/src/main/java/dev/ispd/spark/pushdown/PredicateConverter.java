package dev.ispd.spark.pushdown;

import dev.ispd.plan.BoundPredicate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.KeyBloom;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.RecordLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles Spark's V2 predicates over a layout's columns into the plan model's {@link Predicate}:
 * comparisons (=, <>, <=>, <, <=, >, >=) and IN between a column and literals of its type
 * (integers; decimals of up to 8 bytes, at most the field's scale; dates; timestamps; floats, in
 * Spark's order; booleans; strings of {@code char(N)} fields, IN as an OR of equalities),
 * STARTS WITH a string literal (as a range of strings), IS [NOT] NULL, AND, OR, NOT, TRUE and FALSE, with SQL's NULLs ({@code <=>} is FALSE, not NULL,
 * on a NULL). A predicate that is none of these (arithmetic, casts, two columns compared, CASE,
 * COALESCE, ENDS WITH, CONTAINS, EXTRACT, ...) is compiled as a boolean expression
 * ({@link ExprConverter}) when the plan can run it. Anything else (another function, a 16-byte
 * decimal, an unsigned 8-byte field in arithmetic, a nested field) is not pushable; each refusal
 * is logged with its reasons.
 *
 * <p>An integer literal outside an integer field's range is folded, as SQL compares the numbers:
 * {@code type < 1000} on a 1-byte unsigned field always holds, {@code type = -1} never does, and
 * IN drops the values the field cannot hold (FALSE when none is left). FALSE is {@code NOT TRUE}.
 * Order comparisons on an unsigned 8-byte field are refused: Spark sees its values as signed
 * longs, the plan orders them unsigned.
 */
public final class PredicateConverter {
    private static final Logger LOG = LoggerFactory.getLogger(PredicateConverter.class);
    private static final Map<String, CompareOp> COMPARISONS = Map.of("=", CompareOp.EQ, "<=>", CompareOp.EQ,
            "<>", CompareOp.NE, "<", CompareOp.LT, "<=", CompareOp.LE, ">", CompareOp.GT, ">=", CompareOp.GE);
    private static final Predicate FALSE = Predicate.not(Predicate.all());
    /** Most strings of an IN on a {@code char(N)} field, each one comparison of an OR. */
    static final int MAX_STRING_IN = 64;

    private final RecordLayout layout;
    private final ExprConverter expressions;
    /** Whether an IN of more values than a plan's IN holds becomes their {@link KeyBloom} (for a join's keys). */
    private final boolean keySets;

    public PredicateConverter(RecordLayout layout) {
        this(layout, false);
    }

    /**
     * @param keySets whether an IN of numbers past {@link Predicate#MAX_IN_VALUES} compiles as a
     *                {@link KeyBloom} of them, TRUE for a few more values: only for a join's
     *                runtime filter, whose join tests each row again
     */
    public PredicateConverter(RecordLayout layout, boolean keySets) {
        this.layout = layout;
        this.expressions = new ExprConverter(layout);
        this.keySets = keySets;
    }

    /**
     * The plan predicate {@code predicate} stands for, or empty (logged with the reason) if it has
     * none: a test of fields against literals where it is one, else a boolean expression
     * ({@link Predicate.Holds}) that the plan binds to the layout.
     */
    public Optional<Predicate> convert(org.apache.spark.sql.connector.expressions.filter.Predicate predicate) {
        try {
            return Optional.of(operand(predicate));
        } catch (NotPushable e) {
            LOG.info("ispd: not pushed to the scan: {}: {}", predicate, e.getMessage());
            return Optional.empty();
        }
    }

    /** {@code e} as tests of fields, else (an operand of AND, OR or NOT alike) as a boolean expression. */
    private Predicate operand(Expression e) throws NotPushable {
        try {
            return predicate(e);
        } catch (NotPushable asFields) {
            try {
                return expression(e);
            } catch (NotPushable asExpression) {
                throw new NotPushable(asFields.getMessage() + "; as an expression: " + asExpression.getMessage());
            }
        }
    }

    /** {@code e} as a boolean expression the layout binds (its fields, types and functions checked). */
    private Predicate expression(Expression e) throws NotPushable {
        Predicate holds = Predicate.holds(expressions.convert(e));
        try {
            BoundPredicate.bind(holds, layout.planLayout());
        } catch (PlanException refused) {
            throw new NotPushable(refused.getMessage());
        }
        return holds;
    }

    private Predicate predicate(Expression e) throws NotPushable {
        if (!(e instanceof org.apache.spark.sql.connector.expressions.filter.Predicate p)) {
            throw new NotPushable(e + " is not a predicate");
        }
        Expression[] args = p.children();
        String name = p.name();
        CompareOp op = COMPARISONS.get(name);
        if (op != null) {
            Predicate compared = comparison(op, args[0], args[1]);
            Field f = field(args[0] instanceof Literal<?> ? args[1] : args[0]);
            // a <=> v is FALSE where a is NULL, where a = v is NULL
            return name.equals("<=>") && f.nullable() ? Predicate.and(notNull(f), compared) : compared;
        }
        return switch (name) {
            case "AND" -> Predicate.and(operand(args[0]), operand(args[1]));
            case "OR" -> Predicate.or(operand(args[0]), operand(args[1]));
            case "NOT" -> Predicate.not(operand(args[0]));
            case "IN" -> in(args);
            case "IS_NULL" -> {
                Field f = field(args[0]);
                yield f.nullable() ? Predicate.isNull(f.name()) : FALSE;
            }
            case "IS_NOT_NULL" -> notNull(field(args[0]));
            case "STARTS_WITH" -> startsWith(args[0], args[1]);
            case "ALWAYS_TRUE" -> Predicate.all();
            case "ALWAYS_FALSE" -> FALSE;
            default -> throw new NotPushable("the scan has no " + name);
        };
    }

    /**
     * {@code column STARTS WITH prefix} (and {@code LIKE 'prefix%'}, which Spark rewrites to it) on a
     * {@code char(N)} field, as the range of strings it selects: at least the prefix, and below the
     * prefix with its trailing 0xFF bytes dropped and its last byte increased (when that is UTF-8,
     * which a plan's literal must be).
     */
    private Predicate startsWith(Expression column, Expression literal) throws NotPushable {
        Field f = field(column);
        if (f.type().kind() != FieldType.Kind.CHAR) {
            throw new NotPushable(f.name() + " is " + f.typeText() + ", not a string");
        }
        String prefix = string(f, literal);
        byte[] bytes = prefix.getBytes(StandardCharsets.UTF_8);
        int n = bytes.length;
        while (n > 0 && bytes[n - 1] == (byte) 0xFF) {
            n--;
        }
        if (n == 0) {
            return bytes.length == 0 ? notNull(f) : Predicate.compare(f.name(), CompareOp.GE, prefix);
        }
        byte[] above = Arrays.copyOf(bytes, n);
        above[n - 1]++;
        try {
            String end = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(above)).toString();
            return Predicate.and(Predicate.compare(f.name(), CompareOp.GE, prefix),
                    Predicate.compare(f.name(), CompareOp.LT, end));
        } catch (CharacterCodingException e) {
            throw new NotPushable("the strings after those starting with '" + prefix + "' start with bytes that are "
                    + "not UTF-8, which a plan's literal must be");
        }
    }

    private static Predicate notNull(Field f) {
        return f.nullable() ? Predicate.not(Predicate.isNull(f.name())) : Predicate.all();
    }

    private Predicate comparison(CompareOp op, Expression left, Expression right) throws NotPushable {
        if (left instanceof Literal<?> && !(right instanceof Literal<?>)) {
            return comparison(op.swapped(), right, left);
        }
        Field f = field(left);
        if (f.type().kind() == FieldType.Kind.CHAR) {
            return Predicate.compare(f.name(), op, string(f, right));
        }
        if (f.unsigned64() && op != CompareOp.EQ && op != CompareOp.NE) {
            throw new NotPushable(f.name() + " is an unsigned 8-byte field, ordered differently from Spark's longs");
        }
        if (f.type().kind() != FieldType.Kind.INTEGER) {
            return Predicate.compare(f.name(), op, typed(f, right));
        }
        long v = integer(right);
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
        if (f.type().kind() == FieldType.Kind.CHAR) {
            if (args.length - 1 > MAX_STRING_IN) {
                throw new NotPushable("IN on " + f.name() + " has " + (args.length - 1) + " strings, more than the "
                        + MAX_STRING_IN + " the scan tests one by one");
            }
            List<Predicate> equal = new ArrayList<>(args.length - 1);
            for (int i = 1; i < args.length; i++) {
                equal.add(Predicate.compare(f.name(), CompareOp.EQ, string(f, args[i])));
            }
            return equal.size() == 1 ? equal.get(0) : new Predicate.Or(equal);
        }
        List<Long> values = new ArrayList<>(args.length - 1);
        for (int i = 1; i < args.length; i++) {
            if (f.type().kind() != FieldType.Kind.INTEGER) {
                values.add(typed(f, args[i]));
                continue;
            }
            long v = integer(args[i]);
            if (f.holds(v)) {
                values.add(v);
            }
        }
        // Spark hands a runtime filter's keys in its set's order, which changes from run to run; sorted,
        // one set of keys is one plan encoding, so the measured basis files its runs under one plan shape.
        values.sort(null);
        if (values.size() > Predicate.MAX_IN_VALUES && keySets) {
            return KeyBloom.of(f.name(), values.stream().mapToLong(Long::longValue).toArray());
        }
        if (values.size() > Predicate.MAX_IN_VALUES) {
            throw new NotPushable("IN on " + f.name() + " has " + values.size() + " values, more than the plan's "
                    + Predicate.MAX_IN_VALUES);
        }
        return values.isEmpty() ? FALSE : new Predicate.In(f.name(), values);
    }

    private Field field(Expression e) throws NotPushable {
        return ColumnReference.column(layout, e).field();
    }

    private static long integer(Expression e) throws NotPushable {
        Object v = literal(e);
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        throw new NotPushable("literal " + e + " is of type " + ((Literal<?>) e).dataType().simpleString()
                + ", not an integer");
    }

    /**
     * The plan's value of literal {@code e} for typed field {@code f}: of the field's Spark type
     * (Spark casts a literal to its column's type where it can), held exactly by the field.
     */
    private static long typed(Field f, Expression e) throws NotPushable {
        Object v = literal(e);
        DataType t = ((Literal<?>) e).dataType();
        try {
            return switch (f.type().kind()) {
                case DECIMAL -> {
                    if (f.width() == 16) {
                        throw new NotPushable(f.name() + " is a 16-byte decimal, which a plan does not test");
                    }
                    yield f.decimalLiteral(((Decimal) expect(v, Decimal.class, e)).toJavaBigDecimal());
                }
                case DATE -> f.dateLiteral(java.time.LocalDate.ofEpochDay((Integer) expect(t, DataTypes.DateType, v, e)));
                case TIMESTAMP -> {
                    long micros = (Long) expect(t, DataTypes.TimestampType, v, e);
                    yield f.holds(micros) ? micros : reject(e, f);
                }
                case FLOAT -> f.floatLiteral(v instanceof Float x ? x : (Double) expect(v, Double.class, e));
                case BOOL -> f.boolLiteral((Boolean) expect(v, Boolean.class, e));
                default -> throw new NotPushable(f.name() + " is " + f.typeText());
            };
        } catch (PlanException ex) {
            throw new NotPushable(ex.getMessage());
        }
    }

    private static long reject(Expression e, Field f) throws NotPushable {
        throw new NotPushable("literal " + e + " is outside the range of " + f.name() + " (" + f.typeText() + ")");
    }

    private static String string(Field f, Expression e) throws NotPushable {
        return ((UTF8String) expect(literal(e), UTF8String.class, e)).toString();
    }

    private static Object expect(Object v, Class<?> type, Expression e) throws NotPushable {
        if (!type.isInstance(v)) {
            throw new NotPushable("literal " + e + " is of type " + ((Literal<?>) e).dataType().simpleString()
                    + ", not the column's");
        }
        return v;
    }

    private static Object expect(DataType t, DataType wanted, Object v, Expression e) throws NotPushable {
        if (!t.equals(wanted)) {
            throw new NotPushable("literal " + e + " is of type " + t.simpleString() + ", not " + wanted.simpleString());
        }
        return v;
    }

    private static Object literal(Expression e) throws NotPushable {
        if (!(e instanceof Literal<?> literal)) {
            throw new NotPushable(e + " is not a literal");
        }
        if (literal.value() == null) {
            throw new NotPushable("literal " + e + " is NULL");
        }
        return literal.value();
    }
}
