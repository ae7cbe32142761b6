package dev.ispd.spark.extension;

import dev.ispd.spark.IspdPathTable;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.GlobalLimit;
import org.apache.spark.sql.catalyst.plans.logical.LocalLimit;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import scala.PartialFunction;
import scala.runtime.AbstractPartialFunction;

/**
 * A rule run before the scan pushdown that rewrites the expressions of the filters, projections,
 * sorts and aggregations right above an ispd relation (through other filters, projections, sorts
 * and limits) with {@code rewrite}: what Spark's translation for data sources leaves out, put in
 * a form it translates. Other plans are left as they are.
 */
abstract class OverIspdScanRewrite extends Rule<LogicalPlan> {
    private final PartialFunction<Expression, Expression> rewrite;

    OverIspdScanRewrite(PartialFunction<Expression, Expression> rewrite) {
        this.rewrite = rewrite;
    }

    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        return plan.transformUp(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return (p instanceof Filter || p instanceof Project || p instanceof Sort || p instanceof Aggregate)
                        && overIspdScan(p.children().head());
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                return isDefinedAt(p) ? p.transformExpressionsUp(rewrite) : p;
            }
        });
    }

    /** Whether {@code p} is an ispd relation, or filters, projects, sorts or limits one. */
    private static boolean overIspdScan(LogicalPlan p) {
        if (p instanceof DataSourceV2Relation r) {
            return r.table() instanceof IspdPathTable;
        }
        return (p instanceof Filter || p instanceof Project || p instanceof Sort || p instanceof LocalLimit
                || p instanceof GlobalLimit) && overIspdScan(p.children().head());
    }
}
