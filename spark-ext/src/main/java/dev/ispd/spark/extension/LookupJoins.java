package dev.ispd.spark.extension;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.KeySet;
import dev.ispd.plan.PlanCodec;
import dev.ispd.spark.pushdown.KeyLookupFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.Inner$;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Turns an aggregate over an inner join of a large ispd table with a small one, joined by a key
 * unique in the small one, into the large table's scan with lookups (docs/spark.md, "Lookup
 * joins"): TPC-H Q14 ({@code lineitem} with {@code part} by {@code p_partkey}, summing
 * {@code CASE WHEN p_type LIKE 'PROMO%' ...}) and Q19 become one aggregate pushed into the
 * drives, as Q6 is, instead of two scans, a broadcast and Spark's join. The small side runs once
 * as the query is planned ({@link SmallSideKeys}); the join becomes a filter of the large side's
 * key by the small side's keys, and each test of the small side's columns above the join
 * ({@link SmallSideTests}) a {@link KeyLookupFunction} of the large side's key, which the scan
 * pushes as the plan's key lookup.
 *
 * <p>It applies where the aggregate reaches the join through projections and filters only, each
 * side is an ispd table through projections and filters, the join's condition has an equality of
 * an integer column of each side (more conjuncts stay as a filter), the small side's rows are at
 * most {@value #MOST_ROWS_DEFAULT} ({@value #MOST_ROWS}) by its scan's statistics and a quarter
 * of the large side's, the aggregate and what lies between it and the join read the small side's
 * columns only in its tests, the small side's key does not repeat among its rows that pass its
 * filters, and the sets fit half a plan ({@link PlanCodec#MAX_BYTES}); else the join
 * stays. Off with {@value #ENABLED}{@code =false}.
 */
final class LookupJoins extends Rule<LogicalPlan> {
    static final String ENABLED = "spark.ispd.lookupJoins";
    static final String MOST_ROWS = "spark.ispd.lookupJoins.maxSmallRows";
    static final long MOST_ROWS_DEFAULT = 1_000_000;
    private static final Logger LOG = LoggerFactory.getLogger(LookupJoins.class);

    private final SparkSession session;

    LookupJoins(SparkSession session) {
        this.session = session;
    }

    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        if (!JoinSides.on(ENABLED)) {
            return plan;
        }
        long mostRows = JoinSides.mostRows(MOST_ROWS, MOST_ROWS_DEFAULT);
        return plan.transformUp(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof Aggregate;
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                return p instanceof Aggregate a ? rewrite(a, mostRows).orElse(p) : p;
            }
        });
    }

    private Optional<LogicalPlan> rewrite(Aggregate aggregate, long mostRows) {
        List<LogicalPlan> between = new ArrayList<>();
        LogicalPlan p = aggregate.child();
        while (p instanceof Project || p instanceof Filter) {
            between.add(p);
            p = p.children().head();
        }
        if (!(p instanceof Join join) || !join.joinType().equals(Inner$.MODULE$) || join.condition().isEmpty()) {
            return Optional.empty();
        }
        Optional<DataSourceV2Relation> left = JoinSides.ispdRelation(join.left());
        Optional<DataSourceV2Relation> right = JoinSides.ispdRelation(join.right());
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        long leftRows = JoinSides.rows(left.get());
        long rightRows = JoinSides.rows(right.get());
        boolean rightSmall = rightRows <= leftRows;
        LogicalPlan small = rightSmall ? join.right() : join.left();
        LogicalPlan large = rightSmall ? join.left() : join.right();
        long smallRows = Math.min(leftRows, rightRows);
        if (smallRows > mostRows || smallRows * 4 > Math.max(leftRows, rightRows)) {
            return Optional.empty();
        }
        List<Expression> conjuncts = new ArrayList<>();
        JoinSides.conjuncts(join.condition().get(), conjuncts);
        Optional<EqualTo> keys = conjuncts.stream().filter(c -> JoinSides.keyEquality(c, large, small))
                .map(EqualTo.class::cast).findFirst();
        if (keys.isEmpty()) {
            return Optional.empty();
        }
        conjuncts.remove(keys.get());
        Attribute smallKey = JoinSides.side(keys.get(), small);
        Attribute largeKey = JoinSides.side(keys.get(), large);

        SmallSideTests tests = new SmallSideTests(small.outputSet());
        Literal placeholder = Literal.TrueLiteral();
        if (readsSmallSide(aggregate, between, conjuncts, tests, n -> placeholder)) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        Optional<SmallSideKeys> ran = SmallSideKeys.run(session, small, smallKey, tests.tests(),
                PlanCodec.MAX_BYTES / 2);
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (ran.isEmpty()) {
            LOG.info("join of {} with {} kept: its key {} repeats, or its sets take more than {} bytes",
                    small.simpleString(60), large.simpleString(60), smallKey, PlanCodec.MAX_BYTES / 2);
            return Optional.empty();
        }
        String table = (rightSmall ? right : left).get().name();
        List<Expression> lookups = new ArrayList<>();
        for (int i = 0; i < tests.tests().size(); i++) {
            lookups.add(JoinSides.lookup(largeKey, ran.get().isTrue().get(i), ran.get().isNull().get(i),
                    tests.tests().get(i).sql() + " of " + table + " by " + smallKey.name(), Map.of()));
        }
        Map<SplitMetric, Long> inDrives = ran.get().inDrives() == null ? Map.of() : ran.get().inDrives();
        Expression joined = JoinSides.lookup(largeKey, ran.get().keys(), KeySet.EMPTY, "the keys of " + table + " by "
                + smallKey.name(), inDrives);
        for (Expression c : conjuncts) {
            joined = new And(joined, tests.replace(c, lookups::get));
        }
        // keys that drop most rows go before the side's own filter (a plan's AND stops at the first operand a row fails)
        LogicalPlan plan = JoinSides.filtered(large, joined, ran.get().keys().size() * 2 < smallRows);
        for (int i = between.size() - 1; i >= 0; i--) {
            plan = rebuilt(between.get(i), plan, tests, lookups, largeKey);
        }
        Aggregate out = aggregate.copy(replaced(aggregate.groupingExpressions(), tests, lookups),
                replaced(aggregate.aggregateExpressions(), tests, lookups), plan, aggregate.hint());
        LOG.info("join of {} with {} by {} = {} made lookups: {} keys, {} tests, the small side run {} in {} ms",
                table, large.simpleString(60), smallKey, largeKey, ran.get().keys().size(), lookups.size(),
                ran.get().inDrives() == null ? "as a Spark query" : "from the driver", ms);
        return Optional.of(out);
    }

    /** Whether the aggregate, the nodes between it and the join or the join's other conjuncts read the small side other than in its tests. */
    private static boolean readsSmallSide(Aggregate aggregate, List<LogicalPlan> between, List<Expression> conjuncts,
                                          SmallSideTests tests, java.util.function.Function<Integer, Expression> stand) {
        List<Expression> all = new ArrayList<>(conjuncts);
        all.addAll(CollectionConverters.asJava(aggregate.groupingExpressions()));
        CollectionConverters.asJava(aggregate.aggregateExpressions()).forEach(e -> all.add((Expression) e));
        for (LogicalPlan node : between) {
            if (node instanceof Filter f) {
                all.add(f.condition());
            } else {
                for (NamedExpression e : CollectionConverters.asJava(((Project) node).projectList())) {
                    if (!(e instanceof AttributeReference)) {
                        all.add((Expression) e);
                    }
                }
            }
        }
        return all.stream().anyMatch(e -> tests.readsSmallSide(tests.replace(e, stand)));
    }

    /** {@code node} over {@code child}, its tests of the small side looked up, a projection without the small side's columns and with the large side's key. */
    private static LogicalPlan rebuilt(LogicalPlan node, LogicalPlan child, SmallSideTests tests,
                                       List<Expression> lookups, Attribute largeKey) {
        if (node instanceof Filter f) {
            return new Filter(tests.replace(f.condition(), lookups::get), child);
        }
        List<NamedExpression> columns = new ArrayList<>();
        boolean hasKey = false;
        for (NamedExpression e : CollectionConverters.asJava(((Project) node).projectList())) {
            if (e instanceof AttributeReference a && tests.readsSmallSide(a)) {
                continue;
            }
            hasKey |= e instanceof AttributeReference a && a.semanticEquals(largeKey);
            columns.add((NamedExpression) tests.replace((Expression) e, lookups::get));
        }
        if (!hasKey) {
            columns.add(largeKey);
        }
        return new Project(CollectionConverters.asScala(columns).toSeq(), child);
    }

    /** {@code es} (expressions, or named ones: Scala's NamedExpression is an Expression Java cannot see as one) with their tests looked up. */
    @SuppressWarnings("unchecked")
    private static <T> scala.collection.immutable.Seq<T> replaced(scala.collection.immutable.Seq<T> es,
                                                                  SmallSideTests tests, List<Expression> lookups) {
        List<T> out = new ArrayList<>();
        for (T e : CollectionConverters.asJava(es)) {
            out.add((T) tests.replace((Expression) e, lookups::get));
        }
        return CollectionConverters.asScala(out).toSeq();
    }
}
