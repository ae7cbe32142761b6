package dev.ispd.spark.extension;

import dev.ispd.spark.IspdPathTable;
import dev.ispd.spark.pushdown.SumOverflow;
import java.util.HashMap;
import java.util.Map;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.EvalMode;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.aggregate.AggregateExpression;
import org.apache.spark.sql.catalyst.expressions.aggregate.Average;
import org.apache.spark.sql.catalyst.expressions.aggregate.Sum;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Enumeration;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;
import scala.runtime.BoxedUnit;

/**
 * Tells an ispd scan below an aggregation what the aggregation's decimal SUMs and AVGs answer
 * where a sum passes its type's digits ({@link SumOverflow}), before Spark pushes aggregates into
 * scans: Spark's translation for data sources drops the evaluation mode that tells
 * {@code try_sum} from {@code sum}. The rule marks the relation's options, which Spark hands to
 * the scan builder: {@code error} where every such aggregate is ANSI's, {@code null} where every
 * one is {@code try_sum}, {@code try_avg} or not ANSI, {@code unknown} where they differ.
 */
final class DecimalSumOverflow extends Rule<LogicalPlan> {
    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        return plan.transformUp(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof Aggregate a && rule(a) != null;
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                if (!isDefinedAt(p)) {
                    return p;
                }
                Aggregate a = (Aggregate) p;
                SumOverflow rule = rule(a);
                LogicalPlan child = a.child().transformUp(new AbstractPartialFunction<>() {
                    @Override
                    public boolean isDefinedAt(LogicalPlan q) {
                        return q instanceof DataSourceV2Relation r && r.table() instanceof IspdPathTable;
                    }

                    @Override
                    public LogicalPlan apply(LogicalPlan q) {
                        return isDefinedAt(q) ? marked((DataSourceV2Relation) q, rule) : q;
                    }
                });
                return a.withNewChildren(CollectionConverters.asScala(List.of(child)).toSeq());
            }
        });
    }

    /** The rule of {@code a}'s decimal sums and averages, or null if it has none. */
    private static SumOverflow rule(Aggregate a) {
        Set<SumOverflow> rules = EnumSet.noneOf(SumOverflow.class);
        a.aggregateExpressions().foreach(e -> {
            ((Expression) e).foreach(x -> {
                Enumeration.Value mode = x instanceof AggregateExpression ae ? mode(ae) : null;
                if (mode != null) {
                    rules.add(mode == EvalMode.ANSI() ? SumOverflow.ERROR : SumOverflow.NULL);
                }
                return BoxedUnit.UNIT;
            });
            return BoxedUnit.UNIT;
        });
        return rules.isEmpty() ? null : rules.size() == 1 ? rules.iterator().next() : SumOverflow.UNKNOWN;
    }

    /** The evaluation mode of a SUM or AVG of decimals, else null. */
    private static Enumeration.Value mode(AggregateExpression e) {
        if (e.aggregateFunction() instanceof Sum s && s.child().dataType() instanceof DecimalType) {
            return s.evalContext().evalMode();
        }
        if (e.aggregateFunction() instanceof Average avg && avg.child().dataType() instanceof DecimalType) {
            return avg.evalMode();
        }
        return null;
    }

    private static DataSourceV2Relation marked(DataSourceV2Relation r, SumOverflow rule) {
        Map<String, String> options = new HashMap<>(r.options().asCaseSensitiveMap());
        options.put(SumOverflow.OPTION, rule.option());
        return r.copy(r.table(), r.output(), r.catalog(), r.identifier(), new CaseInsensitiveStringMap(options),
                r.timeTravelSpec());
    }
}
