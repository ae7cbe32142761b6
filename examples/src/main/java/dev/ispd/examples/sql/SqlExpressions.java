package dev.ispd.examples.sql;

import static dev.ispd.examples.sql.SqlPredicates.unsupported;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.ExprType;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
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
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;

/**
 * A SQL expression as a plan's {@link Expr}, typed as Spark types it: columns; literals
 * (integers, numbers with a point as decimals of their digits, with an exponent as doubles,
 * strings, {@code DATE '...'}, TRUE, FALSE, NULL); {@code + - * / %} and unary minus; CAST to
 * {@code int}, {@code bigint}, {@code float}, {@code double}, {@code decimal(p,s)}; comparisons;
 * AND, OR, NOT, IS [NOT] NULL; CASE (searched and simple); COALESCE; [NOT] IN; [NOT] BETWEEN;
 * [NOT] LIKE; {@code startswith}, {@code endswith}, {@code contains}; {@code EXTRACT(YEAR | MONTH
 * | DAY FROM ...)} and {@code year()}, {@code month()}, {@code day()}. Anything else is refused
 * naming it; the plan checks the types.
 */
final class SqlExpressions {
    private static final Map<Class<?>, CompareOp> OPS = Map.of(EqualsTo.class, CompareOp.EQ,
            NotEqualsTo.class, CompareOp.NE, MinorThan.class, CompareOp.LT, MinorThanEquals.class, CompareOp.LE,
            GreaterThan.class, CompareOp.GT, GreaterThanEquals.class, CompareOp.GE);
    private static final Map<Class<?>, Expr.ArithmeticOp> ARITHMETIC = Map.of(Addition.class, Expr.ArithmeticOp.ADD,
            Subtraction.class, Expr.ArithmeticOp.SUBTRACT, Multiplication.class, Expr.ArithmeticOp.MULTIPLY,
            Division.class, Expr.ArithmeticOp.DIVIDE, Modulo.class, Expr.ArithmeticOp.REMAINDER);

    private final SqlColumns columns;

    SqlExpressions(SqlColumns columns) {
        this.columns = columns;
    }

