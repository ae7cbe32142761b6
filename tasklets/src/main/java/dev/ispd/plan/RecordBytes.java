package dev.ispd.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The values of a field that is no column of a {@link DecodedBatch} but whose bytes lie in its
 * columns' (a Spark row plan returns a record's non-string columns as runs of up to 8 of its
 * bytes, each an unsigned big-endian field over the table's fields: docs/spark.md), made a batch
 * at a time from the columns' values as {@link Field#readInteger} reads the field from the rows
 * {@link DecodedBatch#storeRow stored} as records, so that no row is stored for it: each byte is
 * the byte of the value of the column holding it there (in that column's byte order), or zero
 * where no column does (a record's bytes that no column is stored into stay zero; a layout keeps
 * null bits out of its fields). A field with a byte in a string's place is not made so
 * ({@link #NONE}): it is read from the records.
 */
final class RecordBytes {
    /** What a field that is not made from the columns maps to. */
    static final RecordBytes NONE = new RecordBytes(null, new Piece[0], 0);

    private final Field field;
    private final Piece[] pieces;
    /** The field's value of each row of the batch {@link #made} is of. */
    private final long[] values;
    private final BatchMark made = new BatchMark();

    private RecordBytes(Field field, Piece[] pieces, int capacity) {
        this.field = field;
        this.pieces = pieces;
        this.values = new long[capacity];
    }

    /**
     * Consecutive bytes of the field taken from one word of a column's value ({@code word}: the
     * column's values, or a 16-byte decimal's high words): {@code bytes} of them from bit
     * {@code from} of the word, put at bit {@code to} of the field's raw value, their order
     * reversed where the column's byte order is not the field's.
     */
    private record Piece(long[] word, int from, int bytes, int to, boolean reversed) {
        long mask() {
            return bytes == Long.BYTES ? -1L : (1L << (8 * bytes)) - 1;
        }
    }

    /**
     * How {@code field} is made from the values of {@code columns} ({@code values}, and
     * {@code highs} for a 16-byte decimal, by column) for batches of up to {@code capacity} rows, or {@link #NONE}: a field of more than 8
     * bytes, one that does not read as an integer, or one with a byte of a string's place.
     */
    static RecordBytes of(Field field, Field[] columns, long[][] values, long[][] highs, int capacity) {
        if (field.width() > Long.BYTES || !field.readsAsInteger()) {
            return NONE;
        }
        List<Piece> pieces = new ArrayList<>();
        long[] word = null;
        int from = 0;
        int to = 0;
        int bytes = 0;
        boolean reversed = false;
        for (int i = 0; i < field.width(); i++) {
            int at = field.offset() + i;
            int to8 = 8 * (field.bigEndian() ? field.width() - 1 - i : i);
            int c = columnAt(columns, at);
            if (c == -2) {
                return NONE;
            }
            long[] w = null;
            int from8 = 0;
            if (c >= 0) {
                Field f = columns[c];
                int j = at - f.offset();
                boolean high = f.width() == Field.WIDE_DECIMAL_BYTES && (j >= Long.BYTES) != f.bigEndian();
                int inWord = f.width() == Field.WIDE_DECIMAL_BYTES ? j % Long.BYTES : j;
                int wordWidth = Math.min(f.width(), Long.BYTES);
                w = high ? highs[c] : values[c];
                from8 = 8 * (f.bigEndian() ? wordWidth - 1 - inWord : inWord);
            }
            if (w != word || w == null) { // a new piece: another word, or a byte no column holds (zero)
                if (word != null) {
                    pieces.add(new Piece(word, from, bytes, to, reversed));
                }
                word = w;
                from = from8;
                to = to8;
                bytes = 1;
                reversed = c >= 0 && columns[c].bigEndian() != field.bigEndian();
            } else {
                from = Math.min(from, from8);
                to = Math.min(to, to8);
                bytes++;
            }
        }
        if (word != null) {
            pieces.add(new Piece(word, from, bytes, to, reversed));
        }
        return new RecordBytes(field, pieces.toArray(Piece[]::new), capacity);
    }

    /**
     * The column of {@code columns} whose value holds byte {@code at} of the record, -1 where none
     * does (the byte stays zero), -2 where a string's place does.
     */
    private static int columnAt(Field[] columns, int at) {
        for (int c = 0; c < columns.length; c++) {
            Field f = columns[c];
            if (at >= f.offset() && at < f.offset() + f.width()) {
                return f.type().kind() == FieldType.Kind.CHAR ? -2 : c;
            }
        }
        return -1;
    }

    /**
     * The field's value of rows {@code sel[0, n)} of {@code batch} (null {@code sel}: of its first
     * {@code n} rows), made once a batch: the other rows' values are not made.
     */
    long[] values(ColumnBatch batch, int[] sel, int n) {
        if (made.moveTo(batch)) {
            if (sel == null) {
                make(n);
            } else {
                make(sel, n);
            }
        }
        return values;
    }

    private void make(int rows) {
        Arrays.fill(values, 0, rows, 0L);
        for (Piece p : pieces) {
            long[] word = p.word();
            long mask = p.mask();
            int from = p.from();
            int to = p.to();
            if (p.reversed()) {
                int back = 64 - 8 * p.bytes();
                for (int r = 0; r < rows; r++) {
                    values[r] |= (Long.reverseBytes((word[r] >>> from) & mask) >>> back) << to;
                }
            } else {
                for (int r = 0; r < rows; r++) {
                    values[r] |= ((word[r] >>> from) & mask) << to;
                }
            }
        }
        if (field.signed() || field.bitCount() != 0) { // else the bytes read are the value
            for (int r = 0; r < rows; r++) {
                values[r] = field.integer(values[r]);
            }
        }
    }

    /** {@link #make(int)} of rows {@code sel[0, n)} alone, a row at a time over its pieces. */
    private void make(int[] sel, int n) {
        boolean integer = field.signed() || field.bitCount() != 0;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            long v = 0;
            for (Piece p : pieces) {
                long bytes = (p.word()[r] >>> p.from()) & p.mask();
                v |= (p.reversed() ? Long.reverseBytes(bytes) >>> (64 - 8 * p.bytes()) : bytes) << p.to();
            }
            values[r] = integer ? field.integer(v) : v;
        }
    }
}
