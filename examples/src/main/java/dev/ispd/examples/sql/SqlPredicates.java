package dev.ispd.examples.sql;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Predicate;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;

/**
 * A WHERE clause as a plan's predicate: a column compared with a literal of its type
 * ({@code =, <>, !=, <, <=, >, >=}, either side), {@code IN}, {@code BETWEEN}, {@code IS [NOT]
 * NULL}, {@code AND}, {@code OR}, {@code NOT} and parentheses. Literals: integers; numbers
 * ({@code 10.50}, {@code -1.5e3}) for decimals, which must hold them exactly, and floats;
 * {@code DATE '2024-02-29'} (or the string) for dates; {@code TIMESTAMP '2024-02-29 10:00:00'}
 * (UTC, or the string) for timestamps; {@code TRUE} and {@code FALSE} for bools; strings for
 * {@code char(N)} (compared only, not in IN or BETWEEN). Anything else (LIKE, functions,
 * arithmetic, two columns compared, subqueries) is refused naming it; the plan checks each
 * literal against its field.
 */
final class SqlPredicates {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final Map<Class<?>, CompareOp> OPS = Map.of(EqualsTo.class, CompareOp.EQ,
            NotEqualsTo.class, CompareOp.NE, MinorThan.class, CompareOp.LT, MinorThanEquals.class, CompareOp.LE,
            GreaterThan.class, CompareOp.GT, GreaterThanEquals.class, CompareOp.GE);

    private final SqlColumns columns;

    SqlPredicates(SqlColumns columns) {
        this.columns = columns;
    }

