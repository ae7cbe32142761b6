package dev.ispd.plan;

import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one plan interpreter, run by the drive and by the host on the same {@link Plan}: each
 * record is tested against the WHERE tree and, if it matches, handed to the plan's
 * {@link RowSink}. Nothing is allocated per record. Meter, per record examined: one record, the
 * field loads, comparisons and expression nodes the predicate made (AND and OR stop early), then
 * per match the work of selected, key and aggregate columns ({@link ExprCost}), one hash update per record with GROUP BY, the
 * comparisons of MIN, MAX and top-N, and at the end the result bytes. A LIMIT reached ends the
 * examination of records (they are still scanned). The common aggregates (narrow GROUP BY keys,
 * COUNT and SUM) take a fast path ({@link DenseGroupScan}) with the same results and counts;
 * plans with expressions run a batch of records at a time ({@link BatchScan}), likewise. The
 * per-record loop alone also counts its records as {@code recordsOneAtATime}, and a loop that
 * hands its matches to the sink one at a time counts them as {@code rowsOneAtATime}: the counts
 * that say which loop ran, so that a host profile can price its records apart (docs/model.md).
 * Every loop counts a packed key per GROUP BY key per match where the keys are narrow.
 */
public final class PlanTasklet implements Tasklet {
    private final int recordSize;
    private final BoundPredicate where;
    private final RowSink sink;
    /** The fast path for this plan's shape, or null: the general loop. */
    private final DenseGroupScan dense;
    /** The batch loop for a plan with expressions, or null. */
    private final BatchScan batches;
    /** The batch loop for a columnar source's batches: {@link #batches}, or one for any aggregate plan it can take; or null. */
    private final BatchScan columns;
    private final Work work = new Work();
    /** Whether a LIMIT may end the examination of records (the per-record loop then tests until the sink is full). */
    private final boolean limited;
    /** The rows of a batch the WHERE selects, for the per-record loop's plans that no LIMIT can stop. */
    private final int[] selected = new int[ColumnBatch.MAX_ROWS];
    /** The batch of records those plans take records in ({@link #scanSelected}). */
    private final RecordBatch records = new RecordBatch();

    /** The interpreter for {@code plan} within {@code limits}; refuses a plan beyond them (PlanLimitException). */
    public PlanTasklet(Plan plan, PlanLimits limits) {
        this(plan, limits, true);
    }

    /** With {@code fastPath} false, every plan runs the general loop: the reference the fast paths are tested against. */
    PlanTasklet(Plan plan, PlanLimits limits, boolean fastPath) {
        limits.check(plan);
        Layout layout = plan.layout();
        this.recordSize = layout.recordSize();
        this.where = BoundPredicate.bind(plan.where(), layout);
        this.sink = sink(plan, limits);
        this.dense = fastPath && sink instanceof GroupTable table ? DenseGroupScan.of(plan, where, table) : null;
        this.batches = fastPath && dense == null ? BatchScan.of(plan, where, sink) : null;
        this.columns = batches != null || !fastPath ? batches : BatchScan.ofColumns(plan, where, sink);
        this.limited = !fastPath || plan.limit() != Plan.NO_LIMIT;
    }

    private static RowSink sink(Plan plan, PlanLimits limits) {
        Layout layout = plan.layout();
        if (plan.aggregating()) {
            return GroupTable.of(plan, limits);
        }
        ColumnReader[] select = plan.select().stream().map(c -> ColumnReader.of(c, layout, false))
                .toArray(ColumnReader[]::new);
        if (!plan.orderBy().isEmpty()) {
            return new TopRows(select, SortKeys.of(plan.orderBy(), layout), plan.limit());
        }
        return new KeptRows(select, plan.limit(), limits);
    }

    /**
     * The work of {@code plan} over {@code bytes} of page-aligned records, as upper bounds: every
     * record examined (one at a time if the plan runs the per-record loop) with every predicate
     * leaf evaluated (IN as its binary search), every record matching (and handed to the sink one
     * at a time where the plan's loop does that); result bytes for the most rows the plan can return (the records, the LIMIT or
     * the groups, whichever is fewest).
     */
    public static Meter estimate(Plan plan, long bytes, int pageSize) {
        return estimate(plan, bytes, bytes / plan.layout().recordSize(), pageSize);
    }

