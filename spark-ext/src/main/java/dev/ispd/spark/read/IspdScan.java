package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.schedule.PlacementExplainer;
import dev.ispd.offload.schedule.SchedulerConfig;
import dev.ispd.plan.Expr;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PredicateConverter;
import dev.ispd.spark.metrics.ScanMetric;
import dev.ispd.spark.metrics.ScanMetrics;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.execution.ExecutionEnds;
import dev.ispd.spark.read.execution.ExecutionFailures;
import dev.ispd.spark.read.execution.ScanCorrections;
import dev.ispd.spark.read.execution.SqlExecution;
import dev.ispd.spark.read.partition.AggregateGathering;
import dev.ispd.spark.read.partition.GatheredPartition;
import dev.ispd.spark.read.partition.PartitionPlanner;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeV2Filtering;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A planned read of a layout's records: what Spark pushed ({@link PushedScan}), the partitions
 * the offload core planned and placed for it (planned once: by the builder deciding whether an
 * aggregation is gathered, else when first asked, by EXPLAIN or by the query's run), and its
 * size for Spark's planner. A gathered aggregation runs all its partitions as one
 * ({@link GatheredPartition}). {@link #description()} says what was
 * pushed in the names EXPLAIN shows for Spark's own sources ({@code PushedFilters},
 * {@code PushedAggregates}, {@code PushedGroupBy}, {@code PushedLimit}, {@code PushedTopN},
 * {@code ReadSchema}) and where the partitions run. A join's runtime filters on its columns join
 * the plan's WHERE before the partitions run ({@link #filter}).
 */
public final class IspdScan implements SupportsReportStatistics, SupportsRuntimeV2Filtering {
    private static final Logger LOG = LoggerFactory.getLogger(IspdScan.class);

    private final ScanInput input;
    /** What was pushed, and the runtime filters once Spark gives them ({@link #filter}). */
    private volatile PushedScan pushed;
    /** The scan's name for the drive connections its partitions share (pooled per scan). */
    private final String scope = "spark-scan-" + UUID.randomUUID();
    private List<PlannedPartition> partitions;
    /** What the query pushed, without runtime filters: each {@link #filter} call replaces those of the last. */
    private final PushedScan queried;
    /**
     * The rows and bytes {@link #estimateStatistics} reports, worked out on the first call: Spark's
     * planner and the join key filters ask several times per query, and working it out tests the
     * pushed WHERE on every record of the table's sample.
     */
    private volatile ScanSize size;
    /** Counted on the driver, reported as the scan's: the drives' runs of its lookup joins' small sides. */
    private final Map<SplitMetric, Long> smallSideRun;

    /**
     * @param partitions   the partitions already planned for {@code pushed}'s plan, or null: planned when first asked
     * @param smallSideRun what the drives' runs of the small sides of the lookup joins in its WHERE counted
     */
    IspdScan(ScanInput input, PushedScan pushed, List<PlannedPartition> partitions, Map<SplitMetric, Long> smallSideRun) {
        this.input = input;
        this.pushed = pushed;
        this.partitions = partitions;
        this.queried = pushed;
        this.smallSideRun = smallSideRun;
    }

    /**
     * Whether {@code other} reads the same as this scan: the same load of the same files (its
     * Hadoop configuration and Parquet footers), the same settings and what the query pushed,
     * runtime filters aside (Spark compares those itself).
     */
    boolean readsAs(IspdScan other) {
        return input.path().equals(other.input.path()) && input.files().equals(other.input.files())
                && input.layout().equals(other.input.layout()) && input.conf() == other.input.conf()
                && input.parquet() == other.input.parquet() && input.settings().equals(other.input.settings())
                && queried.equals(other.queried);
    }

    /** The hash of what {@link #readsAs} compares. */
    int readHash() {
        return Objects.hash(input.path(), input.layout(), queried);
    }

    @Override
    public StructType readSchema() {
        return pushed.readSchema();
    }

    /** What Spark pushed into this scan. */
    public PushedScan pushed() {
        return pushed;
    }

    /** The pushed predicates compiled into one plan predicate, which every partition applies to every record. */
    public Predicate where() {
        return pushed.where();
    }

    /**
     * Whether the pushed WHERE keeps only the records whose {@code column} is in a set of keys (a
     * lookup of them ANDed in: a join's small side's keys, run from the driver), so that a join's
     * runtime filter by that column would only test the same keys again.
     */
    public boolean keysLookedUp(String column) {
        return keysLookedUp(where(), column);
    }

    private static boolean keysLookedUp(Predicate p, String column) {
        if (p instanceof Predicate.And and) {
            return and.operands().stream().anyMatch(o -> keysLookedUp(o, column));
        }
        return p instanceof Predicate.Holds h && h.condition() instanceof Expr.KeyLookup k
                && k.key() instanceof Expr.Ref r && r.name().equalsIgnoreCase(column);
    }

    /** A row plan's rows run on the driver ({@link #rowsOnDriver}): the plan, its rows and what its runs counted. */
    public record DriverRows(Plan plan, WordRows rows, Map<SplitMetric, Long> counts) {
    }

    /**
     * {@code columns} (Spark's V2 expressions over the table's columns) of the rows this scan's
     * WHERE passes, run once from the driver: every split at once, each in its drive or on the
     * host as the read's policy places it, without a Spark job (a lookup join's small side,
     * docs/spark.md).
     *
     * @throws IllegalArgumentException a column is no expression a plan runs (naming it)
     */
    public DriverRows rowsOnDriver(List<org.apache.spark.sql.connector.expressions.Expression> columns)
            throws IOException {
        Plan plan = pushed.rowsOf(columns);
        TaskletSpec tasklet = TaskletSpec.plan(PartitionPlanner.TASKLET, plan, "a lookup join's small side");
        List<PlannedSplit> splits = PartitionPlanner.splits(input, PartitionPlanner.allRowsSettings(input, plan),
                tasklet, f -> input.parquet().input(f, plan), corrections(input));
        List<byte[]> results = new ArrayList<>();
        Map<SplitMetric, Long> counts = GatheredRun.atOnce(splits, tasklet, input.settings().offload(),
                input.conf().get(), scope, null, results::add);
        return new DriverRows(plan, PlanResult.decodeAll(results, plan.rowWords()), counts);
    }

    /** The partitions, planned and placed by the offload core on first use; a planning failure names the path. */
    public synchronized List<PlannedPartition> partitions() {
        if (partitions == null) {
            partitions = plan(input, pushed);
        }
        return partitions;
    }

    /** The partitions of {@code input} for {@code pushed}'s plan, placed with the saved corrections; a failure names the path. */
    static List<PlannedPartition> plan(ScanInput input, PushedScan pushed) {
        try {
            return PartitionPlanner.plan(input, pushed, corrections(input));
        } catch (IOException e) {
            throw analysis("cannot plan the partitions of " + input.path() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether the scan's one input partition gathers its splits: a complete aggregation over more
     * than one split ({@link AggregateGathering}; one split is complete by itself).
     */
    public boolean gathered() {
        return pushed.aggregation() != null && pushed.aggregation().complete() && partitions().size() > 1;
    }

    /**
     * The placement table of the scan's partitions (docs/spark.md, "Explain a placement"): per
     * split its drive and placement, both sides' predicted time and energy, the basis of each
     * prediction (the profiles alone, or corrected by modeled or measured observations: by how
     * much, from how many samples) and the scheduler's reason, as {@code DeviceJob.explain()}
     * prints it. Plans the partitions if the scan has not yet; nothing runs.
     */
    public String placementTable() {
        List<PlannedSplit> splits = partitions().stream().map(PlannedPartition::split).toList();
        SchedulerConfig config = input.settings().offload().scheduler();
        TaskletSpec tasklet = PartitionPlanner.tasklet(pushed);
        try {
            CorrectionBook book = config.correction() ? corrections(input) : new CorrectionBook();
            return new PlacementExplainer(config, book, tasklet.name(), tasklet.shape()).table(
                    splits.stream().map(PlannedSplit::decision).toList(),
                    splits.stream().map(PlannedSplit::driveAddress).toList());
        } catch (IOException e) {
            throw analysis("cannot read the offload corrections of " + input.path() + ": " + e.getMessage(), e);
        }
    }

    private static CorrectionBook corrections(ScanInput input) throws IOException {
        return input.files().isEmpty() ? new CorrectionBook() : ScanCorrections.forPlanning(
                SparkSession.active().sparkContext(), input.settings().offload(), input.conf().get(),
                input.files().get(0).getPath());
    }

    /**
     * The partitions for one run of the scan (a SQL execution): the device ones with their
     * drive's instance of the plan, created now and deleted when the execution ends
     * ({@link ExecutionEnds}), as is the record of drive failures they share ({@link ExecutionFailures}).
     * Outside a SQL execution, each device partition creates its own. A gathered scan runs them
     * all as one {@link GatheredPartition}.
     */
    InputPartition[] partitionsToRun() {
        List<PlannedPartition> toRun = withTasklets(partitions());
        if (gathered()) {
            return new InputPartition[] {new GatheredPartition(toRun.stream().map(PlannedPartition::split).toList())};
        }
        return toRun.toArray(InputPartition[]::new);
    }

    private List<PlannedPartition> withTasklets(List<PlannedPartition> planned) {
        SparkContext sc = SparkSession.active().sparkContext();
        Optional<SqlExecution> execution = SqlExecution.onDriver(sc);
        if (execution.isEmpty() || planned.stream().noneMatch(p -> p.split().decision().placement() == Placement.DEVICE)) {
            return planned;
        }
        try {
            PartitionPlanner.Assigned assigned = PartitionPlanner.assignTasklets(input, pushed, planned);
            ExecutionEnds.of(sc).closeAtEnd(execution.get(), assigned.tasklets());
            ExecutionFailures.deleteAtEnd(sc, execution.get(), input.settings().offload(), input.conf().get(),
                    input.files().get(0).getPath());
            return assigned.partitions();
        } catch (IOException e) {
            throw analysis("cannot reach the drives of " + input.path() + ": " + e.getMessage(), e);
        }
    }

    /** The readers of one run of the scan: with the run's observations, if there is a SQL execution to fold them at the end of. */
    PartitionReaderFactory readerFactory() {
        SparkContext sc = SparkSession.active().sparkContext();
        return new IspdReaderFactory(pushed, input.conf().broadcast(sc), input.settings(), scope,
                ScanCorrections.forRun(sc, input.settings().offload()).orElse(null));
    }

    /**
     * The columns a join's runtime filter may test: those the scan returns (an aggregation's group
     * columns, not those by an expression) that a plan compares with literals, none under a LIMIT
     * or top-N (which a filter in the scan would change the rows of).
     */
    @Override
    public NamedReference[] filterAttributes() {
        if (pushed.limit() != Plan.NO_LIMIT || pushed.topN() != null) {
            return new NamedReference[0];
        }
        List<String> names = pushed.aggregation() != null ? pushed.aggregation().groupBy().stream()
                .filter(k -> k instanceof Expr.Ref).map(Expr::sql).toList()
                : pushed.columns().stream().map(LayoutColumn::name).toList();
        return names.stream().map(n -> input.layout().column(n).orElseThrow())
                .filter(c -> !(c.field().type().kind() == FieldType.Kind.DECIMAL && c.field().width() == 16))
                .map(c -> Expressions.column(c.name())).toArray(NamedReference[]::new);
    }

    /**
     * Adds the runtime filters Spark found (an IN-list or range of a join's build-side keys) to
     * the plan every partition runs, so the drives keep only the records that can join; an IN of
     * more keys than a plan's IN holds goes as their Bloom filter ({@code KeyBloom}). One the
     * plan cannot hold is logged and left out: Spark's join still applies it. Spark calls this
     * again when adaptive execution plans the join again: the filters given replace the last ones.
     */
    @Override
    public void filter(org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
        PredicateConverter converter = new PredicateConverter(input.layout(), true);
        List<Predicate> compiled = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
            Optional<Predicate> plan = converter.convert(p);
            if (plan.isPresent()) {
                compiled.add(plan.get());
                texts.add(plan.get() instanceof Predicate.Bloom bloom ? Predicate.sql(bloom) : p.toString());
            }
        }
        if (compiled.isEmpty()) {
            use(queried);
            return;
        }
        PushedScan filtered = queried.filtered(compiled.size() == 1 ? compiled.get(0) : new Predicate.And(compiled), texts);
        try {
            PlanLimits.DRIVE.check(filtered.plan());
            PlanCodec.encode(filtered.plan()); // within a plan's bytes
            use(filtered);
        } catch (PlanException e) {
            use(queried);
            LOG.info("ispd: runtime filters {} not pushed to the scan: {}", texts, e.getMessage());
        }
    }

    /**
     * Runs {@code next}'s plan from now on. Partitions planned for another plan are planned again:
     * their placements were priced, and the measured basis files their runs, by that plan's shape.
     */
    private synchronized void use(PushedScan next) {
        if (!next.equals(pushed)) {
            pushed = next;
            partitions = null;
        }
    }

    @Override
    public Batch toBatch() {
        return new IspdBatch(this);
    }

    @Override
    public ColumnarSupportMode columnarSupportMode() {
        return ColumnarSupportMode.SUPPORTED;
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return ScanMetric.all().toArray(CustomMetric[]::new);
    }

    /**
     * What the driver counted: what the drives' runs of the small sides of its lookup joins
     * counted (from the driver, no task of theirs reports it), and the row groups skipped by their
     * statistics in Parquet files left with none to read (no split of theirs runs to count them;
     * a file's first split counts its own).
     */
    @Override
    public CustomTaskMetric[] reportDriverMetrics() {
        ScanMetrics counted = new ScanMetrics();
        smallSideRun.forEach(counted::add);
        if (input.parquet() != null) {
            counted.add(SplitMetric.ROW_GROUPS_SKIPPED, input.parquet().skipped(input.files(), pushed).inEmptyFiles());
        }
        return Arrays.stream(counted.taskMetrics()).filter(m -> m.value() != 0).toArray(CustomTaskMetric[]::new);
    }

    /**
     * The rows the scan is expected to return and their size as Spark rows of the read schema
     * ({@link ScanSize}: the records times the share of the table's sample of rows the pushed
     * WHERE passes ({@link TableSample}) or, without one, is guessed to keep, or the pushed
     * aggregation's groups), so that Spark's planner (join strategies, say) sizes this scan by
     * what it returns. Runtime filters are not counted: the join they come from is planned by then.
     */
    @Override
    public Statistics estimateStatistics() {
        ScanSize size = size();
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(size.bytes());
            }

            @Override
            public OptionalLong numRows() {
                return OptionalLong.of(size.rows());
            }
        };
    }

    private ScanSize size() {
        ScanSize known = size;
        if (known == null) {
            known = ScanSize.of(input.records(), queried, input.sample());
            size = known;
        }
        return known;
    }

    /** The records the scan reads (all in its files), before any predicate. */
    public long records() {
        return input.records();
    }

    /**
     * The layout (for Parquet: the files, their row groups read, skipped by their statistics and
     * straddling chunks, and the columns the scan cannot read), what was pushed and where the
     * partitions run; EXPLAIN shows the path already, as the table's name.
     */
    @Override
    public String description() {
        return "IspdScan " + (input.parquet() != null ? parquet() : input.layout().name() + " entrySize "
                + input.layout().entrySize()) + ", " + pushed.describe() + ", " + placement();
    }

    /** {@code parquet, 2 files, row groups: 5 read, 3 skipped by statistics, 1 straddling; not read: tags (nested or repeated)}. */
    private String parquet() {
        List<PlannedSplit> splits = partitions().stream().map(PlannedPartition::split).toList();
        long skipped = input.parquet().skipped(input.files(), pushed).all();
        long read = splits.stream().mapToInt(s -> s.parquet().rowGroupsStarted()).sum();
        long straddling = splits.stream().mapToInt(s -> s.parquet().straddlingStarted()).sum();
        Map<String, String> unread = input.parquet().table().unsupported();
        return "parquet, " + input.files().size() + " files, row groups: " + read + " read, " + skipped
                + " skipped by statistics, " + straddling + " straddling"
                + (unread.isEmpty() ? "" : "; not read: " + String.join(", ", unread.entrySet().stream()
                        .map(e -> e.getKey() + " (" + e.getValue() + ")").toList()));
    }

    /**
     * {@code Placement: policy fastest, 3 partitions: 2 on device (drives 0, 1), 1 on host}; for a
     * gathered scan, {@code 2 partitions gathered into 1: ...}.
     */
    private String placement() {
        List<PlannedPartition> planned = partitions();
        TreeSet<Integer> drives = new TreeSet<>();
        long onDevice = 0;
        for (PlannedPartition p : planned) {
            if (p.split().decision().placement() == Placement.DEVICE) {
                onDevice++;
                drives.add(p.split().drive());
            }
        }
        return "Placement: policy " + input.settings().policy() + ", " + planned.size() + " partitions"
                + (gathered() ? " gathered into 1" : "") + ": " + onDevice
                + " on device" + (drives.isEmpty() ? "" : " (drives " + String.join(", ",
                        drives.stream().map(String::valueOf).toList()) + ")")
                + ", " + (planned.size() - onDevice) + " on host";
    }

    @Override
    public String toString() {
        return description();
    }
}
