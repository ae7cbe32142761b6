package dev.ispd.plan;

import dev.ispd.tasklet.TaskletLimitException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The batch path's aggregation into a {@link GroupTable}, a column at a time, such as TPC-H Q1's
 * sums of products per return flag and line status: the aggregates' arguments are evaluated over
 * the batch's matching rows a node at a time ({@link #evaluate}) and a plain field's values
 * decoded once per column ({@link ColumnBatch#decode}); then each row's group is found (by direct
 * index from its packed key where the keys are narrow, as {@link DenseGroupScan} finds it; by its
 * string keys' dictionary ids where the batch has them, or their bytes where they are one or two,
 * {@link DictionaryGroups}; else by its key
 * read from its record and hashed, a batch of columns storing only the key fields' columns) and each aggregate takes its column of values in one loop
 * ({@link #take}). The groups, their order, the values, the errors and the work counted are
 * {@link GroupTable#accept}'s, row for row. Where a new group moves the table's slots (it grows or
 * is flushed), the rows whose groups were found before are taken first.
 */
final class VectorGroups {
    private final GroupTable table;
    /** Packs a row's key where the table's keys are narrow; else null. */
    private final KeyPacker packer;
    private final boolean keyed;
    private final int width;
    private final Aggregate.Function[] functions;
    /** Per aggregate of an expression, its state and arithmetic; else null. */
    private final ExprAggregate[] expressions;
    /** Per aggregate of an expression, its argument's batch form; else null. */
    private final VectorEval[] values;
    /** Per aggregate of a field, the field; else null. */
    private final Field[] fields;
    /** Per aggregate of a field, whether its value is its integer ({@link Field#readsAsInteger}). */
    private final boolean[] integers;
    /** Per aggregate of a field that must be read (not a COUNT of a field that is never NULL), its values and NULLs by row. */
    private final long[][] fieldValues;
    private final boolean[][] fieldNulls;
    /** The work of one matching row's aggregates: the updates of the expressions and the field reads. */
    private final ExprCost perMatch;
    /** The groups found by their string keys' dictionary ids where a batch has them, or null. */
    private final DictionaryGroups byIds;
    /** Per matching row of the batch, its group's first state index. */
    private final int[] base = new int[ColumnBatch.MAX_ROWS];
    /** Per matching row of the batch, its packed key. */
    private final int[] packed = new int[ColumnBatch.MAX_ROWS];
    /** The GROUP BY's fields where every key is a field (all a hashed key reads of a row's record); else null. */
    private final Field[] keyFields;
    /** How many times the table's slots had moved when the groups' slots {@link #byIds} knows were last right. */
    private long idsMoves;
    /** One row, to store as a record a row whose group is looked up by its key. */
    private final int[] one = new int[1];

    private VectorGroups(GroupTable table, Plan plan, ExprAggregate[] expressions, VectorEval[] values,
                         Field[] fields) {
        this.table = table;
        this.keyed = !plan.groupBy().isEmpty();
        this.packer = table.dense() && keyed ? table.packer() : null;
        this.width = expressions.length;
        this.functions = plan.aggregates().stream().map(Aggregate::function).toArray(Aggregate.Function[]::new);
        this.expressions = expressions;
        this.values = values;
        this.fields = fields;
        this.integers = Field.readAsIntegers(fields);
        this.fieldValues = new long[width][];
        this.fieldNulls = new boolean[width][];
        ExprCost cost = ExprCost.NONE;
        for (int a = 0; a < width; a++) {
            Aggregate agg = plan.aggregates().get(a);
            if (agg.argument() != null) {
                cost = cost.plus(ExprCost.ofUpdate(agg, plan.layout()));
            } else if (fields[a] != null) {
                cost = cost.plus(ExprCost.FIELD);
                if (fields[a].nullable() || functions[a] != Aggregate.Function.COUNT) {
                    fieldValues[a] = new long[ColumnBatch.MAX_ROWS];
                    fieldNulls[a] = new boolean[ColumnBatch.MAX_ROWS];
                }
            }
        }
        this.perMatch = cost;
        this.byIds = table.dense() ? null : DictionaryGroups.of(table);
        this.keyFields = plan.groupBy().stream().allMatch(k -> k instanceof Expr.Ref)
                ? plan.groupBy().stream().map(k -> plan.layout().field(((Expr.Ref) k).name(), "groupBy")).toArray(Field[]::new)
                : null;
    }

    /** The batch aggregation of {@code plan} into {@code table}, or null if the plan is not of its shape. */
    static VectorGroups of(Plan plan, GroupTable table, VectorCompiler compiler) {
        if (!takes(plan)) {
            return null;
        }
        List<Aggregate> aggregates = plan.aggregates();
        ExprAggregate[] expressions = new ExprAggregate[aggregates.size()];
        VectorEval[] values = new VectorEval[aggregates.size()];
        Field[] fields = new Field[aggregates.size()];
        for (int a = 0; a < expressions.length; a++) {
            Aggregate agg = aggregates.get(a);
            if (agg.argument() != null) {
                expressions[a] = new ExprAggregate(agg, plan.layout());
                values[a] = compiler.compile(expressions[a].argument);
            } else if (agg.field() != null) {
                fields[a] = plan.layout().field(agg.field(), "aggregate");
            }
        }
        return new VectorGroups(table, plan, expressions, values, fields);
    }

    /**
     * Whether {@code plan}'s aggregate is of this shape: every aggregate COUNT(*), of an expression,
     * or of a field whose values a batch decodes (one of at most 8 bytes that is not a
     * {@code char(N)}, or a COUNT of a field that is never NULL). A COUNT of a nullable string or
     * 16-byte decimal field is taken a row at a time.
     */
    static boolean takes(Plan plan) {
        return plan.aggregating() && plan.aggregates().stream().allMatch(a -> a.argument() != null
                || a.function() == Aggregate.Function.COUNT_STAR || decodes(plan.layout().field(a.field(), "aggregate"))
                || a.function() == Aggregate.Function.COUNT && !plan.layout().field(a.field(), "aggregate").nullable());
    }

    private static boolean decodes(Field f) {
        return f.type().kind() != FieldType.Kind.CHAR && f.width() <= Long.BYTES;
    }

    /** Evaluates the aggregates' arguments and decodes their fields for rows {@code sel[0, n)}; touches no group. */
    void evaluate(ColumnBatch batch, int[] sel, int n) {
        for (int a = 0; a < width; a++) {
            if (values[a] != null) {
                values[a].evaluate(batch, sel, n);
            } else if (fieldValues[a] != null) {
                batch.decode(fields[a], sel, n, fieldValues[a], fieldNulls[a]);
            }
        }
    }

    /**
     * Adds rows {@code sel[0, n)}, {@link #evaluate}d, to their groups. An error is the one the
     * rows taken one at a time would raise first: a group past the limits or a key that could not
     * be computed, or the first row before it (and of its aggregates the first) whose SUM overflowed.
     */
    void take(ColumnBatch batch, int[] sel, int n, Work work) {
        boolean ids = byIds != null && (byIds.begin(batch) || byIds.beginBytes(batch, sel, n));
        long moves = table.moves();
        if (ids && moves != idsMoves) { // slots known by the keys' bytes from batches before the table moved
            byIds.forget();
        }
        ByteBuffer data = null;
        if (packer != null) {
            batch.keys(packer, sel, n, packed);
        } else if (keyed && !ids) {
            data = keyFields != null ? batch.buffer(sel, n, keyFields) : batch.buffer(sel, n);
        }
        int from = 0; // rows [from, i) have their groups' slots in base, not yet taken
        RuntimeException failure = null;
        int rows = n;
        for (int i = 0; i < n; i++) {
            int row = sel[i];
            int combination = ids ? byIds.combination(row) : 0;
            try {
                int slot = packer != null || !keyed ? table.denseExistingSlot(keyed ? packed[i] : 0)
                        : ids ? byIds.slot(combination) : table.existingSlot(data, batch.record(row));
                if (slot < 0) {
                    if (table.newGroupMoves()) {
                        takeRows(batch, sel, from, i, work);
                        from = i;
                    }
                    slot = newGroup(batch, row, ids, keyed ? packed[i] : 0);
                    if (ids) {
                        if (table.moves() != moves) {
                            moves = table.moves();
                            byIds.forget();
                        }
                        byIds.remember(combination, slot);
                    }
                }
                base[i] = slot * width;
            } catch (TaskletLimitException | PlanArithmeticException e) {
                rows = i;
                failure = e;
                break;
            }
        }
        takeRows(batch, sel, from, rows, work);
        if (failure != null) {
            throw failure;
        }
        idsMoves = moves;
    }

    /** The slot of a new group for row {@code row}, which is not in the table (or, by dictionary ids, not looked up yet). */
    private int newGroup(ColumnBatch batch, int row, boolean ids, int packedKey) {
        if (packer != null || !keyed) {
            return table.denseSlot(packedKey);
        }
        if (ids) { // its key read from its record, the only row of the batch stored
            one[0] = row;
            return table.slot(batch.buffer(one, 1), batch.record(row));
        }
        return table.insertKey();
    }

    /**
     * Adds rows {@code sel[from, to)}, whose groups' slots are in {@link #base}, to their aggregates
     * and counts their work; raises the first row's overflow, if any.
     */
    private void takeRows(ColumnBatch batch, int[] sel, int from, int to, Work work) {
        long[] state = table.state(); // after the new groups, which may have grown the table
        long[] high = table.high();
        long[] nonNull = table.nonNull();
        int failedAt = to;
        PlanArithmeticException overflow = null;
        for (int a = 0; a < width; a++) {
            if (expressions[a] != null) {
                int at = expressions[a].acceptAll(values[a], sel, from, to, base, a, state, high, nonNull);
                if (at >= 0 && at < failedAt) {
                    failedAt = at;
                    overflow = expressions[a].overflow();
                }
            } else if (fieldValues[a] != null) {
                takeField(a, sel, from, to, work);
            } else { // COUNT(*), or COUNT of a field that is never NULL
                for (int i = from; i < to; i++) {
                    state[base[i] + a]++;
                }
                if (fields[a] != null) {
                    for (int i = from; i < to; i++) {
                        nonNull[base[i] + a]++;
                    }
                }
            }
        }
        table.count(work, to - from);
        work.add(perMatch, to - from);
        if (overflow != null) {
            throw overflow;
        }
    }

    /** Adds the decoded values of aggregate {@code a}'s field of rows {@code sel[from, to)} to their groups, as {@link GroupTable#accumulate} does. */
    private void takeField(int a, int[] sel, int from, int to, Work work) {
        Field f = fields[a];
        long[] v = fieldValues[a];
        boolean[] nulls = fieldNulls[a];
        boolean nullBit = f.hasNullBit();
        for (int i = from; i < to; i++) {
            int r = sel[i];
            if (nullBit && nulls[r]) {
                continue;
            }
            long value = integers[a] ? v[r] : f.fromInteger(v[r]);
            if (!f.isNull(value)) {
                table.takeField(a, base[i] + a, value, work);
            }
        }
    }
}