    /**
     * The work of {@code plan} over {@code records} records of which it reads {@code bytes}: the
     * columns it needs of column-blocked records ({@link BlockedPlanTasklet}) are fewer bytes than
     * the records; otherwise as {@link #estimate(Plan, long, int)}.
     */
    public static Meter estimate(Plan plan, long bytes, long records, int pageSize) {
        return estimate(plan, bytes, records, pageSize, Map.of());
    }

    /**
     * As {@link #estimate(Plan, long, long, int)} over batches of a columnar source that holds the
     * fields named in {@code dictionaryEntries} as ids into a dictionary of at most that many
     * entries (a NULL counted as one): where this plan's loop over such batches judges the parts of
     * its WHERE that test one string field alone once per entry ({@link #judgesByEntry}), each such
     * part's test is counted once per entry (at most once per record) and a verdict's look-up per
     * record, as the meter counts them.
     */
    public static Meter estimate(Plan plan, long bytes, long records, int pageSize, Map<String, Long> dictionaryEntries) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        long n = records;
        ExprCost perRecord = PredicateCost.of(plan.where(), plan.layout());
        List<Expr> costed = new ArrayList<>(plan.aggregating() ? plan.groupBy() : plan.select());
        plan.orderBy().forEach(k -> costed.add(k.key()));
        for (Expr e : costed) { // a column's expression costs as a WHERE's would (a field: one load)
            perRecord = perRecord.plus(ExprCost.of(e, plan.layout()));
        }
        for (Aggregate a : plan.aggregates()) {
            if (a.argument() != null) {
                perRecord = perRecord.plus(ExprCost.ofUpdate(a, plan.layout()));
            }
        }
        m.addRecords(n);
        boolean oneAtATime = !DenseGroupScan.takes(plan) && !BatchScan.takes(plan);
        if (oneAtATime) {
            m.addRecordsOneAtATime(n);
        }
        if (oneAtATime || !DenseGroupScan.takes(plan) && !VectorGroups.takes(plan)) {
            m.addRowsOneAtATime(n);
        }
        int perMatch = plan.aggregating() ? (int) plan.aggregates().stream().filter(a -> a.field() != null).count()
                : 0;
        long extremes = plan.aggregates().stream()
                .filter(a -> a.function() == Aggregate.Function.MIN || a.function() == Aggregate.Function.MAX).count();
        Work work = new Work();
        work.add(perRecord, n);
        work.fieldReads += n * perMatch;
        work.compares += n * (extremes + (plan.orderBy().isEmpty() ? 0 : 1));
        if (!dictionaryEntries.isEmpty() && judgesByEntry(plan)) {
            List<PredicateCost.EntryPart> parts = new ArrayList<>();
            PredicateCost.partsByEntry(plan.where(), plan.layout(), parts);
            for (PredicateCost.EntryPart part : parts) {
                Long entries = dictionaryEntries.get(part.field());
                if (entries != null) { // counted per record above: its test once per entry instead, a verdict's look-up per record
                    work.add(part.cost(), Math.min(entries, n) - n);
                    work.add(ExprCost.ENTRY_VERDICT, n);
                }
            }
        }
        work.moveTo(m);
        if (!plan.groupBy().isEmpty()) {
            m.addHashUpdates(n);
        }
        if (GroupTable.dense(plan)) {
            m.addPackedKeys(n * plan.groupBy().size());
        }
        long rows = plan.aggregating() ? Math.min(n, plan.maxGroups()) : n;
        if (plan.limit() != Plan.NO_LIMIT) {
            rows = Math.min(rows, plan.limit());
        }
        m.addBytesOut(PlanResult.bytes(rows, plan.rowWords()));
        return m;
    }

    /**
     * Whether this plan's loop over a columnar batch tests its WHERE by the batch's columns, where
     * a part of it on one string field held as dictionary ids is judged once per entry: the batch
     * loop ({@link #columns}), or the selection of the per-record loop that no LIMIT stops; not
     * the record loops a dense GROUP BY or a LIMIT keeps ({@link #scan(ColumnBatch, Meter)}), as
     * the constructor chooses them.
     */
    static boolean judgesByEntry(Plan plan) {
        boolean dense = DenseGroupScan.takes(plan);
        boolean columns = !dense && BatchScan.takes(plan) || plan.aggregating() && VectorGroups.takes(plan);
        return columns || !dense && plan.limit() == Plan.NO_LIMIT;
    }

    @Override
    public int recordSize() {
        return recordSize;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        scanRecords(data, data.position(), data.limit() - recordSize, meter);
    }

    /** Examines the records of {@code data} from absolute {@code first} to {@code last}, {@code recordSize} apart. */
    private void scanRecords(ByteBuffer data, int first, int last, Meter meter) {
        long examined = dense != null ? dense.scan(data, first, last, recordSize, work)
                : batches != null ? batches.scan(data, first, last, recordSize, work)
                : limited ? scanEach(data, first, last)
                : scanSelected(data, first, last);
        meter.addRecords(examined);
        if (dense == null && batches == null) {
            meter.addRecordsOneAtATime(examined);
        }
        work.moveTo(meter);
    }

    /** Whether this plan runs a batch at a time with expressions evaluated a node at a time ({@link BatchScan}). */
    public boolean takesColumns() {
        return batches != null;
    }

    /**
     * Examines the rows of {@code batch} (a columnar source's, {@link DecodedBatch}, or a
     * column-blocked block's, {@link BlockBatch}), as {@link #scan(ByteBuffer, long, long, Meter)}
     * does their records: a plan with expressions, or an aggregate plan whose aggregates read
     * columns ({@link VectorGroups}), by its batch loop; a plan the per-record loop runs that no
     * LIMIT can stop (nor a dense GROUP BY takes) by its WHERE's batch form (so a part of it on one
     * string field is judged per dictionary entry: {@link Condition#byEntry}), then each match to
     * the sink, counting what that loop counts; any other over the batch's records.
     */
    public void scan(ColumnBatch batch, Meter meter) {
        if (columns != null) {
            meter.addRecords(columns.scan(batch, work));
        } else if (dense == null && !limited) {
            int rows = selectEach(batch);
            meter.addRecords(rows);
            meter.addRecordsOneAtATime(rows);
        } else {
            scanRecords(batch.buffer(), batch.record(0), batch.record(batch.rows() - 1), meter);
            return;
        }
        work.moveTo(meter);
    }

    /**
     * The general loop's plans that no LIMIT can stop, over records: a batch of them at a time
     * ({@link #select}), so that the WHERE's leaves read a field's values in one loop each, each
     * match handed to the sink as its record ({@link RecordBatch#handEach}, called on the batch of
     * records itself: a call the JIT binds once); how many were examined (all).
     */
    private long scanSelected(ByteBuffer data, int first, int last) {
        long examined = 0;
        for (int p = first; p <= last; p += ColumnBatch.MAX_ROWS * recordSize) {
            records.reset(data, p, Math.min(ColumnBatch.MAX_ROWS, (last - p) / recordSize + 1), recordSize);
            records.handEach(sink, selected, select(records), work);
            examined += records.rows();
        }
        return examined;
    }

    /**
     * The rows of {@code batch} (of records or columns) the WHERE selects, each handed to the sink,
     * counted as the general loop counts them; how many rows were examined (all).
     */
    private int selectEach(ColumnBatch batch) {
        int n = select(batch);
        batch.readOnly(selected, n);
        batch.handEach(sink, selected, n, work);
        return batch.rows();
    }

    /** The rows of {@code batch} the WHERE selects ({@link Condition#select}) into {@link #selected}; how many. */
    private int select(ColumnBatch batch) {
        int rows = batch.rows();
        for (int i = 0; i < rows; i++) {
            selected[i] = i;
        }
        return where.always() ? rows : where.select(batch, selected, rows, selected, work);
    }

    /** The general loop: each record tested, each match handed to the sink, until it is full. */
    private long scanEach(ByteBuffer data, int first, int last) {
        long examined = 0;
        for (int p = first; p <= last && !sink.full(); p += recordSize) {
            examined++;
            if (where.test(data, p, work)) {
                work.rowsOneAtATime++;
                sink.accept(data, p, work);
            }
        }
        return examined;
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        int before = out.size();
        sink.write(out, work);
        work.moveTo(meter);
        meter.addBytesOut(out.size() - before);
    }
}
