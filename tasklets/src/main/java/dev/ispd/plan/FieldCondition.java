package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.Map;

/** A test of one field's value: the load and the comparisons are counted, and NULL fails it, as in SQL. */
abstract class FieldCondition extends Condition {
    final Field field;
    final int comparesPerTest;
    /** Whether the field's value is its integer (no float key or bool to make per record). */
    private final boolean integer;
    /** The field's values and NULLs of a batch's rows, shared with the WHERE's other leaves of it ({@link #shareValues}) where they are its integers. */
    private FieldValues column;
    /** The rows not NULL, for {@link #select}; made on its first call. */
    private int[] present;

    FieldCondition(Field field, int comparesPerTest) {
        this.field = field;
        this.comparesPerTest = comparesPerTest;
        this.integer = field.readsAsInteger();
    }

    /** A field whose values are its integers shares them with the WHERE's other leaves of it. */
    @Override
    final void shareValues(Map<Field, FieldValues> values) {
        if (integer) {
            column = values.computeIfAbsent(field, f -> new FieldValues());
        }
    }

    @Override
    boolean test(ByteBuffer buf, int record, Work work) {
        work.fieldReads++;
        if (field.hasNullBit() && field.nullBitSet(buf, record)) {
            return false;
        }
        long v = integer ? field.readInteger(buf, record) : field.read(buf, record);
        work.compares += comparesPerTest;
        return !field.isNull(v) && holds(v);
    }

    /**
     * The batch form reads the field's column ({@link ColumnBatch#decode}), not the batch's rows
     * as records, where a batch decodes the field (a {@code char(N)} or 16-byte one it does not),
     * or the batch's own column where it holds one ({@link ColumnBatch#heldValues}, no copy);
     * the rows that are not NULL are then tested in one loop of the leaf's own ({@link #keep}).
     */
    @Override
    final int select(ColumnBatch batch, int[] sel, int n, int[] out, Work work) {
        if (field.type().kind() == FieldType.Kind.CHAR || field.width() > Long.BYTES) {
            return super.select(batch, sel, n, out, work);
        }
        if (present == null) {
            present = new int[ColumnBatch.MAX_ROWS];
            column = column != null ? column : new FieldValues();
        }
        long[] values = integer ? batch.heldValues(field) : null; // a float's or bool's are made anew below
        boolean[] nulls;
        if (values != null) {
            nulls = batch.heldNulls(field);
        } else {
            if (integer) {
                column.decode(field, batch, sel, n);
            } else {
                batch.decode(field, sel, n, column.values, column.nulls);
            }
            values = column.values;
            nulls = column.nulls;
        }
        work.fieldReads += n;
        int[] rows = sel;
        int m = n;
        if (field.hasNullBit()) { // a NULL by its bit is not compared
            m = 0;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                if (!nulls[r]) {
                    present[m++] = r;
                }
            }
            rows = present;
        }
        work.compares += (long) comparesPerTest * m;
        if (!integer) { // a float's key or a bool's 1, in place: these values are this leaf's alone
            for (int i = 0; i < m; i++) {
                int r = rows[i];
                values[r] = field.fromInteger(values[r]);
            }
        }
        if (field.nullable() && !field.hasNullBit()) { // a NULL by its value is compared, and fails
            int k = 0;
            for (int i = 0; i < m; i++) {
                int r = rows[i];
                if (!field.isNull(values[r])) {
                    present[k++] = r;
                }
            }
            rows = present;
            m = k;
        }
        return keep(values, rows, m, out, work);
    }

    /** {@link #keep(long[], int[], int, int[])}, for a leaf that counts more work as it keeps rows. */
    int keep(long[] values, int[] rows, int m, int[] out, Work work) {
        return keep(values, rows, m, out);
    }

    /**
     * The values that pass, where they are one range of the field's integers: its ends
     * {@code {lo, hi}}, compared as signed longs once {@link #flip} is xor-ed into a value;
     * else null.
     */
    long[] bounds() {
        return null;
    }

    /** The sign bit for unsigned 8-byte fields (their order as signed longs), else 0. */
    final long flip() {
        return field.unsigned64() ? Long.MIN_VALUE : 0;
    }

    /** Whether {@link #select} compares the field's integers as they are (no float key or bool made first). */
    final boolean integer() {
        return integer;
    }

    /**
     * Of rows {@code rows[0, m)}, none NULL, whose values ({@link Field#read}'s) {@code values}
     * holds by row, writes those for which the test holds to {@code out} in order ({@code out}
     * may be {@code rows}); how many. A row at a time by {@link #holds}, unless a leaf has a
     * loop of its own.
     */
    int keep(long[] values, int[] rows, int m, int[] out) {
        int k = 0;
        for (int i = 0; i < m; i++) {
            int r = rows[i];
            if (holds(values[r])) {
                out[k++] = r;
            }
        }
        return k;
    }

    /** Whether the test holds for {@code v}, a value that is not NULL. */
    abstract boolean holds(long v);

    /**
     * Of rows {@code rows[0, m)}, those whose value lies in {@code [lo, hi]} ({@code inside}) or
     * outside it, to {@code out}; values and ends compared as signed longs once {@code flip} is
     * xor-ed into the values (the sign bit for unsigned 8-byte fields, else 0). One loop without a
     * call: the batch form of comparisons and BETWEEN.
     */
    static int keepRange(long[] values, int[] rows, int m, int[] out, long flip, long lo, long hi, boolean inside) {
        int k = 0;
        for (int i = 0; i < m; i++) { // no branch on the value: a row is written, and kept by its count
            int r = rows[i];
            long v = values[r] ^ flip;
            out[k] = r;
            k += (v >= lo & v <= hi) == inside ? 1 : 0;
        }
        return k;
    }
}
