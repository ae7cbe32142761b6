package dev.ispd.spark.pushdown;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One of Spark's arithmetic operators in its non-ANSI mode ({@code spark.sql.ansi.enabled=false}:
 * {@code + - * / %} and unary minus that wrap integers and give NULL where ANSI raises an error),
 * as a V2 function a data source is handed: Spark hands sources its arithmetic only in ANSI mode,
 * so the session extension puts this in place of the non-ANSI operators above an ispd scan, and
 * {@link ExprConverter} recognises it by {@link #canonicalName} ({@link #PREFIX} and the
 * operator's symbol) as the plan's {@code Expr.EvalMode.LEGACY} arithmetic. Where Spark
 * evaluates it (not pushed), it is Spark's own operator: {@code operator} over the function's
 * arguments ({@code BoundReference}s 0 and 1), so the answer is Spark's.
 */
public final class NonAnsiArithmetic implements ScalarFunction<Object> {
    private static final long serialVersionUID = 1L;
    /** The start of the canonical name; the operator's symbol follows ({@code -} of one argument: unary minus). */
    public static final String PREFIX = "ispd.non_ansi.";

    private final Expression operator;
    private final String symbol;

    /** {@code operator}, Spark's non-ANSI operator {@code symbol} over bound references to the arguments. */
    public NonAnsiArithmetic(Expression operator, String symbol) {
        this.operator = operator;
        this.symbol = symbol;
    }

    @Override
    public DataType[] inputTypes() {
        return CollectionConverters.asJava(operator.children()).stream().map(Expression::dataType)
                .toArray(DataType[]::new);
    }

    @Override
    public DataType resultType() {
        return operator.dataType();
    }

    @Override
    public String name() {
        return "non_ansi" + symbol;
    }

    @Override
    public String canonicalName() {
        return PREFIX + symbol;
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Object produceResult(InternalRow input) {
        return operator.eval(input);
    }
}
