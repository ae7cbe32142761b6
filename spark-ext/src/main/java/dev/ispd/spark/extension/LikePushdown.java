package dev.ispd.spark.extension;

import dev.ispd.spark.pushdown.PushedLike;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Like;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.types.DataTypes;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Lets Spark push {@code LIKE} patterns it does not rewrite into STARTS WITH, ENDS WITH or
 * CONTAINS (TPC-H Q13's {@code o_comment NOT LIKE '%special%requests%'}) into ispd scans: Spark's
 * translation for data sources takes none of them (Spark 4.2 has no
 * {@code SupportsPushDownPredicateCapabilities}), so before the scan pushdown this rule puts a
 * {@link PushedLike} function compared with TRUE, which the translation does take, in place of each LIKE of a
 * string column (of the default collation) with a literal pattern and Spark's default escape
 * {@code \}. The function is Spark's LIKE where Spark evaluates it; the plan runs its own LIKE.
 */
final class LikePushdown extends OverIspdScanRewrite {
    LikePushdown() {
        super(REWRITE);
    }

    private static final AbstractPartialFunction<Expression, Expression> REWRITE = new AbstractPartialFunction<>() {
        @Override
        public boolean isDefinedAt(Expression e) {
            return e instanceof Like like && like.escapeChar() == '\\' && like.right() instanceof Literal pattern
                    && pattern.value() != null && like.left().dataType().equals(DataTypes.StringType)
                    && pattern.dataType().equals(DataTypes.StringType);
        }

        @Override
        public Expression apply(Expression e) {
            if (!isDefinedAt(e)) {
                return e;
            }
            Like like = (Like) e;
            Expression bound = like.withNewChildren(CollectionConverters.asScala(List.<Expression>of(
                    new BoundReference(0, DataTypes.StringType, like.left().nullable()), like.right())).toSeq());
            // as "= true", the same in SQL's three values: Spark translates a function as a predicate no other way
            return new EqualTo(new ApplyFunctionExpression(new PushedLike(bound),
                    CollectionConverters.asScala(List.of(like.left(), like.right())).toSeq()), Literal.TrueLiteral());
        }
    };
}
