package dev.ispd.spark.extension;

import dev.ispd.spark.pushdown.NonAnsiArithmetic;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Add;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.BinaryArithmetic;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Divide;
import org.apache.spark.sql.catalyst.expressions.EvalMode;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Multiply;
import org.apache.spark.sql.catalyst.expressions.Remainder;
import org.apache.spark.sql.catalyst.expressions.Subtract;
import org.apache.spark.sql.catalyst.expressions.UnaryMinus;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Lets Spark push its non-ANSI arithmetic ({@code spark.sql.ansi.enabled=false}) into ispd scans:
 * Spark's translation for data sources takes {@code + - * / %} and unary minus only in ANSI
 * mode, so before the scan pushdown this rule puts a {@link NonAnsiArithmetic} function, which
 * the translation does take, in place of each such operator over int, bigint, float, double or
 * decimal in the filters, projections, sorts and aggregations right above an ispd relation. The
 * function is Spark's operator (evaluated by it where not pushed); the plan runs it in its
 * {@code LEGACY} mode. Other plans and ANSI arithmetic are left as they are.
 */
final class NonAnsiArithmeticPushdown extends OverIspdScanRewrite {
    NonAnsiArithmeticPushdown() {
        super(REWRITE);
    }

    private static final AbstractPartialFunction<Expression, Expression> REWRITE = new AbstractPartialFunction<>() {
        @Override
        public boolean isDefinedAt(Expression e) {
            return symbol(e) != null;
        }

        @Override
        public Expression apply(Expression e) {
            String symbol = symbol(e);
            if (symbol == null) {
                return e;
            }
            List<Expression> bound = new ArrayList<>();
            e.children().foreach(c -> bound.add(new BoundReference(bound.size(), c.dataType(), c.nullable())));
            Expression operator = e.withNewChildren(CollectionConverters.asScala(bound).toSeq());
            return new ApplyFunctionExpression(new NonAnsiArithmetic(operator, symbol), e.children());
        }
    };

    /** The symbol of {@code e} if it is a non-ANSI operator the plan computes, else null. */
    private static String symbol(Expression e) {
        if (!computed(e.dataType())) {
            return null;
        }
        if (e instanceof UnaryMinus u) {
            return u.failOnError() ? null : "-";
        }
        if ((e instanceof Add || e instanceof Subtract || e instanceof Multiply || e instanceof Divide
                || e instanceof Remainder) && ((BinaryArithmetic) e).evalMode() == EvalMode.LEGACY()) {
            return ((BinaryArithmetic) e).symbol();
        }
        return null;
    }

    private static boolean computed(DataType t) {
        return t instanceof DecimalType || t.equals(DataTypes.IntegerType) || t.equals(DataTypes.LongType)
                || t.equals(DataTypes.FloatType) || t.equals(DataTypes.DoubleType);
    }
}
