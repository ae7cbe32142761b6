package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ColumnBatch} that a columnar source (Parquet pages: {@code dev.ispd.plan.parquet}) fills
 * by decoding each column straight into the arrays the vector interpreter reads: per field, its
 * values as {@link Field#readInteger} gives them ({@link #values}; a 16-byte decimal's low words
 * there and its high words in {@link #highs}) and its NULLs ({@link #nulls}), for up to
 * {@link #capacity} rows (fewer for wide records). A {@code char(N)} field has no value array: its
 * length goes beside it ({@link #lengths}), so that no reader looks for the string's end, and the
 * source either gives each row's id into the chunk's dictionary ({@link #dictionaryIds},
 * {@link #dictionary}: nothing copied per row) or writes its bytes into its place in
 * {@link #records} ({@link #place}). A WHERE's string leaf reads a string in its place
 * ({@link #chars}: a dictionary-coded row's entry written there then). The batch's rows become
 * records of the layout only if a part of the plan reads records ({@link #buffer}: a sink of rows
 * reading a column the batch does not hold, hashed group keys, the rerun after an error): then the
 * arrays (and a dictionary-coded string's entry) are stored into their fields once for the batch,
 * or for the rows it asks for.
 */
public final class DecodedBatch extends ColumnBatch {
    private final Field[] fields;
    private final Map<Field, Integer> columns = new HashMap<>();
    private final long[][] values;
    private final long[][] highs;
    private final boolean[][] nulls;
    /** Per {@code char(N)} column, each row's dictionary id, and the dictionary they are ids of in this batch (or null). */
    private final int[][] ids;
    private final StringDictionary[] dictionaries;
    /** Per {@code char(N)} column, the length of each row's string; else null. */
    private final int[][] lengths;
    /** Per column, whether its rows are dictionary ids whose lengths are not yet in {@link #lengths} (found when asked). */
    private final boolean[] lengthsOfIds;
    /** Per {@code char(N)} column, how many bytes of a string each row's place holds (padding after them); else null. */
    private final int[][] held;
    /** Per {@code char(N)} column, its padding (zeros or spaces) to write over the rest of a longer string a place held; else null. */
    private final byte[][] pads;
    private final int capacity;
    private final int recordSize;
    private final ByteBuffer records;
    private int rows;
    /** Per field read from the rows that is no column of the batch, how its values are made from the columns' ({@link #integers}). */
    private final Map<Field, RecordBytes> recordBytes = new IdentityHashMap<>();
    /** What fills the batch's columns its source left on demand ({@link #filled(int, boolean[], ColumnFiller)}); null where none is. */
    private ColumnFiller filler;
    /** Per column, whether its source fills it only when the plan first reads it in this batch, and has not yet. */
    private final boolean[] unfilled;
    /** Whether any column is {@link #unfilled}. */
    private boolean someUnfilled;
    /** The rows the plan reads of this batch ({@link #readOnly}): {@code selection[0, selected)}, or every row where {@code selected} is -1. */
    private final int[] selection;
    private int selected = -1;
    /** The dense GROUP BY key {@link #keyColumns} holds the columns of, or null. */
    private KeyPacker keyPacker;
    private long[][] keyColumns;

    /**
     * A batch of {@code fields} of {@code layout}: whole fields (no bit ranges) of 1, 2, 4, 8 or
     * 16 bytes, or {@code char(N)}; a nullable one NULL by its null bit.
     */
    public DecodedBatch(Layout layout, List<Field> fields) {
        this.fields = fields.toArray(Field[]::new);
        this.recordSize = layout.recordSize();
        this.capacity = capacity(recordSize);
        // on the heap: a source writes each string's few bytes into its place, a copy a direct buffer makes slow
        this.records = ByteBuffer.allocate(capacity * recordSize).order(ByteOrder.LITTLE_ENDIAN);
        this.values = new long[this.fields.length][];
        this.highs = new long[this.fields.length][];
        this.nulls = new boolean[this.fields.length][];
        this.lengths = new int[this.fields.length][];
        this.held = new int[this.fields.length][];
        this.pads = new byte[this.fields.length][];
        this.ids = new int[this.fields.length][];
        this.selection = new int[capacity];
        this.dictionaries = new StringDictionary[this.fields.length];
        this.lengthsOfIds = new boolean[this.fields.length];
        this.unfilled = new boolean[this.fields.length];
        for (int c = 0; c < this.fields.length; c++) {
            Field f = this.fields[c];
            if (f.bitCount() != 0 || f.nullable() && !f.hasNullBit() || !chars(f) && Integer.bitCount(f.width()) != 1) {
                throw new PlanException("layout", "field " + f.name() + " cannot be decoded into a column: "
                        + "a columnar source fills whole fields, NULL by a null bit");
            }
            columns.put(f, c);
            values[c] = chars(f) ? null : new long[capacity];
            lengths[c] = chars(f) ? new int[capacity] : null;
            held[c] = chars(f) ? new int[capacity] : null;
            if (chars(f)) {
                pads[c] = new byte[f.width()];
                if (!f.type().zeroPad()) { // a new buffer's places hold zeros, not this padding: padded whole at first
                    Arrays.fill(pads[c], (byte) ' ');
                    Arrays.fill(held[c], f.width());
                }
            }
            highs[c] = f.width() == Field.WIDE_DECIMAL_BYTES ? new long[capacity] : null;
            nulls[c] = f.nullable() ? new boolean[capacity] : null;
            ids[c] = chars(f) ? new int[capacity] : null;
        }
    }

    /** Most rows the batch holds: {@link ColumnBatch#capacity} of the layout's record size. */
    public int capacity() {
        return capacity;
    }

    /**
     * Column {@code c}'s string lengths, for a {@code char(N)}: the source sets each row's to the
     * length of its string, the bytes it {@link #place}s; a batch whose rows of the column are all
     * dictionary ids ({@link #dictionary}) finds them from the entries when first asked (a NULL
     * row's is not read).
     */
    public int[] lengths(int c) {
        return lengths[c];
    }

    /**
     * Writes the first {@code n} bytes of {@code value} into row {@code row}'s place of {@code char(N)}
     * column {@code c} (at most N), the field's padding over the rest of a longer string the place held, and
     * sets the row's length to {@code n}.
     */
    public void place(int c, int row, byte[] value, int n) {
        int at = row * recordSize + fields[c].offset();
        records.put(at, value, 0, n);
        int before = held[c][row];
        if (before > n) {
            records.put(at + n, pads[c], n, before - n);
        }
        held[c][row] = n;
        lengths[c][row] = n;
    }

    /**
     * Column {@code c}'s dictionary ids, for a {@code char(N)} column (else null): the source may
     * fill them beside the strings it writes into their places, and say so with {@link #dictionary}.
     */
    public int[] dictionaryIds(int c) {
        return ids[c];
    }

    /**
     * Says that this batch's rows of {@code char(N)} column {@code c} are all ids into
     * {@code dictionary} ({@link #dictionaryIds}, a NULL row's the dictionary's size), their places
     * not written (a row stored as a record gets its entry then), or, with null, that they are not
     * (every row's string {@link #place}d).
     */
    public void dictionary(int c, StringDictionary dictionary) {
        dictionaries[c] = dictionary;
        lengthsOfIds[c] = dictionary != null;
    }

    /** Column {@code c}'s values for the source to fill (the low words of a 16-byte decimal); null for a {@code char(N)}. */
    public long[] values(int c) {
        return values[c];
    }

    /** Column {@code c}'s high words, for a 16-byte decimal; else null. */
    public long[] highs(int c) {
        return highs[c];
    }

    /** Column {@code c}'s NULLs, for a nullable field; else null. */
    public boolean[] nulls(int c) {
        return nulls[c];
    }

    /** The buffer whose record {@code r} ({@code r * recordSize}) a {@code char(N)} field's bytes are written into. */
    @Override
    public ByteBuffer records() {
        return records.clear();
    }

    /** Marks the arrays filled with {@code rows} new rows (at most {@link #capacity}). */
    public void filled(int rows) {
        filled(rows, null, null);
    }

    /**
     * Fills column {@code c} of a batch that left it on demand: its values of rows
     * {@code sel[0, n)} (ascending) alone, those the plan reads ({@link #readOnly}), or of every
     * row where {@code sel} is null ({@code n} the batch's rows).
     */
    public interface ColumnFiller {
        void fill(int c, int[] sel, int n);
    }

    /**
     * Marks the arrays filled with {@code rows} new rows, but for the columns {@code onDemand}
     * marks (null: none), each of which {@code filler} fills when a part of the plan first reads
     * it, or the rows as records ({@link #buffer}): a source decodes the columns of its WHERE's
     * first test first, and each other only for a batch some row of which the plan reads by then,
     * and only for the rows it reads where it has said which ({@link #readOnly}).
     */
    public void filled(int rows, boolean[] onDemand, ColumnFiller filler) {
        this.rows = rows;
        this.selected = -1;
        this.filler = onDemand == null ? null : filler;
        someUnfilled = onDemand != null;
        if (someUnfilled) {
            System.arraycopy(onDemand, 0, unfilled, 0, unfilled.length);
        }
        advance();
    }

    /** Fills the columns left on demand that are not yet, for the rows the plan reads where it has said. */
    private void fillRest() {
        if (someUnfilled) {
            for (int c = 0; c < fields.length; c++) {
                if (unfilled[c]) {
                    fill(c);
                }
            }
            someUnfilled = false;
        }
    }

    /** Column {@code c}, left on demand and not yet filled, for the rows the plan reads where it has said. */
    private void fill(int c) {
        unfilled[c] = false;
        if (selected >= 0) {
            filler.fill(c, selection, selected);
        } else {
            filler.fill(c, null, rows);
        }
    }

    /**
     * Rows the plan reads of the batch, where fewer than half its rows (more: values are made for
     * every row, a column at a time); told again with fewer as a WHERE's AND narrows them.
     */
    @Override
    void readOnly(int[] sel, int n) {
        if (2 * n < rows) {
            System.arraycopy(sel, 0, selection, 0, n);
            selected = n;
        }
    }

    @Override
    int rows() {
        return rows;
    }

    @Override
    StringDictionary dictionary(Field field) {
        int c = index(field);
        return c < 0 ? null : dictionaries[c];
    }

    @Override
    int[] dictionaryIds(Field field) {
        return ids[column(field)];
    }

    @Override
    boolean holds(Field field) {
        return find(field) >= 0;
    }

    @Override
    long[] heldValues(Field field) {
        int c = index(field);
        return c >= 0 && highs[c] == null && field.readsAsInteger() ? values[c] : null;
    }

    @Override
    boolean[] heldNulls(Field field) {
        return nulls[column(field)];
    }

    @Override
    void decode(Field field, long[] out, boolean[] outNulls) {
        int c = column(field);
        System.arraycopy(values[c], 0, out, 0, rows);
        if (nulls[c] != null) {
            System.arraycopy(nulls[c], 0, outNulls, 0, rows);
        }
    }

    @Override
    void decode(Field field, int[] sel, int n, long[] out, boolean[] outNulls) {
        int c = column(field);
        long[] v = values[c];
        boolean[] isNull = nulls[c];
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            out[r] = v[r];
            if (isNull != null) {
                outNulls[r] = isNull[r];
            }
        }
    }

    @Override
    void decodeWide(Field field, long[] lows, long[] outHighs, boolean[] outNulls) {
        decode(field, lows, outNulls);
        System.arraycopy(highs[column(field)], 0, outHighs, 0, rows);
    }

    @Override
    void decodeWide(Field field, int[] sel, int n, long[] lows, long[] outHighs, boolean[] outNulls) {
        decode(field, sel, n, lows, outNulls);
        long[] h = highs[column(field)];
        for (int i = 0; i < n; i++) {
            outHighs[sel[i]] = h[sel[i]];
        }
    }

    @Override
    void keys(KeyPacker packer, int[] sel, int n, int[] packed) {
        fillRest();
        if (packer != keyPacker) { // once per plan: its key's columns (none where a key is a char(N), whose bytes are in the records)
            Field[] keys = packer.fields();
            keyColumns = new long[keys.length][];
            for (int k = 0; k < keys.length; k++) {
                keyColumns[k] = values[column(keys[k])];
                if (keyColumns[k] == null) {
                    keyColumns = null;
                    break;
                }
            }
            keyPacker = packer;
        }
        if (keyColumns == null) {
            super.keys(packer, sel, n, packed);
            return;
        }
        for (int i = 0; i < n; i++) {
            packed[i] = packer.pack(keyColumns, sel[i]);
        }
    }

    /**
     * Column {@code field}'s values, but for a 16-byte decimal's or a float's or bool's; for a field
     * that is not a column of the batch but whose bytes its columns' values hold (a Spark row plan's
     * run of a record's bytes), the values composed from theirs ({@link RecordBytes}: of the rows the
     * plan reads, {@link #readOnly}); else null (read from the records).
     */
    @Override
    long[] integers(Field field) {
        int c = index(field);
        if (c >= 0) {
            return highs[c] == null && field.readsAsInteger() ? values[c] : null;
        }
        fillRest(); // its values are made from columns it cannot tell
        RecordBytes bytes = recordBytes.computeIfAbsent(field, f -> RecordBytes.of(f, fields, values, highs, capacity));
        return bytes == RecordBytes.NONE ? null : selected < 0 ? bytes.values(this, null, rows)
                : bytes.values(this, selection, selected);
    }

    @Override
    int[] stringLengths(Field field) {
        int c = index(field);
        if (c < 0) {
            return null;
        }
        if (lengthsOfIds[c]) { // a WHERE judged per entry, or a result reading entries, never asks
            StringDictionary d = dictionaries[c];
            int[] id = ids[c];
            int[] length = lengths[c];
            for (int r = 0; r < rows; r++) {
                if (id[r] < d.size()) {
                    length[r] = d.entry(id[r]).length;
                }
            }
            lengthsOfIds[c] = false;
        }
        return lengths[c];
    }

    @Override
    int record(int row) {
        return row * recordSize;
    }

    @Override
    ByteBuffer strings() {
        return records;
    }

    /**
     * A string's bytes in its row's place, where the source wrote them or, for a dictionary-coded
     * column, where its entry is written now; its NULL from the column's NULLs.
     */
    @Override
    void chars(Field field, int[] sel, int n, int[] starts, boolean[] outNulls) {
        int c = column(field);
        boolean[] isNull = nulls[c];
        int offset = field.offset();
        for (int i = 0; i < n; i++) {
            int r = sel == null ? i : sel[i];
            starts[r] = r * recordSize + offset;
            outNulls[r] = isNull != null && isNull[r];
            placeEntry(c, r);
        }
    }

    /** Row {@code r}'s dictionary entry into its place, where column {@code c} is dictionary-coded in this batch and the row not NULL. */
    private void placeEntry(int c, int r) {
        StringDictionary d = dictionaries[c];
        if (d != null && ids[c][r] < d.size()) {
            byte[] entry = d.entry(ids[c][r]);
            place(c, r, entry, entry.length);
        }
    }

    private int column(Field field) {
        int c = index(field);
        if (c < 0) {
            throw new IllegalStateException("field " + field.name() + " is not a column of the batch");
        }
        return c;
    }

    /** Which column {@code field} is, or -1; a column left on demand is filled first. */
    private int index(Field field) {
        int c = find(field);
        if (someUnfilled && c >= 0 && unfilled[c]) {
            fill(c);
        }
        return c;
    }

    private int find(Field field) {
        for (int c = 0; c < fields.length; c++) { // a plan's nodes hold the layout's own fields: no hash per call
            if (fields[c] == field) {
                return c;
            }
        }
        Integer c = columns.get(field);
        return c == null ? -1 : c;
    }

    private static boolean chars(Field f) {
        return f.type().kind() == FieldType.Kind.CHAR;
    }

    @Override
    void storeRows(int[] sel, int n) {
        fillRest();
        super.storeRows(sel, n);
    }

    /**
     * Row {@code r}'s values into its fields of its record (a char(N)'s bytes are there already,
     * or its dictionary entry is placed now); NULL bits set or cleared.
     */
    @Override
    void storeRow(int r) {
        int at = r * recordSize;
        for (int c = 0; c < fields.length; c++) {
            Field f = fields[c];
            boolean[] isNull = nulls[c];
            placeEntry(c, r);
            if (isNull != null) {
                int bit = f.nullBit();
                int b = at + (bit >>> 3);
                byte mask = (byte) (1 << (bit & 7));
                records.put(b, (byte) (isNull[r] ? records.get(b) | mask : records.get(b) & ~mask));
            }
            if (values[c] != null) {
                put(f, at + f.offset(), values[c][r], highs[c] == null ? 0 : highs[c][r]);
            }
        }
    }

    /** {@code v} (and a 16-byte decimal's {@code high}) into the field's bytes at {@code at}, in its byte order. */
    private void put(Field f, int at, long v, long high) {
        boolean swap = f.bigEndian();
        switch (f.width()) {
            case 1 -> records.put(at, (byte) v);
            case 2 -> records.putShort(at, swap ? Short.reverseBytes((short) v) : (short) v);
            case 4 -> records.putInt(at, swap ? Integer.reverseBytes((int) v) : (int) v);
            case 8 -> records.putLong(at, swap ? Long.reverseBytes(v) : v);
            default -> {
                records.putLong(at + (swap ? 8 : 0), swap ? Long.reverseBytes(v) : v);
                records.putLong(at + (swap ? 0 : 8), swap ? Long.reverseBytes(high) : high);
            }
        }
    }
}
