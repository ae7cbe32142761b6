package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.TaskletLimitException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * An aggregate plan's groups: an open-addressing hash table of up to four key columns (each one
 * or more words, {@link ColumnReader}), each slot with its aggregates' state, in flat arrays that
 * double now and then (never per record). One hash update per matching record when there are key
 * columns; a MIN or MAX update is a comparison too. Groups are written in the order they first
 * appeared. Field keys of at most {@value #DENSE_BITS} bits together (Q1's region, Q2's region and
 * type) find their group by direct index instead of hashing; the work counted is the same either way.
 * With such keys and only COUNT(*), COUNT and SUM, {@link DenseGroupScan} fills the table instead of {@link #accept}.
 *
 * <p>A hashed table holds at most {@link PlanLimits#groups} groups. A new group beyond them
 * <em>flushes</em> the table: its groups are set aside as partial rows of the result and the table
 * starts empty, so that the result may hold a group in several rows, each a partial aggregate of
 * it, which the engine merges as it merges the executions' partials ({@link PartialAggregates},
 * Spark's final aggregate, MapReduce's reducer). An execution fails ({@code resultBytes}) only
 * when the rows set aside and the table's outgrow the result ({@link PlanLimits#rows}). Flushes are not counted by the
 * meter: a result of more rows than the table holds says how many there were ({@link PlanLimits#flushes}).
 */
final class GroupTable implements RowSink {
    static final int DENSE_BITS = 16;

    private final ColumnReader[] keyColumns;
    /** The words of a key, and the work of reading one. */
    private final int keyWords;
    private final ExprCost keyCost;
    private final Aggregate.Function[] functions;
    private final Field[] aggregateFields;
    /** Per aggregate, its expression's state and arithmetic, or null for an aggregate of a field or COUNT(*). */
    private final ExprAggregate[] expressions;
    /** Per aggregate of an expression, the work one evaluation counts. */
    private final ExprCost[] expressionCosts;
    /** Per aggregate field, whether its value is its integer ({@link Field#readsAsInteger}), decided once. */
    private final boolean[] aggregateIntegers;
    private final long maxGroups;
    /** The most rows, those flushed and the table's, the result holds. */
    private final long maxRows;
    private final PlanLimits limits;
    /** The rows of the groups flushed so far, as {@link #write} writes them, and how many. */
    private final ResultSink flushed = new ResultSink(ResultSink.HOST_LIMIT);
    private long flushedRows;
    private final long[] key;
    private int capacity = 16;
    private long[] keys;
    private boolean[] used;
    private long[] state;
    private long[] nonNull;
    /** The high words of 128-bit decimal sums, as {@link #state} is laid out. */
    private long[] high;
    private int[] order;
    private int groups;
    /** With narrow keys: per packed key, its group's number + 1 (0: not seen yet); else null. */
    private final int[] denseGroup;
    /** With narrow keys: packs a key into its index in {@link #denseGroup}; else null. */
    private final KeyPacker packer;
    /** Keys packed per row: the key fields with narrow keys, else 0. */
    private final int packedKeys;
    /** Per key, its {@code char(N)} field, where every key is one; else null. */
    private final Field[] stringKeys;
    /** How many times the groups' slots moved (the table grew or was flushed). */
    private long moves;

    /** The table of {@code plan}'s groups and aggregates within {@code limits}. */
    static GroupTable of(Plan plan, PlanLimits limits) {
        Layout layout = plan.layout();
        List<Aggregate> aggregates = plan.aggregates();
        int n = aggregates.size();
        ColumnReader[] keys = plan.groupBy().stream().map(k -> ColumnReader.of(k, layout, true))
                .toArray(ColumnReader[]::new);
        Field[] denseKeys = denseKeys(plan);
        Aggregate.Function[] functions = new Aggregate.Function[n];
        Field[] fields = new Field[n];
        ExprAggregate[] expressions = new ExprAggregate[n];
        ExprCost[] costs = new ExprCost[n];
        for (int a = 0; a < n; a++) {
            Aggregate agg = aggregates.get(a);
            functions[a] = agg.function();
            fields[a] = agg.field() == null ? null : layout.field(agg.field(), "aggregate");
            if (agg.argument() != null) {
                expressions[a] = new ExprAggregate(agg, layout);
                costs[a] = ExprCost.ofUpdate(agg, layout);
            }
        }
        return new GroupTable(keys, denseKeys, stringKeys(plan), functions, fields, expressions, costs, limits,
                limits.groups(plan), limits.rows(plan));
    }

    /** The key fields of {@code plan} where every key is a {@code char(N)} field; else null. */
    private static Field[] stringKeys(Plan plan) {
        if (plan.groupBy().isEmpty() || !plan.groupBy().stream().allMatch(k -> k instanceof Expr.Ref)) {
            return null;
        }
        Field[] keys = plan.groupBy().stream().map(k -> plan.layout().field(((Expr.Ref) k).name(), "groupBy"))
                .toArray(Field[]::new);
        return Arrays.stream(keys).allMatch(f -> f.type().kind() == FieldType.Kind.CHAR) ? keys : null;
    }

    /** Whether {@code plan}'s groups are found by direct index ({@link #dense}). */
    static boolean dense(Plan plan) {
        return denseKeys(plan) != null;
    }

    /** The key fields of {@code plan} if they are narrow enough together to find their group by direct index; else null. */
    private static Field[] denseKeys(Plan plan) {
        if (!plan.groupsBounded()) {
            return null;
        }
        Field[] keys = plan.groupBy().stream().map(k -> plan.layout().field(((Expr.Ref) k).name(), "groupBy"))
                .toArray(Field[]::new);
        int bits = 0;
        for (Field f : keys) {
            bits += f.valueBits();
        }
        return bits <= DENSE_BITS ? keys : null;
    }

    private GroupTable(ColumnReader[] keyColumns, Field[] denseKeys, Field[] stringKeys, Aggregate.Function[] functions,
                       Field[] aggregateFields, ExprAggregate[] expressions, ExprCost[] expressionCosts,
                       PlanLimits limits, long maxGroups, long maxRows) {
        this.keyColumns = keyColumns;
        this.keyWords = ColumnReader.words(keyColumns);
        this.keyCost = ColumnReader.cost(keyColumns);
        this.functions = functions;
        this.aggregateFields = aggregateFields;
        this.expressions = expressions;
        this.expressionCosts = expressionCosts;
        this.aggregateIntegers = Field.readAsIntegers(aggregateFields);
        this.maxGroups = maxGroups;
        this.maxRows = maxRows;
        this.limits = limits;
        this.key = new long[keyWords];
        int bits = 0;
        for (Field f : denseKeys == null ? new Field[0] : denseKeys) {
            bits += f.valueBits();
        }
        this.denseGroup = denseKeys != null ? new int[1 << bits] : null;
        this.packer = denseGroup != null ? new KeyPacker(denseKeys) : null;
        this.packedKeys = denseGroup != null ? denseKeys.length : 0;
        this.stringKeys = stringKeys;
        allocate(capacity);
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        count(work);
        accumulate(slot(buf, record), buf, record, work);
    }

    /** Per key, its {@code char(N)} field, where every key is one (a batch may give their dictionary ids); else null. */
    Field[] stringKeys() {
        return stringKeys;
    }

    /** How many times the groups' slots moved: a slot {@link #slot} gives holds its group until the next. */
    long moves() {
        return moves;
    }

    /** Counts the work of one record's {@link #accept}: its key read, its group looked up. */
    void count(Work work) {
        count(work, 1);
    }

    /** Counts the work of {@code rows} records' {@link #accept}s: their keys read, their groups looked up. */
    void count(Work work, int rows) {
        work.add(keyCost, rows);
        if (keyColumns.length > 0) {
            work.hashUpdates += rows; // without GROUP BY there is no table to look up, only the accumulators
        }
        work.packedKeys += (long) rows * packedKeys;
    }

    /**
     * The slot of the group of the record at {@code record} if the table has it, else -1, its key
     * kept for {@link #insertKey}. Counts no work ({@link #count}).
     */
    int existingSlot(ByteBuffer buf, int record) {
        readKey(buf, record);
        if (denseGroup != null) {
            int g = denseGroup[packer.pack(key)];
            return g > 0 ? order[g - 1] : -1;
        }
        int slot = find(key);
        return used[slot] ? slot : -1;
    }

    /** A new group for the key {@link #existingSlot} found no group of; its slot. */
    int insertKey() {
        return denseGroup != null ? newDenseGroup(packer.pack(key)) : insert(find(key));
    }

    /**
     * With {@link #dense} keys: the slot of the group whose key packs to {@code packed}, or -1 where
     * there is none yet ({@link #denseSlot(int)} makes it).
     */
    int denseExistingSlot(int packed) {
        int g = denseGroup[packed];
        return g > 0 ? order[g - 1] : -1;
    }

    /**
     * Whether a new group now moves the groups' slots (the table grows or is flushed) or fails (the
     * limits): a caller holding slots found before takes their rows first.
     */
    boolean newGroupMoves() {
        return flushedRows + groups == maxRows || groups == maxGroups || 2 * (groups + 1) > capacity;
    }

    /** The slot of the group of the record at {@code record}, created if new. Counts no work ({@link #count}). */
    int slot(ByteBuffer buf, int record) {
        readKey(buf, record);
        return denseGroup != null ? denseSlot() : hashedSlot();
    }

    /** Adds the record at {@code record} to the aggregates of the group at {@code slot}. */
    void accumulate(int slot, ByteBuffer buf, int record, Work work) {
        int at = slot * functions.length;
        for (int a = 0; a < functions.length; a++, at++) {
            if (functions[a] == Aggregate.Function.COUNT_STAR) {
                state[at]++;
                continue;
            }
            if (expressions[a] != null) {
                work.add(expressionCosts[a], 1);
                expressions[a].accept(buf, record, state, high, nonNull, at);
                continue;
            }
            Field f = aggregateFields[a];
            work.fieldReads++;
            if (f.hasNullBit() && f.nullBitSet(buf, record)) {
                continue;
            }
            // COUNT of a field that reads as no number needs only its nullness
            long v = aggregateIntegers[a] ? f.readInteger(buf, record) : f.read(buf, record);
            if (!f.isNull(v)) {
                takeField(a, at, v, work);
            }
        }
    }

    /**
     * Adds value {@code v} (not NULL, as {@link Field#read} gives it) of aggregate {@code a}'s field
     * to the state at {@code at}; counts a MIN's or MAX's comparison.
     */
    void takeField(int a, int at, long v, Work work) {
        switch (functions[a]) {
            case COUNT -> state[at]++;
            case SUM -> state[at] += v;
            case MIN -> {
                work.compares++;
                if (nonNull[at] == 0 || aggregateFields[a].compare(v, state[at]) < 0) {
                    state[at] = v;
                }
            }
            case MAX -> {
                work.compares++;
                if (nonNull[at] == 0 || aggregateFields[a].compare(v, state[at]) > 0) {
                    state[at] = v;
                }
            }
            default -> throw new IllegalStateException("COUNT(*) is handled apart");
        }
        nonNull[at]++;
    }

    private void readKey(ByteBuffer buf, int record) {
        for (int i = 0, at = 0; i < keyColumns.length; at += keyColumns[i++].words) {
            keyColumns[i].read(buf, record, key, at);
        }
    }

    @Override
    public boolean full() {
        return false;
    }

    @Override
    public void write(ResultSink out, Work work) {
        rowWriter().header(out, flushedRows + groups);
        out.put(flushed);
        writeRows(out);
    }

    /** The words of a result row: the keys', then each aggregate's. */
    private int rowWords() {
        int words = keyWords;
        for (int a = 0; a < functions.length; a++) {
            words += expressions[a] != null ? expressions[a].words() : 1;
        }
        return words;
    }

    /** The writer of the result's rows: their string keys at their length, the keys' other words and the aggregates' as they are. */
    private RowWriter rowWriter() {
        return RowWriter.of(keyColumns, rowWords());
    }

    /** Writes the table's groups as result rows, in the order they first appeared. */
    private void writeRows(ResultSink out) {
        RowWriter writer = rowWriter();
        for (int g = 0; g < groups; g++) {
            int slot = order[g];
            writer.writeFirst(out, keys, slot * keyWords, keyWords);
            for (int a = 0; a < functions.length; a++) {
                int at = slot * functions.length + a;
                if (expressions[a] != null) {
                    expressions[a].write(out, state, high, nonNull, at);
                    continue;
                }
                boolean extreme = functions[a] == Aggregate.Function.MIN || functions[a] == Aggregate.Function.MAX;
                // a MIN or MAX of only NULLs is the field's NULL
                out.putLong(extreme && nonNull[at] == 0 ? aggregateFields[a].nullValue() : state[at]);
            }
        }
    }

    /** The slot of the current key's group, found by its packed key, created if new. */
    private int denseSlot() {
        int packed = packer.pack(key);
        int g = denseGroup[packed];
        return g > 0 ? order[g - 1] : newDenseGroup(packed);
    }

    /** Whether groups are found by direct index: field keys of at most {@value #DENSE_BITS} bits together. */
    boolean dense() {
        return denseGroup != null;
    }

    /** The key fields packed into a row's group index (metered as {@code packedKeys}): with {@link #dense} keys all, else none. */
    int keysPackedPerRow() {
        return packedKeys;
    }

    /** With {@link #dense} keys: how many packed keys there can be (each below this). */
    int denseKeys() {
        return denseGroup.length;
    }

    /** With {@link #dense} keys: how a record's key packs into the index {@link #denseSlot} takes. */
    KeyPacker packer() {
        return packer;
    }

    /**
     * With {@link #dense} keys: the slot of the group of the record at {@code record}, whose key
     * packs to {@code packed} ({@link #packer}), created if new. Counts no work: the caller meters
     * its records in bulk.
     */
    int denseSlot(ByteBuffer buf, int record, int packed) {
        int g = denseGroup[packed];
        if (g > 0) {
            return order[g - 1];
        }
        readKey(buf, record);
        return newDenseGroup(packed);
    }

    /** As {@link #denseSlot(ByteBuffer, int, int)}, a new group's key unpacked from {@code packed} rather than read from a record. */
    int denseSlot(int packed) {
        int g = denseGroup[packed];
        if (g > 0) {
            return order[g - 1];
        }
        packer.unpack(packed, key);
        return newDenseGroup(packed);
    }

    private int newDenseGroup(int packed) {
        int slot = insert(find(key));
        denseGroup[packed] = groups;
        return slot;
    }

    /** The aggregates' state, {@code functions} longs per slot (replaced when the table grows). */
    long[] state() {
        return state;
    }

    /** Per aggregate, the non-NULL values it took, as {@link #state} is laid out (replaced when the table grows). */
    long[] nonNull() {
        return nonNull;
    }

    /** The high words of 128-bit decimal sums, as {@link #state} is laid out (replaced when the table grows). */
    long[] high() {
        return high;
    }

    /** The slot of the current key's group, found by hashing, created if new. */
    private int hashedSlot() {
        int slot = find(key);
        return used[slot] ? slot : insert(slot);
    }

    /** The slot holding {@code k}, or the free slot where it belongs. */
    private int find(long[] k) {
        long h = 0x9E3779B97F4A7C15L;
        for (long v : k) {
            h = (h ^ v) * 0xBF58476D1CE4E5B9L;
        }
        int mask = capacity - 1;
        int slot = (int) (h ^ (h >>> 31)) & mask;
        while (used[slot] && !sameKey(slot, k)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private boolean sameKey(int slot, long[] k) {
        int at = slot * k.length;
        for (int i = 0; i < k.length; i++) {
            if (keys[at + i] != k[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A new group for the current key at free slot {@code slot} (moved if the table grows or is
     * flushed). A table of narrow keys holds all their groups (a plan whose keys can make more is
     * refused when created, {@link PlanLimits#check}); a hashed one full is flushed first.
     */
    private int insert(int slot) {
        if (flushedRows + groups == maxRows) {
            throw limits.resultTooLarge(maxRows + 1, rowWords());
        }
        if (groups == maxGroups) {
            if (denseGroup != null) {
                throw new TaskletLimitException("groups", "the data made more than " + maxGroups
                        + " groups, beyond the limit (maxGroups)");
            }
            flush();
            slot = find(key);
        }
        if (2 * (groups + 1) > capacity) {
            rehash();
            slot = find(key);
        }
        used[slot] = true;
        System.arraycopy(key, 0, keys, slot * key.length, key.length);
        if (groups == order.length) {
            order = Arrays.copyOf(order, 2 * order.length);
        }
        order[groups++] = slot;
        return slot;
    }

    /** Sets the table's groups aside as partial rows of the result and empties it. */
    private void flush() {
        moves++;
        writeRows(flushed);
        flushedRows += groups;
        groups = 0;
        Arrays.fill(used, false);
        Arrays.fill(state, 0);
        Arrays.fill(nonNull, 0);
        Arrays.fill(high, 0);
    }

    private void rehash() {
        moves++;
        long[] oldKeys = keys;
        long[] oldState = state;
        long[] oldNonNull = nonNull;
        long[] oldHigh = high;
        int[] oldOrder = order;
        int n = groups;
        allocate(2 * capacity);
        long[] k = new long[key.length];
        for (int g = 0; g < n; g++) {
            int old = oldOrder[g];
            System.arraycopy(oldKeys, old * k.length, k, 0, k.length);
            int slot = find(k);
            used[slot] = true;
            System.arraycopy(k, 0, keys, slot * k.length, k.length);
            System.arraycopy(oldState, old * functions.length, state, slot * functions.length, functions.length);
            System.arraycopy(oldNonNull, old * functions.length, nonNull, slot * functions.length, functions.length);
            System.arraycopy(oldHigh, old * functions.length, high, slot * functions.length, functions.length);
            order[g] = slot;
        }
        groups = n;
    }

    private void allocate(int cap) {
        capacity = cap;
        keys = new long[cap * Math.max(1, keyWords)];
        used = new boolean[cap];
        state = new long[cap * functions.length];
        nonNull = new long[cap * functions.length];
        high = new long[cap * functions.length];
        order = new int[Math.max(16, cap / 2)];
    }
}
