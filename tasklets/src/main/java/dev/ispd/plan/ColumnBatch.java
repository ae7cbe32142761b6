package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * A batch of up to {@link #MAX_ROWS} rows whose fields the vector interpreter ({@link VectorEval},
 * {@link BatchScan}) reads a column at a time: the seam between where values come from (records
 * of a layout in a scan buffer, {@link RecordBatch}; a columnar file's pages decoded straight into
 * column arrays, {@link DecodedBatch}; a column-blocked block's columns, {@link BlockBatch}) and
 * the expressions, filters and sinks over them. A WHERE reads no records: its leaves read columns
 * ({@link #decode}) and strings in place ({@link #chars}). The parts of a plan that read records
 * (sinks of rows, hashed group keys, the record-by-record rerun after an error) read
 * {@link #buffer}, which a columnar batch makes only when one asks ({@link #storeRows}).
 */
public abstract class ColumnBatch {
    /**
     * Rows per batch: 1,024 keeps a node's values (8 KiB of longs) and the batch's records (20-256
     * KiB) within a core's L2 cache, and is long enough that a node's loop costs far more than the
     * call that starts it.
     */
    public static final int MAX_ROWS = 1024;
    /**
     * Most bytes of the records of a batch a source fills ({@link DecodedBatch}): wide records (long
     * strings) make batches of fewer rows rather than a larger buffer; 4 MiB holds 1,024 records
     * of up to 4 KiB.
     */
    public static final int MAX_BYTES = 4 << 20;

    private int generation;
    /** Whether every row of the batch is stored as a record ({@link #buffer}) since it last {@link #advance}d. */
    private boolean stored;
    /** How many batches were stored whole as records. */
    private long batchesStored;

    /**
     * Rows a batch of records of {@code recordSize} bytes holds: {@link #MAX_ROWS}, fewer where they
     * would pass {@link #MAX_BYTES}, at least one.
     */
    public static int capacity(int recordSize) {
        return Math.max(1, Math.min(MAX_ROWS, MAX_BYTES / recordSize));
    }

    ColumnBatch() {
    }

    /** Rows in the batch. */
    abstract int rows();

    /** Which batch this is: a different number for each new set of rows ({@link #advance}). */
    final int generation() {
        return generation;
    }

    /** Marks that the batch now holds other rows: columns decoded from it before, and records stored, are stale. */
    final void advance() {
        generation++;
        stored = false;
    }

    /**
     * Decodes {@code field} of every row into {@code values[0, rows)}, each as
     * {@link Field#readInteger} gives it (an integer, a decimal's unscaled value, days,
     * microseconds, a float's IEEE 754 bits, a bool's 0 or 1), and sets {@code nulls[row]} where
     * the row's value is NULL (its null bit set, or its null value). A field that is not nullable
     * leaves {@code nulls} alone.
     */
    abstract void decode(Field field, long[] values, boolean[] nulls);

    /** {@link #decode} of rows {@code sel[0, n)} only: for a few rows of a batch, as a selective WHERE leaves. */
    abstract void decode(Field field, int[] sel, int n, long[] values, boolean[] nulls);

    /**
     * Decodes a 16-byte decimal {@code field} of every row: its unscaled value's low words into
     * {@code lows[0, rows)}, high words into {@code highs}, and {@code nulls[row]} where the row's
     * value is NULL.
     */
    abstract void decodeWide(Field field, long[] lows, long[] highs, boolean[] nulls);

    /** {@link #decodeWide} of rows {@code sel[0, n)} only. */
    abstract void decodeWide(Field field, int[] sel, int n, long[] lows, long[] highs, boolean[] nulls);

    /**
     * The batch's rows as records of the plan's layout: row {@code r} at {@link #record}{@code (r)}.
     * A columnar batch stores them ({@link #storeRow}) into {@link #records} once for the batch, when
     * a part of the plan first asks; a batch of records has them.
     */
    ByteBuffer buffer() {
        if (!stored) {
            storeRows(null, rows());
            stored = true;
            batchesStored++;
        }
        return records();
    }

    /**
     * A buffer holding at least rows {@code sel[0, n)} as records ({@link #buffer}'s, for a sink
     * that reads only the rows a WHERE selected): a columnar batch stores only those, unless the
     * whole batch is already.
     */
    ByteBuffer buffer(int[] sel, int n) {
        if (!stored) {
            storeRows(sel, n);
        }
        return records();
    }

    /**
     * A buffer holding at least {@code fields} of rows {@code sel[0, n)} as records ({@link #buffer}'s,
     * for a part of the plan that reads only those fields of the rows, such as hashed GROUP BY keys):
     * a batch of columns may store only those fields' columns.
     */
    ByteBuffer buffer(int[] sel, int n, Field[] fields) {
        return buffer(sel, n);
    }

    /** Whether every row of the batch is stored as a record since it last {@link #advance}d. */
    final boolean stored() {
        return stored;
    }

    /** Rows {@code sel[0, n)} (null {@code sel}: rows 0 to n) into their records: {@link #storeRow} of each. */
    void storeRows(int[] sel, int n) {
        for (int i = 0; i < n; i++) {
            storeRow(sel == null ? i : sel[i]);
        }
    }

    /** The buffer a columnar batch stores its rows into as records ({@link #buffer}). */
    abstract ByteBuffer records();

    /** Row {@code r}'s values into its record in {@link #records}: a columnar batch's one step of {@link #buffer}. */
    abstract void storeRow(int r);

    /** How many batches were stored whole as records: none where every part of a plan reads columns. */
    final long batchesStored() {
        return batchesStored;
    }

    /** The absolute position of row {@code row}'s record in {@link #buffer}. */
    abstract int record(int row);

    /**
     * The buffer in which {@link #chars} finds the bytes of the batch's {@code char(N)} fields in
     * place (a batch of records' own, a block's columns, a columnar source's records), without
     * storing a row as a record.
     */
    abstract ByteBuffer strings();

    /**
     * For a {@code char(N)} {@code field}, of rows {@code sel[0, n)} (null {@code sel}: rows 0 to
     * n): where each row's bytes start in {@link #strings} into {@code starts[row]}, and whether its
     * value is NULL into {@code nulls[row]} (false where the field is not nullable).
     */
    abstract void chars(Field field, int[] sel, int n, int[] starts, boolean[] nulls);

    /**
     * For a {@code char(N)} field whose rows in this batch are all ids into one dictionary (or NULL):
     * the dictionary, each row's id in {@link #dictionaryIds} (a NULL row's is the dictionary's
     * size); else null, as for every field of a batch of records.
     */
    StringDictionary dictionary(Field field) {
        return null;
    }

    /** Each row's id into {@link #dictionary}{@code (field)}, where that is not null. */
    int[] dictionaryIds(Field field) {
        throw new IllegalStateException("field " + field.name() + " has no dictionary ids in this batch");
    }

    /**
     * The lengths of the strings of {@code field}, a {@code char(N)}, in the places of the batch's
     * rows, where the source keeps them (a NULL row's is not meaningful); null where they are
     * found from the padding ({@link Field#stringEnd}).
     */
    int[] stringLengths(Field field) {
        return null;
    }

    /**
     * The values of {@code field} (one that {@link Field#readsAsInteger}, of at most 8 bytes) by
     * row, each as {@link Field#readInteger} reads it from the row's record (a NULL's as stored),
     * where the batch keeps them so; else null, and they are read from {@link #buffer}.
     */
    long[] integers(Field field) {
        return null;
    }

    /**
     * Whether the batch decodes {@code field}'s values itself ({@link #decode}, {@link #chars}): a
     * batch of records any field of its layout; a columnar batch those its columns hold, not a
     * field of a plan's own over bytes no column, or more than one, holds (those are read from the
     * rows stored as records, {@link #buffer}).
     */
    boolean holds(Field field) {
        return true;
    }

    /**
     * The batch's own column of {@code field}, one that {@link Field#readsAsInteger}: its values by
     * row as {@link #decode} writes them, for a reader to read in place rather than copy; null
     * where the batch holds no such column (its values are decoded from records or blocks).
     */
    long[] heldValues(Field field) {
        return null;
    }

    /** The NULLs by row of the column {@link #heldValues} gives; null where the field is not nullable. */
    boolean[] heldNulls(Field field) {
        return null;
    }

    /**
     * Says that of this batch, until it {@link #advance}s, the plan reads rows {@code sel[0, n)}
     * alone: values the batch makes for its readers ({@link #integers}) may be made for those rows
     * only. Told as a WHERE's top AND narrows the rows, after each of its tests (the tests after it
     * read no other row), and again with its matches, before any other part of the plan reads a
     * row: each time rows among those told before.
     */
    void readOnly(int[] sel, int n) {
    }

    /** {@link #fieldRecord} of a field whose values the batch does not hold in place. */
    static final long NOT_IN_PLACE = Long.MIN_VALUE;

    /**
     * Where the batch holds {@code field}'s value of each row in {@link #strings} as a record of
     * the layout would, rows the field's width apart (a block's column): the position that, as
     * row 0's record, puts the field where row 0's value lies, row {@code r}'s record
     * {@code r * field.width()} on; {@link #NOT_IN_PLACE} where it does not, and the rows are read
     * from {@link #buffer}. So a sink reads a block's columns without gathering them into records.
     */
    long fieldRecord(Field field) {
        return NOT_IN_PLACE;
    }

    /**
     * Hands rows {@code sel[0, n)}, the matches of a WHERE, to {@code sink} one at a time, counted
     * as {@code rowsOneAtATime}, once it has {@link RowSink#prepare}d them: read from the batch's columns where the sink can
     * ({@link RowSink#readsBatch}), else from the rows stored as records. The one way every loop
     * that hands a batch's matches to a sink row by row hands them.
     */
    void handEach(RowSink sink, int[] sel, int n, Work work) {
        work.rowsOneAtATime += n;
        if (n == 0) {
            return; // no match, nothing to read: a sink's columns made from the batch's (RecordBytes) are not made for it
        }
        sink.prepare(this, sel, n);
        ByteBuffer buf = sink.readsBatch(this) ? null : buffer(sel, n);
        for (int i = 0; i < n; i++) {
            sink.accept(this, buf, sel[i], work);
        }
    }

    /** The packed dense group key ({@link KeyPacker}) of each of rows {@code sel[0, n)} into {@code packed}. */
    void keys(KeyPacker packer, int[] sel, int n, int[] packed) {
        ByteBuffer buf = buffer(sel, n);
        for (int i = 0; i < n; i++) {
            packed[i] = packer.pack(buf, record(sel[i]));
        }
    }
}
