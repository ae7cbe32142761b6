package dev.ispd.spark.extension;

import dev.ispd.plan.KeyBloom;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.pushdown.Selectivity;
import dev.ispd.spark.read.IspdScan;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.DynamicPruning;
import org.apache.spark.sql.catalyst.expressions.DynamicPruningSubquery;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.Inner$;
import org.apache.spark.sql.catalyst.plans.JoinType;
import org.apache.spark.sql.catalyst.plans.LeftAnti$;
import org.apache.spark.sql.catalyst.plans.LeftOuter$;
import org.apache.spark.sql.catalyst.plans.LeftSemi$;
import org.apache.spark.sql.catalyst.plans.RightOuter$;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.adaptive.LogicalQueryStage;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.internal.SQLConf;
import scala.Option;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Gives an equi-join's ispd scan a runtime filter of the other side's keys (docs/spark.md,
 * "Runtime filters from joins"), where Spark's own {@code PartitionPruning} gives none: it wants
 * a {@code Filter} node on the other side, and a scan whose predicates are all pushed leaves
 * none; and over a SortMergeJoin it keeps one only where it can reuse a broadcast. This strategy
 * sees the optimized plan as Spark plans it: for an inner, semi, anti or outer join (on the side
 * whose rows need a match, or a semi or anti join's right side) whose one side reads, through projections, filters, inner joins,
 * an anti or left outer join's left side and aggregates grouped by the key, an ispd scan by a key column the scan can filter
 * ({@link IspdScan#filterAttributes}), and whose
 * other side is one selective scan (a {@code Filter}, or pushed predicates), or gets the key from
 * one through inner joins ({@link #keySource}), whose keys are worth running it again by the
 * scans' statistics ({@link KeySide#worthIt}), or worth taking from the join's broadcast of it
 * ({@link KeySide#worthItFromBroadcast}), it puts a
 * {@link DynamicPruningSubquery} on that scan when Spark plans it. Spark then runs it as it
 * runs its own: reusing the join's broadcast, else as a subquery of the other side's distinct
 * keys, and hands the scan an {@code IN} of them ({@link IspdScan#filter}). Where both sides
 * qualify, the scan of more records is filtered. The subquery is named by the key column's id,
 * so that adaptive execution, which plans a query's subqueries once and its joins again as
 * stages end, finds it when the join is planned again. Off with {@value #ENABLED}{@code =false};
 * Spark's {@code spark.sql.optimizer.dynamicPartitionPruning.enabled=false} turns it off too.
 */
final class JoinKeyFilters extends SparkStrategy {
    /**
     * The session key that turns the strategy off ({@code false}; default {@value #ENABLED_BY_DEFAULT}:
     * the benefit rule, {@link KeySide#worthIt}, leaves alone the joins whose second run of the
     * key side costs more than it saves, such as TPC-H Q14's, docs/benchmarks.md).
     */
    static final String ENABLED = "spark.ispd.joinKeyFilters";
    static final String ENABLED_BY_DEFAULT = "true";
    /** The most of its records a key side may keep to be selective: its keys must cut the probe side. */
    static final double MOST_KEPT = 0.5;

    /** What one session's planning found, for later nodes: Spark makes a new strategy each time it plans a node. */
    private static final Map<SparkSession, Found> FOUND = Collections.synchronizedMap(new WeakHashMap<>());

    private final Found found;

    JoinKeyFilters(SparkSession session) {
        this.found = FOUND.computeIfAbsent(session, s -> new Found());
    }

    /** One session's filters: the keys given one, and the filters of scans not yet planned. */
    private static final class Found {
        /**
         * Ids of the key columns given a filter when their query was first planned (the latest,
         * bounded), each with whether its keys come from the join's broadcast only.
         */
        final Map<ExprId, Boolean> filteredKeys = Collections.synchronizedMap(new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ExprId, Boolean> eldest) {
                return size() > 10_000;
            }
        });
        /** The filters found for scans not yet planned, by scan: a join is planned before its sides. */
        final Map<Scan, Pending> pending = Collections.synchronizedMap(new WeakHashMap<>());
    }

    /**
     * A scan's runtime filter found by a join above it, not yet planned: the keys, and the share
     * of the scan's rows they are expected to pass ({@link KeySide#passed}), which a join below,
     * taking this scan's keys, counts on.
     */
    private record Pending(DynamicPruningSubquery keys, double passed) { }

    @Override
    public Seq<SparkPlan> apply(LogicalPlan plan) {
        if (plan instanceof Join j && enabled(SQLConf.get())) {
            filter(j);
        }
        Optional<DataSourceV2ScanRelation> scan = scanUnder(plan);
        Pending keys = scan.map(r -> found.pending.remove(r.scan())).orElse(null);
        if (keys != null) {
            return CollectionConverters.asScala(List.of(planLater(withFilterOn(plan, scan.get(), keys.keys())))).toList();
        }
        return CollectionConverters.asScala(List.<SparkPlan>of()).toList();
    }

    private static boolean enabled(SQLConf conf) {
        return conf.dynamicPartitionPruningEnabled()
                && Boolean.parseBoolean(conf.getConfString(ENABLED, ENABLED_BY_DEFAULT).trim());
    }

    /**
     * The scan {@code p} reads through projections and filters (none a runtime filter): what
     * Spark plans as one scan node with its project and filter.
     */
    private static Optional<DataSourceV2ScanRelation> scanUnder(LogicalPlan p) {
        while (p instanceof Project || p instanceof Filter f && !hasRuntimeFilter(f)) {
            p = p.children().head();
        }
        return p instanceof DataSourceV2ScanRelation r && r.scan() instanceof IspdScan ? Optional.of(r) : Optional.empty();
    }

    /**
     * Finds the runtime filter of one side's scan, if one qualifies, for when that scan is planned.
     * A scan gets one: where a join above already gave it one by another key, the filter whose
     * keys pass the smaller share of its rows stays ({@link KeySide#passed}: TPC-H Q2's per-part
     * aggregate of {@code partsupp}, the few parts' keys, not the region's suppliers'; Q5's line
     * items, the region's suppliers' 2,000 keys, not a year of orders' 216,000 as a Bloom filter
     * that passes 63% of them). The join itself is planned as Spark plans
     * it, so that adaptive execution finds its sides in the query's plan. Adaptive execution plans a query's subqueries once and its joins again
     * as stages end (a side that ran is then a {@link LogicalQueryStage}): a join planned again
     * gets the filter it was first given, or none.
     */
    private void filter(Join j) {
        boolean again = j.find(p -> p instanceof LogicalQueryStage).isDefined();
        List<Expression> leftKeys = new ArrayList<>();
        List<Expression> rightKeys = new ArrayList<>();
        if (j.condition().isEmpty()) {
            return;
        }
        equiKeys(j.condition().get(), j, leftKeys, rightKeys);
        Optional<LogicalPlan> broadcast = broadcastSide(j, SQLConf.get());
        Candidate best = null;
        for (int i = 0; i < leftKeys.size(); i++) {
            if (prunesLeft(j.joinType())) {
                Optional<ScanKey> left = ScanKey.of(leftKeys.get(i), j.left());
                forgetIfFirst(left, again);
                best = better(best, left, j.right(), broadcast, rightKeys, i, again);
            }
            if (prunesRight(j.joinType())) {
                Optional<ScanKey> right = ScanKey.of(rightKeys.get(i), j.right());
                forgetIfFirst(right, again);
                best = better(best, right, j.left(), broadcast, leftKeys, i, again);
            }
        }
        if (best == null) {
            return;
        }
        Scan probe = best.scan.relation.scan();
        double passed = again ? 1 : KeySide.of(best.build, found.pending, probe).map(KeySide::passed).orElse(1.0);
        Pending earlier = found.pending.get(best.scan.relation.scan());
        if (!again && earlier != null && !earlier.keys().exprId().equals(best.scan.key.exprId())) {
            if (earlier.passed() <= passed) {
                return;
            }
            found.filteredKeys.remove(earlier.keys().exprId());
        }
        found.filteredKeys.put(best.scan.key.exprId(), best.fromBroadcast);
        DynamicPruningSubquery keys = new DynamicPruningSubquery(best.scan.key, withPendingFilter(best.build, probe),
                CollectionConverters.asScala(best.buildKeys).toList(),
                CollectionConverters.asScala(List.<Object>of(best.index)).toList(), best.fromBroadcast,
                best.scan.key.exprId(), Option.empty());
        found.pending.put(best.scan.relation.scan(), new Pending(keys, passed));
    }

    /**
     * {@code build}, with the runtime filter a join above has found for its scan and not yet
     * planned (TPC-H Q11: the suppliers of GERMANY's nation key), so that the second run of it
     * for its keys gives only the keys that filter gives; not one whose keys come from
     * {@code probe}'s rows ({@link #reads}). That filter's keys are found by the
     * subquery's own plan, which holds no broadcast to take them from (one taken only from a
     * broadcast would be dropped there, and the key side give every key: TPC-H Q11's suppliers).
     */
    private LogicalPlan withPendingFilter(LogicalPlan build, Scan probe) {
        Optional<DataSourceV2ScanRelation> scan = scanUnder(build);
        Pending pending = scan.map(r -> found.pending.get(r.scan())).orElse(null);
        if (pending == null || reads(pending.keys().buildQuery(), probe)) {
            return build;
        }
        DynamicPruningSubquery k = pending.keys();
        return withFilterOn(build, scan.get(), !k.onlyInBroadcast() ? k
                : new DynamicPruningSubquery(k.pruningKey(), k.buildQuery(), k.buildKeys(), k.broadcastKeyIndices(), false,
                        k.exprId(), k.hint()));
    }

    /**
     * Whether {@code plan} reads {@code probe}: a runtime filter whose keys come from the rows of
     * the scan a key side would filter counts for nothing there. A semi join's two sides would
     * otherwise each count the filter the other gives them (TPC-H Q18: the orders, and the
     * per-order sums of their line items over 300), and the probe's filter would be the whole of
     * the key side's keys, run again.
     */
    private static boolean reads(LogicalPlan plan, Scan probe) {
        return plan.find(n -> n instanceof DataSourceV2ScanRelation r && r.scan() == probe).isDefined();
    }

    /**
     * A query's first planning decides afresh: a view's columns keep their ids from query to
     * query, and a join planned again must get a filter only where this query's first planning
     * gave one (adaptive execution has planned only those subqueries), not an earlier query's.
     */
    private void forgetIfFirst(Optional<ScanKey> key, boolean again) {
        if (!again) {
            key.ifPresent(k -> found.filteredKeys.remove(k.key.exprId()));
        }
    }

    private boolean qualifies(ScanKey key, LogicalPlan build, boolean fromBroadcast, boolean again) {
        return again ? found.filteredKeys.containsKey(key.key.exprId())
                : KeySide.of(build, found.pending, key.relation.scan())
                        .filter(k -> fromBroadcast ? k.worthItFromBroadcast(key) : k.worthIt(key)).isPresent();
    }

    /**
     * A scan to filter, by {@code buildKeys.get(index)} of {@code build}, whose keys come from the
     * join's broadcast of {@code build} alone ({@code fromBroadcast}) or else from a second run of it.
     */
    private record Candidate(ScanKey scan, LogicalPlan build, List<Expression> buildKeys, int index,
                             boolean fromBroadcast) { }

    /**
     * The candidate of {@code scan}, if it filters more records than {@code best}: keyed by
     * {@code buildKeys.get(index)} of {@code build}, or of the part of {@code build} that key comes
     * from through inner joins ({@link #keySource}: TPC-H Q5's orders under customer's join). Where
     * {@code build} is the side the join broadcasts ({@code broadcast}, {@link #broadcastSide}),
     * its keys come from that broadcast, not from a second run ({@link KeySide#worthItFromBroadcast}),
     * unless its scan has a runtime filter of its own: the subquery's plan, which holds that
     * filter's keys found afresh, is then not the broadcast's, so Spark could not take the keys
     * from it (TPC-H Q11's suppliers of GERMANY's nation key).
     */
    private Candidate better(Candidate best, Optional<ScanKey> scan, LogicalPlan build, Optional<LogicalPlan> broadcast,
                             List<Expression> buildKeys, int index, boolean again) {
        if (scan.isEmpty() || best != null && best.scan.records() >= scan.get().records()) {
            return best;
        }
        Expression key = buildKeys.get(index);
        LogicalPlan source = keySource(key, build, again);
        boolean fromBroadcast = again ? Boolean.TRUE.equals(found.filteredKeys.get(scan.get().key.exprId()))
                : source == build && broadcast.orElse(null) == build && !hasRuntimeFilter(build);
        if (!qualifies(scan.get(), source, fromBroadcast, again)) {
            return best;
        }
        return source == build ? new Candidate(scan.get(), build, buildKeys, index, fromBroadcast)
                : new Candidate(scan.get(), source, List.of(key), 0, false);
    }

    /**
     * The side of {@code j} that Spark's {@code JoinSelection} broadcasts by its size (a side
     * Spark can build for the join's type, estimated at most {@code autoBroadcastJoinThreshold};
     * of two, the smaller), if any; none for a join with hints, which choose for themselves.
     * Where the guess is wrong, the filter given on it ({@code onlyInBroadcast}) is dropped by
     * Spark rather than run as a second run of that side.
     */
    private static Optional<LogicalPlan> broadcastSide(Join j, SQLConf conf) {
        if (j.hint().leftHint().isDefined() || j.hint().rightHint().isDefined()) {
            return Optional.empty();
        }
        JoinType t = j.joinType();
        boolean left = (t == Inner$.MODULE$ || t == RightOuter$.MODULE$) && broadcastable(j.left(), conf);
        boolean right = (t == Inner$.MODULE$ || t == LeftOuter$.MODULE$ || t == LeftSemi$.MODULE$ || t == LeftAnti$.MODULE$)
                && broadcastable(j.right(), conf);
        if (left && right) {
            return Optional.of(size(j.right()).compareTo(size(j.left())) <= 0 ? j.right() : j.left());
        }
        return left ? Optional.of(j.left()) : right ? Optional.of(j.right()) : Optional.empty();
    }

    private static boolean broadcastable(LogicalPlan side, SQLConf conf) {
        BigInteger size = size(side);
        return size.signum() >= 0 && size.compareTo(BigInteger.valueOf(conf.autoBroadcastJoinThreshold())) <= 0;
    }

    private static BigInteger size(LogicalPlan side) {
        return side.stats().sizeInBytes().bigInteger();
    }

    /**
     * The part of {@code side} whose rows give join key {@code key}: below the inner joins (and
     * the projections and filters above them) {@code side} reads it through, the child that
     * outputs it. Its keys hold every key of {@code side} (an inner join only drops rows), so they
     * filter as well, and the subquery of them runs that part alone once more, not the joins.
     * Each inner join passed is decided first ({@link #filter}, as its own planning later decides
     * it again alike), so that a runtime filter it gives that part counts (TPC-H Q3: the orders,
     * filtered by the BUILDING customers' keys, are selective enough to filter the line items).
     */
    private LogicalPlan keySource(Expression key, LogicalPlan side, boolean again) {
        if (!(key instanceof Attribute a)) {
            return side;
        }
        LogicalPlan p = side;
        while (p instanceof Project || p instanceof Filter f && !hasRuntimeFilter(f)) {
            p = p.children().head();
        }
        if (p instanceof Join j && j.joinType() == Inner$.MODULE$) {
            LogicalPlan child = j.left().outputSet().contains(a) ? j.left() : j.right();
            if (!child.outputSet().contains(a)) {
                return side;
            }
            if (!again) {
                filter(j);
            }
            return keySource(a, child, again);
        }
        return side;
    }

    /** The pairs {@code l = r} of the join's condition, one side's columns each. */
    private static void equiKeys(Expression condition, Join j, List<Expression> left, List<Expression> right) {
        if (condition instanceof And and) {
            equiKeys(and.left(), j, left, right);
            equiKeys(and.right(), j, left, right);
        } else if (condition instanceof EqualTo eq) {
            if (eq.left().references().subsetOf(j.left().outputSet())
                    && eq.right().references().subsetOf(j.right().outputSet())) {
                left.add(eq.left());
                right.add(eq.right());
            } else if (eq.right().references().subsetOf(j.left().outputSet())
                    && eq.left().references().subsetOf(j.right().outputSet())) {
                left.add(eq.right());
                right.add(eq.left());
            }
        }
    }

    /** Join types whose left rows all need a right match (so the right side's keys may filter the left). */
    private static boolean prunesLeft(JoinType t) {
        return t == Inner$.MODULE$ || t == LeftSemi$.MODULE$ || t == RightOuter$.MODULE$;
    }

    /**
     * Join types whose right rows count only where they match a left row (so the left side's keys
     * may filter the right): a semi or anti join's right side only says whether a left row has a
     * match, and a right row of another key matches none (TPC-H Q4's line items of the quarter's
     * orders).
     */
    private static boolean prunesRight(JoinType t) {
        return t == Inner$.MODULE$ || t == LeftOuter$.MODULE$ || t == LeftSemi$.MODULE$ || t == LeftAnti$.MODULE$;
    }

    /**
     * A side whose keys may filter the other's scan: one scan under projections and filters (a
     * {@code Filter}, or an ispd scan's pushed predicates), which the subquery of its keys runs
     * once more (a side that joins or aggregates would cost more to run again), with the records
     * it reads and the rows it is expected to keep: an ispd scan's statistics, or for another a
     * {@code Filter}'s guess of {@link Selectivity#OTHER} of its scan's rows; times the share a
     * runtime filter of the scan keeps, Spark's own (a {@code Filter} of a dynamic pruning
     * subquery) or the one a join above found for it and has not yet planned ({@code pending}):
     * the share of its own key side's records that side keeps, a foreign key's rule.
     */
    private record KeySide(double records, double rows) {
        static Optional<KeySide> of(LogicalPlan side, Map<Scan, Pending> pending, Scan probe) {
            boolean filtered = false;
            double runtimeKept = 1;
            LogicalPlan p = side;
            while (p instanceof Project || p instanceof Filter) {
                if (p instanceof Filter f) {
                    Option<Expression> keys = f.condition().find(e -> e instanceof DynamicPruningSubquery);
                    filtered |= !hasRuntimeFilter(f);
                    LogicalPlan keySide = keys.isEmpty() ? null : ((DynamicPruningSubquery) keys.get()).buildQuery();
                    runtimeKept *= keySide == null || reads(keySide, probe) ? 1
                            : KeySide.of(keySide, pending, probe).map(KeySide::passed).orElse(1.0);
                }
                p = p.children().head();
            }
            if (!p.children().isEmpty()) {
                return Optional.empty();
            }
            if (p instanceof DataSourceV2ScanRelation r && r.scan() instanceof IspdScan scan) {
                double kept = scan.estimateStatistics().numRows().orElse(scan.records());
                Pending keys = pending.get(scan);
                kept *= runtimeKept * (keys == null || reads(keys.keys().buildQuery(), probe) ? 1 : keys.passed());
                return Optional.of(new KeySide(scan.records(), filtered ? kept * Selectivity.OTHER : kept));
            }
            if (!filtered) {
                return Optional.empty();
            }
            scala.Option<scala.math.BigInt> counted = p.stats().rowCount();
            double records = counted.isDefined() ? counted.get().doubleValue()
                    : p.stats().sizeInBytes().doubleValue() / Math.max(1, p.schema().defaultSize());
            return Optional.of(new KeySide(records, records * Selectivity.OTHER * runtimeKept));
        }

        /**
         * The benefit rule (docs/spark.md, "Runtime filters from joins"): the keys filter
         * {@code probe}'s scan only where this side reads fewer records than it, keeps at most
         * {@link #MOST_KEPT} of them, and the probe rows its keys are expected to drop (as many
         * as the share of this side's records it drops, a foreign key's rule) outnumber what its
         * second run costs: the records it reads and the rows it keeps, which Spark decodes,
         * shuffles and collects as the keys (TPC-H Q3's orders, half of them kept, would drop
         * half of the line items: fewer than that).
         */
        boolean worthIt(ScanKey probe) {
            double kept = kept();
            return records < probe.records() && kept <= MOST_KEPT && probe.rows() * (1 - kept) >= records + rows;
        }

        /**
         * The benefit rule where the keys come from the join's broadcast of this side (Spark
         * reuses it, and starts the probe side's scan after it anyway): nothing is run again, so
         * a larger side's keys may filter a smaller scan (TPC-H Q12: the few line items' order
         * keys, the orders); it keeps at most {@link #MOST_KEPT} of its records, and the probe rows
         * its keys are expected to drop outnumber the keys collected from the broadcast.
         */
        boolean worthItFromBroadcast(ScanKey probe) {
            double kept = kept();
            return kept <= MOST_KEPT && probe.rows() * (1 - kept) >= rows;
        }

        /** The share of its records this side is expected to keep. */
        double kept() {
            return records == 0 ? 1 : rows / records;
        }

        /**
         * The share of the probe side's rows its keys are expected to pass in the drives
         * ({@link #passedByKeys}): what two filters of one scan are weighed by, and what a
         * filtered scan's rows are counted with. The benefit rule weighs {@link #kept}, the
         * share it was set by on TPC-H (Q3's orders, 10% of them kept, whose 155,000 keys pass
         * about half the line items, are worth their second run, 1.12x against Parquet at SF 1).
         */
        double passed() {
            return passedByKeys(records, rows);
        }
    }

    /**
     * The share of a probe side's rows the keys of a key side that reads {@code records} and
     * keeps {@code rows} are expected to pass in the drives: the share of its records it keeps
     * (a foreign key's rule), and where its keys are more than a plan's IN holds, the share of
     * the others their Bloom filter lets through ({@link KeyBloom#falsePositives}: TPC-H Q5's
     * year of orders at SF 1, 15% of them, pass 63% of the line items, where the suppliers of
     * one region pass 20%).
     */
    static double passedByKeys(double records, double rows) {
        double kept = records == 0 ? 1 : rows / records;
        return rows <= Predicate.MAX_IN_VALUES ? kept : kept + (1 - kept) * KeyBloom.falsePositives((long) rows);
    }

    /** Whether {@code side}'s scan has a runtime filter: Spark's own, or one a join above found for it, not yet planned. */
    private boolean hasRuntimeFilter(LogicalPlan side) {
        return side.find(p -> p instanceof Filter f && hasRuntimeFilter(f)).isDefined()
                || scanUnder(side).map(r -> found.pending.containsKey(r.scan())).orElse(false);
    }

    /**
     * Join types whose output holds each left row, unchanged, or not, by the right side's rows
     * alone, and whose right side's keys give the left no filter of their own: an anti or left
     * outer join. A semi join's left scan is filtered by its right side's keys ({@link #prunesLeft}),
     * which a filter from a join above would only compete with (TPC-H Q20's part suppliers, by
     * the parts named forest, not by the suppliers of CANADA run again).
     */
    private static boolean keepsLeftRowsAsTheyAre(JoinType t) {
        return t == LeftAnti$.MODULE$ || t == LeftOuter$.MODULE$;
    }

    private static boolean hasRuntimeFilter(Filter f) {
        return f.condition().find(e -> e instanceof DynamicPruning).isDefined();
    }

    /** {@code side} with {@code Filter(keys)} right above {@code relation}, which it reads through projections and filters. */
    private static LogicalPlan withFilterOn(LogicalPlan side, DataSourceV2ScanRelation relation,
                                            DynamicPruningSubquery keys) {
        if (side == relation) {
            return new Filter(keys, relation);
        }
        return side.withNewChildren(CollectionConverters.asScala(List.of(
                withFilterOn(side.children().head(), relation, keys))).toList());
    }

    /** An ispd scan a join key reads, and the key as the scan's column. */
    private record ScanKey(DataSourceV2ScanRelation relation, Attribute key) {
        /** The records the scan reads. */
        long records() {
            return ((IspdScan) relation.scan()).records();
        }

        /** The rows the scan is expected to return (its statistics). */
        long rows() {
            return ((IspdScan) relation.scan()).estimateStatistics().numRows().orElse(records());
        }

        /**
         * The scan that {@code key} reads a column of, through projections (that rename it),
         * filters (none of them a runtime filter already), inner joins and the left side of an
         * anti or left outer join (whose rows each stay or go on their own: TPC-H Q16's part
         * suppliers without complaints), if it is an ispd scan that can filter that column and
         * does not already look its keys up in a small side's ({@link SmallSideKeyFilters}).
         */
        static Optional<ScanKey> of(Expression key, LogicalPlan p) {
            if (!(key instanceof Attribute a)) {
                return Optional.empty();
            }
            if (p instanceof DataSourceV2ScanRelation r && r.scan() instanceof IspdScan scan) {
                boolean filterable = Arrays.stream(scan.filterAttributes()).map(NamedReference::fieldNames)
                        .anyMatch(n -> n.length == 1 && n[0].equalsIgnoreCase(a.name()));
                return filterable && r.outputSet().contains(a) && !scan.keysLookedUp(a.name())
                        ? Optional.of(new ScanKey(r, a)) : Optional.empty();
            }
            if (p instanceof Project project) {
                for (NamedExpression e : CollectionConverters.asJava(project.projectList())) {
                    if (e.exprId().equals(a.exprId())) {
                        return of(e instanceof Alias alias ? alias.child() : (Expression) e, project.child());
                    }
                }
                return Optional.empty();
            }
            if (p instanceof Filter f) {
                return hasRuntimeFilter(f) ? Optional.empty() : of(a, f.child());
            }
            if (p instanceof Join j && j.joinType() == Inner$.MODULE$) {
                return of(a, j.left().outputSet().contains(a) ? j.left() : j.right());
            }
            if (p instanceof Join j && keepsLeftRowsAsTheyAre(j.joinType()) && j.left().outputSet().contains(a)) {
                return of(a, j.left());
            }
            if (p instanceof Aggregate aggregate) {
                return groupingColumn(a, aggregate).flatMap(c -> of(c, aggregate.child()));
            }
            return Optional.empty();
        }

        /**
         * The column of {@code aggregate}'s input that its output {@code a} is, where it is a
         * grouping column: all the rows of a group share its key, so filtering the input by the
         * keys that can join drops only whole groups that would not join (TPC-H Q17's and Q2's
         * per-part aggregates, joined with the few selected parts).
         */
        private static Optional<Attribute> groupingColumn(Attribute a, Aggregate aggregate) {
            for (NamedExpression e : CollectionConverters.asJava(aggregate.aggregateExpressions())) {
                if (e.exprId().equals(a.exprId())) {
                    Expression column = e instanceof Alias alias ? alias.child() : (Expression) e;
                    boolean grouped = column instanceof Attribute && aggregate.groupingExpressions()
                            .exists(g -> g.semanticEquals(column));
                    return grouped ? Optional.of((Attribute) column) : Optional.empty();
                }
            }
            return Optional.empty();
        }
    }
}
