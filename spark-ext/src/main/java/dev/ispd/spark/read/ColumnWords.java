package dev.ispd.spark.read;

import dev.ispd.plan.Field;
import dev.ispd.spark.pushdown.RowBytes;
import java.nio.ByteBuffer;
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
     * them give them back: they lie in one run or across the end of one and the start of the
     * next (runs are a range's 8-byte pieces), so per part, which word, how far its bytes are
     * shifted down and masked, and how far up they go in the bytes' big-endian integer.
     */
    private static final class Bytes {
        private final int firstAt;
        private final int firstDown;
        private final long firstMask;
        private final int firstUp;
        /** The second part's word (-1: none), shift down and mask; it ends the bytes, so it goes nowhere up. */
        private final int secondAt;
        private final int secondDown;
        private final long secondMask;
        private final boolean bigEndian;
        private final int width;

        Bytes(List<Field> runs, int offset, int width, boolean bigEndian) {
            this.width = width;
            this.bigEndian = bigEndian;
            int firstRun = runOf(runs, offset, null);
            Field first = runs.get(firstRun);
            int end = Math.min(offset + width, first.offset() + first.width());
            this.firstAt = firstRun * Long.BYTES;
            this.firstDown = shift(first, end);
            this.firstMask = mask(end - offset);
            this.firstUp = 8 * (offset + width - end);
            if (end == offset + width) {
                this.secondAt = -1;
                this.secondDown = 0;
                this.secondMask = 0;
            } else {
                int second = runOf(runs, end, null);
                if (runs.get(second).offset() + runs.get(second).width() < offset + width) {
                    throw new IllegalStateException("bytes [" + offset + ", " + (offset + width)
                            + ") of the record span more than two of the runs the plan returns");
                }
                this.secondAt = second * Long.BYTES;
                this.secondDown = shift(runs.get(second), offset + width);
                this.secondMask = mask(offset + width - end);
            }
        }

        private static long mask(int bytes) {
            return bytes == Long.BYTES ? -1L : (1L << 8 * bytes) - 1;
        }

        /** The bytes as one unsigned integer in their byte order ({@link Field#integer}'s {@code raw}). */
        long raw(ByteBuffer words, int row) {
            long be = (words.getLong(row + firstAt) >>> firstDown & firstMask) << firstUp;
            if (secondAt >= 0) {
                be |= words.getLong(row + secondAt) >>> secondDown & secondMask;
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
