package dev.ispd.spark.extension;

import dev.ispd.spark.IspdPathTable;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Least;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.Count;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Rewrites {@code COUNT(DISTINCT literal)} over an ispd table as {@code LEAST(COUNT(literal), 1)}
 * (the same: 1 where the group has a row, else 0) before Spark pushes aggregates into the scan.
 * Spark's translation for data sources turns a COUNT of any literal into COUNT(*) and drops its
 * DISTINCT, so the scan could not tell it from a COUNT(*) and would answer the group's count. A
 * COUNT(DISTINCT NULL) Spark has folded to 0 already.
 */
final class CountDistinctLiteral extends Rule<LogicalPlan> {
    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        return plan.transformUp(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof Aggregate a && readsIspd(a.child());
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                return isDefinedAt(p) ? p.transformExpressionsUp(REWRITE) : p;
            }
        });
    }

    private static boolean readsIspd(LogicalPlan p) {
        return p.find(n -> n instanceof DataSourceV2Relation r && r.table() instanceof IspdPathTable).isDefined();
    }

    private static final AbstractPartialFunction<Expression, Expression> REWRITE = new AbstractPartialFunction<>() {
        @Override
        public boolean isDefinedAt(Expression e) {
            return e instanceof AggregateExpression a && a.isDistinct() && a.aggregateFunction() instanceof Count c
                    && c.children().size() == 1 && c.children().head() instanceof Literal l && l.value() != null;
        }

        @Override
        public Expression apply(Expression e) {
            if (!isDefinedAt(e)) {
                return e;
            }
            AggregateExpression a = (AggregateExpression) e;
            AggregateExpression count = a.copy(a.aggregateFunction(), a.mode(), false, a.filter(),
                    NamedExpression$.MODULE$.newExprId());
            Seq<Expression> operands = CollectionConverters.asScala(
                    java.util.List.<Expression>of(count, Literal.create(1L, count.dataType()))).toList();
            return new Least(operands);
        }
    };
}
