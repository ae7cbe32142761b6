package dev.ispd.spark.extension;

import dev.ispd.plan.KeySet;
import dev.ispd.plan.PlanCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.Inner$;
import org.apache.spark.sql.catalyst.plans.JoinType;
import org.apache.spark.sql.catalyst.plans.LeftAnti$;
import org.apache.spark.sql.catalyst.plans.LeftOuter$;
import org.apache.spark.sql.catalyst.plans.LeftSemi$;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Filters a join's large side by the keys of its small side, run once from the driver as the
 * query is planned (docs/spark.md, "Key filters from small sides"): where one side of an inner
 * (or a semi join's right side) is one ispd table under a filter that its scan takes whole, the
 * drives run that side's key column from the driver ({@link SmallSideKeys#keysInDrives}: no Spark
 * job) and the other side's scan gets a lookup of its key in those keys, which its drives apply
 * as they read. A runtime filter ({@link JoinKeyFilters}) would run that side again as a Spark
 * subquery, a job of two stages, and its own runtime filter as another: TPC-H Q11's suppliers of
 * GERMANY's nation key. The rule goes down the plan, so a filter it gives one table counts when
 * that table is the small side of a join below: Q11's nation gives the suppliers GERMANY's key,
 * and the suppliers then give {@code partsupp} their 400 keys.
 *
 * <p>It applies where the join's condition has an equality of an integer column of each side, the
 * small side is an ispd table through projections and filters (at least one), its table's rows
 * are at most {@value #MOST_ROWS_DEFAULT} ({@value #MOST_ROWS}) by its statistics and a quarter
 * of those of the table the other side's key is read from (through projections that keep it,
 * filters, inner joins, a semi, anti or left outer join's left side), every filter of the small
 * side is pushed into its scan, its keys take at most half a plan ({@link PlanCodec#MAX_BYTES})
 * and are at most {@value #MOST_KEPT} of its table's rows (else they would drop too little of the
 * other side); else the join is left as it is. Off with {@value #ENABLED}{@code =false}.
 */
final class SmallSideKeyFilters extends Rule<LogicalPlan> {
    static final String ENABLED = "spark.ispd.smallSideKeyFilters";
    static final String MOST_ROWS = "spark.ispd.smallSideKeyFilters.maxSmallRows";
    static final long MOST_ROWS_DEFAULT = 1_000_000;
    /** The most of its table's rows a small side's keys may be to filter the other side. */
    static final double MOST_KEPT = 0.5;
    private static final Logger LOG = LoggerFactory.getLogger(SmallSideKeyFilters.class);

    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        if (!JoinSides.on(ENABLED)) {
            return plan;
        }
        long mostRows = JoinSides.mostRows(MOST_ROWS, MOST_ROWS_DEFAULT);
        return plan.transformDown(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof Join j && j.condition().isDefined()
                        && (j.joinType() == Inner$.MODULE$ || j.joinType() == LeftSemi$.MODULE$);
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                return p instanceof Join j ? filtered(j, mostRows).orElse(p) : p;
            }
        });
    }

    /** {@code j} with one side filtered by the other's keys, if a small side qualifies (above). */
    private Optional<LogicalPlan> filtered(Join j, long mostRows) {
        List<Expression> conjuncts = new ArrayList<>();
        JoinSides.conjuncts(j.condition().get(), conjuncts);
        for (Expression c : conjuncts) {
            if (!JoinSides.keyEquality(c, j.left(), j.right())) {
                continue;
            }
            EqualTo keys = (EqualTo) c;
            Optional<LogicalPlan> left = filtered(j.left(), JoinSides.side(keys, j.left()), j.right(),
                    JoinSides.side(keys, j.right()), mostRows);
            if (left.isPresent()) {
                return Optional.of(j.withNewChildren(CollectionConverters.asScala(List.of(left.get(), j.right())).toSeq()));
            }
            if (j.joinType() == Inner$.MODULE$) {
                Optional<LogicalPlan> right = filtered(j.right(), JoinSides.side(keys, j.right()), j.left(),
                        JoinSides.side(keys, j.left()), mostRows);
                if (right.isPresent()) {
                    return Optional.of(j.withNewChildren(CollectionConverters.asScala(List.of(j.left(), right.get())).toSeq()));
                }
            }
        }
        return Optional.empty();
    }

    /** {@code large} with its table filtered by the keys of {@code small} by {@code smallKey}, if they qualify. */
    private Optional<LogicalPlan> filtered(LogicalPlan large, Attribute largeKey, LogicalPlan small, Attribute smallKey,
                                           long mostRows) {
        Optional<DataSourceV2Relation> smallTable = JoinSides.ispdRelation(small);
        Optional<DataSourceV2Relation> largeTable = tableOf(largeKey, large);
        if (smallTable.isEmpty() || largeTable.isEmpty() || !hasFilter(small)) {
            return Optional.empty();
        }
        long smallRows = JoinSides.rows(smallTable.get());
        if (smallRows > mostRows || smallRows > JoinSides.rows(largeTable.get()) / 4) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        Optional<SmallSideKeys> ran = SmallSideKeys.keysInDrives(small, smallKey, PlanCodec.MAX_BYTES / 2);
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (ran.isEmpty() || ran.get().keys().size() > smallRows * MOST_KEPT) {
            LOG.info("{} not filtered by the keys of {}: {}", largeTable.get().name(), small.simpleString(60),
                    ran.isEmpty() ? "that side's filters are not all pushed, or its keys take more than "
                            + PlanCodec.MAX_BYTES / 2 + " bytes" : ran.get().keys().size() + " keys of " + smallRows + " rows");
            return Optional.empty();
        }
        KeySet keys = ran.get().keys();
        Expression lookup = JoinSides.lookup(largeKey, keys, KeySet.EMPTY, "the keys of " + smallTable.get().name()
                + " by " + smallKey.name(), ran.get().inDrives());
        LOG.info("{} filtered by the {} keys of {} by {}, run from the driver in {} ms", largeTable.get().name(),
                keys.size(), smallTable.get().name(), smallKey.name(), ms);
        return Optional.of(withFilter(large, largeTable.get(), lookup));
    }

    private static boolean hasFilter(LogicalPlan side) {
        return side.find(p -> p instanceof Filter).isDefined();
    }

    /**
     * The ispd table whose column {@code key} is, read through projections that keep it, filters,
     * inner joins and the left side of a semi, anti or left outer join (whose rows each stay or go
     * on their own): a row of it whose key is not among the small side's keys joins nothing.
     */
    private static Optional<DataSourceV2Relation> tableOf(Attribute key, LogicalPlan p) {
        if (p instanceof DataSourceV2Relation) {
            return JoinSides.ispdRelation(p).filter(r -> r.outputSet().contains(key));
        }
        if (p instanceof Project project) {
            boolean kept = CollectionConverters.asJava(project.projectList()).stream()
                    .anyMatch(e -> e instanceof Attribute a && a.exprId().equals(key.exprId()));
            return kept ? tableOf(key, project.child()) : Optional.empty();
        }
        if (p instanceof Filter f) {
            return tableOf(key, f.child());
        }
        if (p instanceof Join j && j.joinType() == Inner$.MODULE$) {
            return tableOf(key, j.left().outputSet().contains(key) ? j.left() : j.right());
        }
        if (p instanceof Join j && keepsLeftRows(j.joinType()) && j.left().outputSet().contains(key)) {
            return tableOf(key, j.left());
        }
        return Optional.empty();
    }

    private static boolean keepsLeftRows(JoinType t) {
        return t == LeftSemi$.MODULE$ || t == LeftAnti$.MODULE$ || t == LeftOuter$.MODULE$;
    }

    /** {@code p} with {@code condition} on {@code table} where Spark's scan pushdown takes it, the keys first. */
    private static LogicalPlan withFilter(LogicalPlan p, DataSourceV2Relation table, Expression condition) {
        if (JoinSides.ispdRelation(p).filter(r -> r == table).isPresent()) { // the table, or projections and filters over it
            return JoinSides.filtered(p, condition, true);
        }
        List<LogicalPlan> children = new ArrayList<>();
        for (LogicalPlan child : CollectionConverters.asJava(p.children())) {
            children.add(child.find(n -> n == table).isDefined() ? withFilter(child, table, condition) : child);
        }
        return p.withNewChildren(CollectionConverters.asScala(children).toSeq());
    }
}
