package dev.ispd.spark.extension;

import dev.ispd.spark.read.IspdScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.spark.sql.catalyst.expressions.DynamicPruningExpression;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.ColumnarRule;
import org.apache.spark.sql.execution.InSubqueryExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SubqueryBroadcastExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.exchange.BroadcastExchangeExec;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Lets a scan's runtime filter take its keys from the join's broadcast when that broadcast's own
 * scan has a runtime filter ({@link JoinKeyFilters}: TPC-H Q11's part suppliers, by the keys of
 * the suppliers broadcast for their join, themselves filtered by GERMANY's nation key from the
 * nation's broadcast). Spark plans such keys as a broadcast of the key side planned afresh, and
 * reuses the join's broadcast only where the two are the same plan; planned afresh, the key
 * side's own filter finds no broadcast to take its keys from and passes every row, so the two
 * differ and the fresh one would broadcast every supplier. This rule, run on the prepared plan
 * before Spark's reuse of exchanges, gives the fresh broadcast's scan the runtime filter of the
 * join's: the two are then the same plan, which Spark's reuse of exchanges runs once, and the
 * keys are those of the rows the join builds on.
 */
final class KeysFromJoinBroadcast extends ColumnarRule {
    @Override
    public Rule<SparkPlan> preColumnarTransitions() {
        return new Rule<>() {
            @Override
            public SparkPlan apply(SparkPlan plan) {
                List<BroadcastExchangeExec> broadcasts = new ArrayList<>();
                collect(plan, broadcasts);
                return broadcasts.isEmpty() ? plan : rewrite(plan, broadcasts);
            }
        };
    }

    /** The broadcasts of the plan's own tree (a keys' subquery's are not among them). */
    private static void collect(SparkPlan p, List<BroadcastExchangeExec> into) {
        if (p instanceof BroadcastExchangeExec b) {
            into.add(b);
        }
        CollectionConverters.asJava(p.children()).forEach(c -> collect(c, into));
    }

    /** {@code p} with each ispd scan's runtime filters given the join's broadcast where {@link #withJoinBroadcast} finds one. */
    private static SparkPlan rewrite(SparkPlan p, List<BroadcastExchangeExec> broadcasts) {
        List<SparkPlan> children = CollectionConverters.asJava(p.children());
        List<SparkPlan> rewritten = children.stream().map(c -> rewrite(c, broadcasts)).toList();
        boolean same = IntStream.range(0, children.size()).allMatch(i -> rewritten.get(i) == children.get(i));
        SparkPlan node = same ? p : p.withNewChildren(CollectionConverters.asScala(rewritten).toSeq());
        if (!(node instanceof BatchScanExec scan) || scan.runtimeFilters().isEmpty()) {
            return node;
        }
        return scan.mapExpressions(new AbstractFunction1<>() {
            @Override
            public Expression apply(Expression e) {
                return withJoinBroadcast(e, broadcasts);
            }
        });
    }

    /**
     * {@code e}, a runtime filter whose keys come from a fresh broadcast of a side the plan
     * broadcasts filtered, with the fresh broadcast's scan given the join's scan's filter: the
     * two then are the same plan, which Spark broadcasts once.
     */
    private static Expression withJoinBroadcast(Expression e, List<BroadcastExchangeExec> broadcasts) {
        if (e instanceof DynamicPruningExpression d && d.child() instanceof InSubqueryExec in
                && in.plan() instanceof SubqueryBroadcastExec keys && keys.child() instanceof BroadcastExchangeExec fresh) {
            Optional<BatchScanExec> filtered = broadcasts.stream().filter(b -> b != fresh && sameButFiltered(fresh, b))
                    .findFirst().flatMap(KeysFromJoinBroadcast::leafScan);
            if (filtered.isPresent()) {
                SparkPlan reused = keys.withNewChildren(CollectionConverters.asScala(List.of(
                        withLeaf(fresh, filtered.get()))).toSeq());
                return d.withNewChildren(CollectionConverters.asScala(List.<Expression>of(
                        in.withNewPlan((SubqueryBroadcastExec) reused))).toSeq());
            }
        }
        return e;
    }

    /** {@code p}, a chain of nodes of one child each, with {@code leaf} as its leaf. */
    private static SparkPlan withLeaf(SparkPlan p, SparkPlan leaf) {
        return p.children().isEmpty() ? leaf
                : p.withNewChildren(CollectionConverters.asScala(List.of(withLeaf(p.children().head(), leaf))).toSeq());
    }

    /**
     * Whether {@code join} broadcasts what {@code fresh} does (the same mode, columns and ispd
     * scan object: the key side's plan, as the join's broadcast was planned from it) but with the
     * runtime filter that {@code fresh}, planned apart, lost (left with none that filters).
     */
    private static boolean sameButFiltered(BroadcastExchangeExec fresh, BroadcastExchangeExec join) {
        Optional<BatchScanExec> freshScan = leafScan(fresh);
        Optional<BatchScanExec> joinScan = leafScan(join);
        return freshScan.isPresent() && joinScan.isPresent() && freshScan.get().scan() == joinScan.get().scan()
                && fresh.mode().canonicalized().equals(join.mode().canonicalized()) && fresh.output().equals(join.output())
                && !filters(freshScan.get()) && filters(joinScan.get());
    }

    /** The ispd scan a plan reads through nodes of one child each (projections, filters, codegen and transitions). */
    private static Optional<BatchScanExec> leafScan(SparkPlan p) {
        while (p.children().size() == 1) {
            p = p.children().head();
        }
        return p instanceof BatchScanExec scan && scan.scan() instanceof IspdScan ? Optional.of(scan) : Optional.empty();
    }

    /** Whether a scan has a runtime filter that filters: one Spark did not plan as always true. */
    private static boolean filters(BatchScanExec scan) {
        DynamicPruningExpression none = new DynamicPruningExpression(Literal.TrueLiteral());
        return scan.runtimeFilters().exists(f -> !f.equals(none));
    }
}