    Expr of(Expression e) {
        if (e instanceof Column) {
            return Expr.field(columns.field(e, "an expression").name());
        }
        if (e instanceof Parenthesis p) {
            return of(p.getExpression());
        }
        if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            return of(list.get(0));
        }
        Expr literal = literal(e);
        if (literal != null) {
            return literal;
        }
        if (e instanceof SignedExpression s) {
            Expr operand = of(s.getExpression());
            return s.getSign() == '-' ? Expr.neg(operand) : operand;
        }
        if (e instanceof BinaryExpression b && ARITHMETIC.containsKey(b.getClass())) {
            return new Expr.Arithmetic(ARITHMETIC.get(b.getClass()), of(b.getLeftExpression()), of(b.getRightExpression()));
        }
        if (e instanceof ComparisonOperator c && OPS.containsKey(c.getClass())) {
            return Expr.compare(of(c.getLeftExpression()), OPS.get(c.getClass()), of(c.getRightExpression()));
        }
        if (e instanceof AndExpression a) {
            return Expr.and(of(a.getLeftExpression()), of(a.getRightExpression()));
        }
        if (e instanceof OrExpression o) {
            return Expr.or(of(o.getLeftExpression()), of(o.getRightExpression()));
        }
        if (e instanceof NotExpression n) {
            return Expr.not(of(n.getExpression()));
        }
        if (e instanceof IsNullExpression n) {
            Expr isNull = Expr.isNull(of(n.getLeftExpression()));
            return n.isNot() ? Expr.not(isNull) : isNull;
        }
        if (e instanceof CastExpression c) {
            return Expr.cast(of(c.getLeftExpression()), type(c));
        }
        if (e instanceof CaseExpression c) {
            return caseWhen(c);
        }
        if (e instanceof InExpression in) {
            if (!(in.getRightExpression() instanceof ExpressionList<?> values)) {
                throw unsupported("IN with a subquery");
            }
            List<Expr> literals = values.stream().map(v -> of((Expression) v)).toList();
            Expr x = new Expr.In(of(in.getLeftExpression()), literals);
            return in.isNot() ? Expr.not(x) : x;
        }
        if (e instanceof Between b) {
            Expr x = Expr.between(of(b.getLeftExpression()), of(b.getBetweenExpressionStart()),
                    of(b.getBetweenExpressionEnd()));
            return b.isNot() ? Expr.not(x) : x;
        }
        if (e instanceof LikeExpression like) {
            if (like.getLikeKeyWord() != LikeExpression.KeyWord.LIKE || like.getEscape() != null
                    || !(like.getRightExpression() instanceof StringValue pattern)) {
                throw unsupported("'" + e + "' (a plan takes LIKE 'pattern', with \\ as the escape)");
            }
            Expr x = Expr.like(of(like.getLeftExpression()), pattern.getValue().replace("''", "'"));
            return like.isNot() ? Expr.not(x) : x;
        }
        if (e instanceof ExtractExpression x) {
            return Expr.extract(part(x.getName(), e), of(x.getExpression()));
        }
        if (e instanceof Function f) {
            return function(f);
        }
        throw unsupported("the expression '" + e + "'");
    }

    /** A literal, or null if {@code e} is none. */
    private static Expr literal(Expression e) {
        if (e instanceof LongValue l) {
            return Expr.lit(l.getValue());
        }
        if (e instanceof DoubleValue d) {
            String text = d.toString();
            // Spark reads 1.5 as decimal(2,1) and only 1.5e3 or 1.5D as a double
            return text.toLowerCase(Locale.ROOT).contains("e") ? Expr.lit(d.getValue()) : Expr.lit(new BigDecimal(text));
        }
        if (e instanceof StringValue s) {
            return Expr.lit(s.getValue().replace("''", "'"));
        }
        if (e instanceof BooleanValue b) {
            return Expr.lit(b.getValue());
        }
        if (e instanceof NullValue) {
            return Expr.nullOf(ExprType.INT); // Spark's NULL takes the type its place needs; an int widens to any number
        }
        if (e instanceof DateTimeLiteralExpression d && d.getType() == DateTimeLiteralExpression.DateTime.DATE) {
            String text = d.getValue().replace("'", "").trim();
            try {
                return Expr.lit(LocalDate.parse(text));
            } catch (DateTimeException ex) {
                throw new IllegalArgumentException("the value '" + text + "' is not a date: " + ex.getMessage(), ex);
            }
        }
        return null;
    }

    private Expr caseWhen(CaseExpression c) {
        Expr subject = c.getSwitchExpression() == null ? null : of(c.getSwitchExpression());
        List<Expr.When> whens = new ArrayList<>();
        for (WhenClause w : c.getWhenClauses()) {
            Expr test = of(w.getWhenExpression());
            whens.add(Expr.when(subject == null ? test : Expr.eq(subject, test), of(w.getThenExpression())));
        }
        return Expr.caseWhen(whens, c.getElseExpression() == null ? null : of(c.getElseExpression()));
    }

    private Expr function(Function f) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        List<Expr> args = new ArrayList<>();
        if (f.getParameters() != null) {
            f.getParameters().forEach(p -> args.add(of((Expression) p)));
        }
        return switch (name) {
            case "coalesce" -> Expr.coalesce(args.toArray(Expr[]::new));
            case "year", "month", "day" -> Expr.extract(part(name, f), one(args, f));
            case "startswith", "endswith", "contains" -> {
                if (args.size() != 2 || !(args.get(1) instanceof Expr.Literal l && l.value() instanceof String s)) {
                    throw unsupported("'" + f + "' (" + name + " takes a column and a string)");
                }
                yield name.equals("startswith") ? Expr.startsWith(args.get(0), s)
                        : name.equals("endswith") ? Expr.endsWith(args.get(0), s) : Expr.contains(args.get(0), s);
            }
            default -> throw unsupported("the function " + f.getName() + " in an expression");
        };
    }

    private static Expr one(List<Expr> args, Function f) {
        if (args.size() != 1) {
            throw unsupported("'" + f + "' (one argument)");
        }
        return args.get(0);
    }

    private static Expr.DatePart part(String name, Expression e) {
        try {
            return Expr.DatePart.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException ex) {
            throw unsupported("'" + e + "' (a plan extracts YEAR, MONTH or DAY)");
        }
    }

    private static ExprType type(CastExpression c) {
        String t = c.getColDataType().getDataType().toLowerCase(Locale.ROOT);
        List<String> args = c.getColDataType().getArgumentsStringList();
        return switch (t) {
            case "int", "integer" -> ExprType.INT;
            case "bigint", "long" -> ExprType.BIGINT;
            case "float", "real" -> ExprType.FLOAT;
            case "double" -> ExprType.DOUBLE;
            case "decimal", "numeric" -> ExprType.decimal(args == null || args.isEmpty() ? 10 : Integer.parseInt(args.get(0)),
                    args == null || args.size() < 2 ? 0 : Integer.parseInt(args.get(1)));
            default -> throw unsupported("CAST to " + t + " (a plan casts to int, bigint, float, double, decimal)");
        };
    }
}