    Predicate of(Expression e) {
        if (e instanceof AndExpression || e instanceof OrExpression) {
            // a AND b AND c parses as a chain of pairs: one node of three keeps the tree shallow for the drives
            List<Predicate> operands = new ArrayList<>();
            chain(e, e.getClass(), operands);
            return e instanceof AndExpression ? Predicate.and(operands.toArray(Predicate[]::new))
                    : Predicate.or(operands.toArray(Predicate[]::new));
        }
        if (e instanceof NotExpression not) {
            return Predicate.not(of(not.getExpression()));
        }
        if (e instanceof Parenthesis p) {
            return of(p.getExpression());
        }
        if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            return of(list.get(0));
        }
        if (e instanceof ComparisonOperator c && op(c) != null) {
            return comparison(c);
        }
        if (e instanceof InExpression in) {
            Field f = columns.field(in.getLeftExpression(), "IN");
            if (!(in.getRightExpression() instanceof ExpressionList<?> values)) {
                throw unsupported("IN with a subquery");
            }
            long[] literals = new long[values.size()];
            for (int i = 0; i < literals.length; i++) {
                literals[i] = literal(values.get(i), f);
            }
            Predicate p = Predicate.in(f.name(), literals);
            return in.isNot() ? Predicate.not(p) : p;
        }
        if (e instanceof Between b) {
            Field f = columns.field(b.getLeftExpression(), "BETWEEN");
            Predicate p = Predicate.between(f.name(), literal(b.getBetweenExpressionStart(), f),
                    literal(b.getBetweenExpressionEnd(), f));
            return b.isNot() ? Predicate.not(p) : p;
        }
        if (e instanceof IsNullExpression n) {
            Predicate p = Predicate.isNull(columns.field(n.getLeftExpression(), "IS NULL").name());
            return n.isNot() ? Predicate.not(p) : p;
        }
        throw unsupported("the condition '" + e + "'");
    }

    /** The operands of a chain of {@code connective} (AND or OR) nodes, unparenthesized, in order. */
    private void chain(Expression e, Class<?> connective, List<Predicate> operands) {
        if (e.getClass() == connective) {
            BinaryExpression pair = (BinaryExpression) e;
            chain(pair.getLeftExpression(), connective, operands);
            chain(pair.getRightExpression(), connective, operands);
        } else {
            operands.add(of(e));
        }
    }

    /** {@code column op literal}, or {@code literal op column} turned round. */
    private Predicate comparison(ComparisonOperator c) {
        CompareOp op = op(c);
        Expression left = c.getLeftExpression();
        Expression right = c.getRightExpression();
        if (left instanceof Column) {
            return compare(columns.field(left, "'" + c + "'"), op, right);
        }
        if (right instanceof Column) {
            return compare(columns.field(right, "'" + c + "'"), op.swapped(), left);
        }
        throw unsupported("the comparison '" + c + "' (a plan compares a column with a literal)");
    }

    private static Predicate compare(Field f, CompareOp op, Expression literal) {
        if (f.type().kind() == FieldType.Kind.CHAR) {
            if (!(literal instanceof StringValue text)) {
                throw unsupported("the value '" + literal + "' for the string column " + f.name());
            }
            return Predicate.compare(f.name(), op, text.getValue().replace("''", "'"));
        }
        return Predicate.compare(f.name(), op, literal(literal, f));
    }

    /** The plan's op of a comparison, or null for one it has none of (such as {@code <=>}). */
    private static CompareOp op(ComparisonOperator c) {
        return OPS.get(c.getClass());
    }

    /** A literal for {@code field} of its type, as {@link Field#read} gives values. */
    private static long literal(Expression e, Field field) {
        return switch (field.type().kind()) {
            case INTEGER -> integerLiteral(e, field);
            case DECIMAL -> field.decimalLiteral(number(e, field));
            case FLOAT -> field.floatLiteral(number(e, field).doubleValue());
            case DATE -> field.dateLiteral(parsed(e, field, "DATE", LocalDate::parse));
            case TIMESTAMP -> field.timestampLiteral(parsed(e, field, "TIMESTAMP", SqlPredicates::utc));
            case BOOL -> {
                if (!(e instanceof BooleanValue b)) {
                    throw unsupported("the value '" + e + "' for the bool column " + field.name() + " (TRUE or FALSE)");
                }
                yield field.boolLiteral(b.getValue());
            }
            case CHAR -> throw unsupported("IN or BETWEEN on the string column " + field.name());
        };
    }

    /**
     * An integer literal for {@code field}, signed or not; above 2^63-1 only for an unsigned
     * 64-bit field, as the same 64 bits.
     */
    private static long integerLiteral(Expression e, Field field) {
        BigInteger v = integer(e);
        if (v == null) {
            throw unsupported("the value '" + e + "' for " + field.name() + " (a plan compares with integers)");
        }
        if (v.bitLength() < 64) {
            return v.longValue();
        }
        if (field.unsigned64() && v.signum() > 0 && v.compareTo(TWO_TO_64) < 0) {
            return v.longValue();
        }
        throw new IllegalArgumentException("the value " + v + " is outside " + field.name() + "'s range "
                + field.rangeText());
    }

    /** A number, exactly as written ({@code 10.50}, {@code -1.5e3}). */
    private static BigDecimal number(Expression e, Field field) {
        Expression v = e instanceof SignedExpression s ? s.getExpression() : e;
        BigDecimal n;
        if (v instanceof LongValue l) {
            n = new BigDecimal(l.getBigIntegerValue());
        } else if (v instanceof DoubleValue d) {
            n = new BigDecimal(d.toString());
        } else {
            throw unsupported("the value '" + e + "' for the " + field.typeText() + " column " + field.name()
                    + " (a number)");
        }
        return e instanceof SignedExpression s && s.getSign() == '-' ? n.negate() : n;
    }

    /** {@code TYPE 'text'} or {@code 'text'}, parsed. */
    private static <T> T parsed(Expression e, Field field, String type, java.util.function.Function<String, T> parse) {
        String text = null;
        if (e instanceof StringValue s) {
            text = s.getValue();
        } else if (e instanceof CastExpression c && c.getLeftExpression() instanceof StringValue s
                && c.getColDataType().getDataType().equalsIgnoreCase(type)) {
            text = s.getValue();
        }
        if (text == null) {
            throw unsupported("the value '" + e + "' for the " + field.typeText() + " column " + field.name()
                    + " (" + type + " '...')");
        }
        try {
            return parse.apply(text.trim());
        } catch (DateTimeParseException ex) {
            throw new IllegalArgumentException("the value '" + text + "' for " + field.name() + " is not a "
                    + type.toLowerCase(java.util.Locale.ROOT) + ": " + ex.getMessage(), ex);
        }
    }

    /** {@code 2024-02-29 10:00:00[.ffffff]} in UTC, or an instant with its zone ({@code ...Z}). */
    private static Instant utc(String text) {
        return text.endsWith("Z") ? Instant.parse(text.replace(' ', 'T'))
                : LocalDateTime.parse(text.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
    }

    private static BigInteger integer(Expression e) {
        if (e instanceof LongValue l) {
            return l.getBigIntegerValue();
        }
        if (e instanceof SignedExpression s && s.getExpression() instanceof LongValue l) {
            return s.getSign() == '-' ? l.getBigIntegerValue().negate() : l.getBigIntegerValue();
        }
        return null;
    }

    static IllegalArgumentException unsupported(String construct) {
        return new IllegalArgumentException(construct + " is not supported");
    }
}
