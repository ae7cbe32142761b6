package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.extension.IspdSessionExtensions;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.AggregateConverter;
import dev.ispd.spark.pushdown.KeyLookupFunction;
import dev.ispd.spark.pushdown.PredicateConverter;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.SumOverflow;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import dev.ispd.spark.pushdown.SortConverter;
import dev.ispd.spark.read.partition.AggregateGathering;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownTopN;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects what Spark pushes into a read of a layout: the columns it needs, its predicates
 * (compiled into one plan {@link Predicate}), and then at most one of an aggregation (GROUP BY
 * with COUNT, SUM, MIN, MAX), a LIMIT or a top-N. Every partition runs the resulting plan, in its
 * drive or on the host. Whatever cannot be pushed stays with Spark, and each refusal is logged
 * with its reason. LIMIT and top-N are partial (each partition returns its first or top rows and
 * Spark cuts their union); an aggregation is partial (Spark merges the partitions' groups) unless
 * the input is one chunk of one file, which only one partition can hold, or the splits run in
 * drives (any host ones run beside them) and one partition gathers
 * them ({@link AggregateGathering}).
 */
public final class IspdScanBuilder implements SupportsPushDownRequiredColumns, SupportsPushDownV2Filters,
        SupportsPushDownAggregates, SupportsPushDownLimit, SupportsPushDownTopN {
    private static final Logger LOG = LoggerFactory.getLogger(IspdScanBuilder.class);

    private final ScanInput input;
    private final PredicateConverter predicates;
    private final AggregateConverter aggregates;
    private final SortConverter sorts;
    private List<LayoutColumn> columns;
    private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed = new ArrayList<>();
    private final List<Predicate> compiled = new ArrayList<>();
    private Aggregation completeAggregation;
    /** The aggregation Spark last offered for complete pushdown and the partitions planned for it (or null). */
    private Aggregation plannedAggregation;
    private List<PlannedPartition> planned;
    private PushedAggregation aggregation;
    private long limit = Plan.NO_LIMIT;
    private PushedScan.TopN topN;

    /** The builder of a scan of {@code input} in a query whose decimal sums overflow by {@code overflow}. */
    public IspdScanBuilder(ScanInput input, SumOverflow overflow) {
        this.input = input;
        this.predicates = new PredicateConverter(input.layout());
        this.sorts = new SortConverter(input.layout());
        this.aggregates = new AggregateConverter(input.layout(), input.records(),
                IspdSessionExtensions.activeSessionServed(), overflow);
        this.columns = input.layout().columns();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        if (aggregation == null) {
            columns = input.layout().columnsOf(requiredSchema);
        }
    }

    /**
     * Keeps the predicates that compile as pushed (every partition applies them, so Spark does
     * not) and returns the others, which Spark evaluates after the scan. A predicate deeper than
     * a drive's limit is not pushed either: the drives would refuse the plan.
     */
    @Override
    public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushPredicates(
            org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
        List<org.apache.spark.sql.connector.expressions.filter.Predicate> left = new ArrayList<>();
        for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
            Optional<Predicate> plan = this.predicates.convert(p);
            // a row plan tests a field's null bit beside it, one level deeper (RowBytes)
            int depth = plan.map(x -> RowBytes.where(x, input.layout()).depth()).orElse(0);
            if (plan.isPresent() && depth + 1 > PlanLimits.DRIVE.maxPredicateDepth()) {
                LOG.info("ispd: not pushed to the scan: {}: {} levels deep, beyond a drive's limit of {} levels", p,
                        depth, PlanLimits.DRIVE.maxPredicateDepth());
            } else if (plan.isPresent()) {
                pushed.add(p);
                compiled.add(plan.get());
                continue;
            }
            left.add(p);
        }
        return left.toArray(org.apache.spark.sql.connector.expressions.filter.Predicate[]::new);
    }

    @Override
    public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushedPredicates() {
        return pushed.toArray(org.apache.spark.sql.connector.expressions.filter.Predicate[]::new);
    }

    /**
     * Complete when the scan can push the aggregation, no SUM of it can overflow 64 bits (Spark
     * merges the exact partial sums of one that can, with the query's overflow rule), and one
     * partition answers it whole: the input is one file of one chunk (so one piece, one split) that
     * is not cut smaller and whose groups a drive's table holds all of (past them it hands back
     * partial rows, {@link PlanLimits#holdsAllGroups}), or the partitions planned for it are
     * gathered into one, which merges the splits' rows ({@link AggregateGathering}).
     * The partitions planned here become the scan's, gathered or not, unless Spark then pushes
     * another aggregation (AVG rewritten as SUM and COUNT after a refusal): partial, planned anew.
     */
    @Override
    public boolean supportCompletePushDown(Aggregation aggregation) {
        completeAggregation = null;
        plannedAggregation = null;
        planned = null;
        Optional<PushedAggregation> converted = aggregates.convert(aggregation, where());
        if (converted.isEmpty()) {
            return false;
        }
        if (!converted.get().halved().isEmpty()) {
            LOG.info("ispd: aggregation {} pushed partially: the SUMs of {} can overflow 64 bits, and Spark's merge of "
                    + "the exact partial sums applies the query's overflow rule", aggregation, converted.get().halved());
            return false;
        }
        PushedScan candidate = pushedScan(converted.get());
        // one chunk's one split answers whole only if no group comes back in partial rows
        if (!oneChunk() || !PlanLimits.DRIVE.holdsAllGroups(candidate.plan())) {
            plannedAggregation = aggregation;
            planned = IspdScan.plan(input, candidate);
            if (!AggregateGathering.gathers(input, candidate, planned)) {
                return false;
            }
        }
        completeAggregation = aggregation;
        return true;
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        Optional<PushedAggregation> converted = aggregates.convert(aggregation, where());
        if (converted.isEmpty()) {
            return false;
        }
        if (converted.get().ofExpressions() && !aggregation.equals(completeAggregation)) {
            LOG.info("ispd: aggregation {} not pushed: it aggregates expressions, which the scan pushes only when one "
                    + "partition answers it whole", aggregation);
            return false;
        }
        this.aggregation = aggregation.equals(completeAggregation) ? converted.get().completed() : converted.get();
        if (!aggregation.equals(plannedAggregation)) {
            planned = null;
        }
        return true;
    }

    @Override
    public boolean pushLimit(int n) {
        if (refusedAfterAggregation("LIMIT " + n) || refusedForSize("LIMIT " + n, n)) {
            return false;
        }
        limit = n;
        return true;
    }

    @Override
    public boolean pushTopN(SortOrder[] orders, int n) {
        String what = "top " + n + " by " + List.of(orders);
        if (refusedAfterAggregation(what) || refusedForSize(what, n)) {
            return false;
        }
        Optional<List<Plan.SortKey>> keys = sorts.convert(orders);
        if (keys.isEmpty()) {
            return false;
        }
        PushedScan.TopN candidate = new PushedScan.TopN(keys.get(), Arrays.stream(orders).map(Object::toString).toList(),
                n);
        try {
            new PushedScan(input.layout(), columns, where(), List.of(), null, Plan.NO_LIMIT, candidate).plan();
        } catch (PlanException e) {
            LOG.info("ispd: not pushed to the scan: {}: {}", what, e.getMessage());
            return false;
        }
        topN = candidate;
        return true;
    }

    /** Each partition applies the LIMIT or top-N to its own rows: Spark still cuts their union. */
    @Override
    public boolean isPartiallyPushed() {
        return true;
    }

    @Override
    public Scan build() {
        PushedScan scan = pushedScan(aggregation);
        try {
            PlanLimits.DRIVE.check(scan.plan());
        } catch (PlanException e) {
            throw analysis("the drives refuse the scan's plan (" + scan.plan() + "): " + e.getMessage(), e);
        }
        return new IspdScan(input, scan, aggregation == null ? null : planned, KeyLookupFunction.smallSideRuns(pushed));
    }

    /** What was pushed so far, with {@code aggregation} (or none). */
    private PushedScan pushedScan(PushedAggregation aggregation) {
        return new PushedScan(input.layout(), columns, where(), pushed.stream().map(Object::toString).toList(),
                aggregation, limit, topN);
    }

    private boolean refusedAfterAggregation(String what) {
        if (aggregation != null) {
            LOG.info("ispd: not pushed to the scan: {}: an aggregation was pushed already", what);
            return true;
        }
        return false;
    }

    /** A LIMIT of {@code n} rows of every column must fit one drive result (the columns Spark reads are not known yet). */
    private boolean refusedForSize(String what, long n) {
        int width = RowBytes.of(input.layout(), input.layout().columns(), Predicate.all(), List.of()).words();
        long bytes = PlanResult.bytes(n, width);
        if (n > Plan.MAX_LIMIT || bytes > PlanLimits.DRIVE.maxResultBytes()) {
            LOG.info("ispd: not pushed to the scan: {}: {} rows can outgrow a drive's result of {} bytes", what, n,
                    PlanLimits.DRIVE.maxResultBytes());
            return true;
        }
        return false;
    }

    /** Whether the input is one file of records held by one chunk and not cut into smaller pieces (Parquet's: a split per row group). */
    private boolean oneChunk() {
        if (input.files().size() != 1 || input.parquet() != null) {
            return false;
        }
        FileStatus f = input.files().get(0);
        long maxPiece = input.settings().offload().splitMaxBytes();
        try {
            return f.getLen() > 0 && (maxPiece <= 0 || maxPiece >= f.getLen())
                    && OsdFileSystems.get(f.getPath(), input.conf().get()).getFileBlockLocations(f, 0, f.getLen()).length == 1;
        } catch (IOException e) {
            LOG.info("ispd: aggregation pushed partially: cannot list the chunks of {}: {}", f.getPath(), e.getMessage());
            return false;
        }
    }

    /** The pushed predicates as one: their AND, or TRUE when none was pushed. */
    private Predicate where() {
        return switch (compiled.size()) {
            case 0 -> Predicate.all();
            case 1 -> compiled.get(0);
            default -> new Predicate.And(compiled);
        };
    }
}
