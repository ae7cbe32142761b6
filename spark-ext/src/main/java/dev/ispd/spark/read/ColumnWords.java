package dev.ispd.spark.read;

import dev.ispd.plan.Field;
import dev.ispd.spark.pushdown.RowBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One column of a row plan's rows read where the plan returns it ({@link RowBytes}): its bytes are
 * in the runs of the record's bytes that cover them (each word an unsigned big-endian integer of
 * its run), so its value is those words' bytes shifted into place and read in the field's byte
 * order, without putting the record back together. Its null bit is a bit of a run's word, or
 * (Parquet's records) the value of its own {@code IS NULL} word. Bound to the words of a batch of
 * rows ({@link #bind}) it gives their values ({@link FieldValues}), nothing allocated per row.
 */
final class ColumnWords implements FieldValues {
    private final Bytes value;
    /** A 16-byte decimal's halves (else null). */
    private final Bytes high;
    private final Bytes low;
    private final Field field;
    /** The offset in a row of the word that holds the null bit, and the bit's place in it (-1: no null bit). */
    private final int nullAt;
    private final int nullShift;
    private ByteBuffer words;
    private int[] rowAt;

    /** Column {@code field} of the rows a plan of {@code bytes} returns. */
    ColumnWords(RowBytes bytes, Field field) {
        this.field = field;
        List<Field> runs = bytes.runs();
        if (field.width() == Field.WIDE_DECIMAL_BYTES) {
            int half = Long.BYTES;
            this.high = new Bytes(runs, field.offset() + (field.bigEndian() ? 0 : half), half, field.bigEndian());
            this.low = new Bytes(runs, field.offset() + (field.bigEndian() ? half : 0), half, field.bigEndian());
            this.value = null;
        } else {
            this.value = new Bytes(runs, field.offset(), field.width(), field.bigEndian());
            this.high = null;
            this.low = null;
        }
        if (!field.hasNullBit()) {
            this.nullAt = -1;
            this.nullShift = 0;
        } else if (bytes.nullWord(field) >= 0) { // IS NULL's value word: 1 where NULL, else 0
            this.nullAt = bytes.nullWord(field) * Long.BYTES;
            this.nullShift = 0;
        } else {
            int at = field.nullBit() >>> 3;
            int run = Bytes.runOf(runs, at, field);
            this.nullAt = run * Long.BYTES;
            this.nullShift = Bytes.shift(runs.get(run), at + 1) + (field.nullBit() & 7);
        }
    }

    /** Reads rows whose words start at {@code rowAt[0]}, {@code rowAt[1]}, ... of {@code words} (little-endian). */
    void bind(ByteBuffer words, int[] rowAt) {
        this.words = words;
        this.rowAt = rowAt;
    }

    @Override
    public boolean nullBitSet(int row) {
        return (words.getLong(rowAt[row] + nullAt) >>> nullShift & 1) != 0;
    }

    @Override
    public long integer(int row) {
        return field.integer(value.raw(words, rowAt[row]));
    }

    @Override
    public long high(int row) {
        return high.raw(words, rowAt[row]);
    }

    @Override
    public long low(int row) {
        return low.raw(words, rowAt[row]);
    }

    /**
     * Bytes [offset, offset + width) of a record (at most 8) as the words of the runs that hold
     * them give them back: per run, which word, how far its bytes are shifted down and masked, and
     * how far up they go in the bytes' big-endian integer.
     */
    private static final class Bytes {
        private final int[] wordAt;
        private final int[] down;
        private final long[] mask;
        private final int[] up;
        private final boolean bigEndian;
        private final int width;

        Bytes(List<Field> runs, int offset, int width, boolean bigEndian) {
            this.width = width;
            this.bigEndian = bigEndian;
            List<int[]> parts = new ArrayList<>();
            for (int at = offset; at < offset + width; ) {
                int run = runOf(runs, at, null);
                Field r = runs.get(run);
                int end = Math.min(offset + width, r.offset() + r.width());
                parts.add(new int[] {run * Long.BYTES, shift(r, end), 8 * (end - at), 8 * (offset + width - end)});
                at = end;
            }
            this.wordAt = parts.stream().mapToInt(p -> p[0]).toArray();
            this.down = parts.stream().mapToInt(p -> p[1]).toArray();
            this.mask = parts.stream().mapToLong(p -> p[2] == 64 ? -1L : (1L << p[2]) - 1).toArray();
            this.up = parts.stream().mapToInt(p -> p[3]).toArray();
        }

        /** The bytes as one unsigned integer in their byte order ({@link Field#integer}'s {@code raw}). */
        long raw(ByteBuffer words, int row) {
            long be = 0;
            for (int p = 0; p < wordAt.length; p++) {
                be |= (words.getLong(row + wordAt[p]) >>> down[p] & mask[p]) << up[p];
            }
            return bigEndian ? be : Long.reverseBytes(be) >>> (64 - 8 * width);
        }

        /** The place in {@code run}'s word of the bits of the record's byte just before {@code end}. */
        static int shift(Field run, int end) {
            return 8 * (run.offset() + run.width() - end);
        }

        /** The index of the run that holds byte {@code at} of the record (of {@code field}'s, for the error). */
        static int runOf(List<Field> runs, int at, Field field) {
            for (int i = 0; i < runs.size(); i++) {
                Field r = runs.get(i);
                if (at >= r.offset() && at < r.offset() + r.width()) {
                    return i;
                }
            }
            throw new IllegalStateException("byte " + at + " of the record" + (field == null ? "" : " (" + field.name()
                    + "'s null bit)") + " is in none of the runs the plan returns");
        }
    }
}
