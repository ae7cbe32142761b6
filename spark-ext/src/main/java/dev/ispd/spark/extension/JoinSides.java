package dev.ispd.spark.extension;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.KeySet;
import dev.ispd.spark.IspdPathTable;
import dev.ispd.spark.pushdown.KeyLookupFunction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.ApplyFunctionExpression;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the optimizer rules that run a join's small side from the driver ({@link LookupJoins},
 * {@link SmallSideKeyFilters}) share: finding a join's ispd sides and integer keys before Spark's
 * scan pushdown, and filtering a side by a lookup of its key where that pushdown takes it.
 */
final class JoinSides {
    private JoinSides() {
    }

    /** Whether the session has the rule {@code key} turns on or off on (the default). */
    static boolean on(String key) {
        return Boolean.parseBoolean(SQLConf.get().getConfString(key, "true").trim());
    }

    /** The session's most rows of a small side, {@code key}, or {@code otherwise}. */
    static long mostRows(String key, long otherwise) {
        return Long.parseLong(SQLConf.get().getConfString(key, Long.toString(otherwise)).trim());
    }

    /** The ispd table {@code p} reads through projections and filters. */
    static Optional<DataSourceV2Relation> ispdRelation(LogicalPlan p) {
        while (p instanceof Project || p instanceof Filter) {
            p = p.children().head();
        }
        return p instanceof DataSourceV2Relation r && r.table() instanceof IspdPathTable ? Optional.of(r)
                : Optional.empty();
    }

    /** The rows of {@code r} by its scan's statistics, or the most a long holds where it has none. */
    static long rows(DataSourceV2Relation r) {
        scala.Option<scala.math.BigInt> rows = r.stats().rowCount();
        return rows.isDefined() ? rows.get().longValue() : Long.MAX_VALUE;
    }

    /** The terms of {@code e}'s AND, into {@code into}. */
    static void conjuncts(Expression e, List<Expression> into) {
        if (e instanceof And a) {
            conjuncts(a.left(), into);
            conjuncts(a.right(), into);
        } else {
            into.add(e);
        }
    }

    /** Whether {@code c} is an equality of an integer column of {@code one} side with one of the same type of the {@code other}. */
    static boolean keyEquality(Expression c, LogicalPlan one, LogicalPlan other) {
        return c instanceof EqualTo eq && eq.left() instanceof AttributeReference l
                && eq.right() instanceof AttributeReference r && l.dataType().equals(r.dataType())
                && integer(l.dataType())
                && (one.outputSet().contains(l) && other.outputSet().contains(r)
                    || one.outputSet().contains(r) && other.outputSet().contains(l));
    }

    /** The column of key equality {@code eq} that {@code side} outputs. */
    static Attribute side(EqualTo eq, LogicalPlan side) {
        Attribute l = (Attribute) eq.left();
        return side.outputSet().contains(l) ? l : (Attribute) eq.right();
    }

    /**
     * {@code side} filtered by {@code condition} where Spark's scan pushdown takes it, as it takes
     * one filter right above the table (through projections): ANDed with the side's own filter
     * there ({@code first} or after it), or a filter of its own above the table; else (a column
     * the table lacks) above the side.
     */
    static LogicalPlan filtered(LogicalPlan side, Expression condition, boolean first) {
        if (side instanceof Filter f) {
            return new Filter(first ? new And(condition, f.condition()) : new And(f.condition(), condition), f.child());
        }
        if (side instanceof Project p && condition.references().subsetOf(p.child().outputSet())) {
            return p.withNewChildren(CollectionConverters.asScala(List.of(filtered(p.child(), condition, first)))
                    .toSeq());
        }
        return new Filter(condition, side);
    }

    /**
     * {@code key}'s lookup in the sets, as a predicate Spark hands a source ("= TRUE": it hands a
     * function as a predicate no other way), with what the small side's run in the drives counted.
     */
    static Expression lookup(Attribute key, KeySet isTrue, KeySet isNull, String label,
                             Map<SplitMetric, Long> smallSideRun) {
        KeyLookupFunction f = KeyLookupFunction.of(key.dataType(), isTrue, isNull, label, smallSideRun);
        return new EqualTo(new ApplyFunctionExpression(f, CollectionConverters.asScala(List.<Expression>of(key)).toSeq()),
                Literal.TrueLiteral());
    }

    private static boolean integer(DataType t) {
        return t.equals(DataTypes.LongType) || t.equals(DataTypes.IntegerType) || t.equals(DataTypes.ShortType)
                || t.equals(DataTypes.ByteType);
    }
}
