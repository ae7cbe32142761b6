package dev.ispd.plan;

import dev.ispd.tasklet.Leb128;
import dev.ispd.tasklet.ResultSink;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes result rows in {@link PlanResult}'s encoding: a row's words as they are, but each
 * string column's at its length (its length + 1 as unsigned LEB128, 0 for NULL, then its bytes),
 * not zero-filled to the longest string the column holds.
 */
final class RowWriter {
    private final int words;
    /** Per string column, its first word in a row and its words ({@link ColumnValues}). */
    private final int[] stringAt;
    private final int[] stringWords;

    private RowWriter(int words, int[] stringAt, int[] stringWords) {
        this.words = words;
        this.stringAt = stringAt;
        this.stringWords = stringWords;
    }

    /** The writer of rows of {@code columns}, in order. */
    static RowWriter of(ColumnReader[] columns) {
        return of(columns, ColumnReader.words(columns));
    }

    /**
     * The writer of rows of {@code words} words that begin with {@code columns}, none of the words
     * past them a string's: an aggregate plan's rows, its group columns, then its aggregates.
     */
    static RowWriter of(ColumnReader[] columns, int words) {
        List<int[]> strings = new ArrayList<>();
        int at = 0;
        for (ColumnReader c : columns) {
            if (c.string()) {
                strings.add(new int[] {at, c.words});
            }
            at += c.words;
        }
        if (at > words) {
            throw new IllegalArgumentException("rows of " + words + " words cannot begin with columns of " + at + " words");
        }
        return new RowWriter(words, strings.stream().mapToInt(s -> s[0]).toArray(),
                strings.stream().mapToInt(s -> s[1]).toArray());
    }

    /** The bytes before the first row. */
    long headerBytes() {
        return PlanResult.HEADER_BYTES + 4L * stringAt.length;
    }

    void header(ResultSink out, long rows) {
        out.putShort(words).putLong(rows).putShort(stringAt.length);
        for (int s = 0; s < stringAt.length; s++) {
            out.putShort(stringAt[s]).putShort(stringWords[s]);
        }
    }

    /** The encoded bytes of the row whose words start at {@code from} of {@code values}. */
    long bytes(long[] values, int from) {
        long n = (long) words * Long.BYTES;
        for (int s = 0; s < stringAt.length; s++) {
            int length = (int) values[from + stringAt[s]];
            n += lengthBytes(length) + Math.max(length, 0) - (long) stringWords[s] * Long.BYTES;
        }
        return n;
    }

    /** Writes the row whose words start at {@code from} of {@code values}. */
    void write(ResultSink out, long[] values, int from) {
        writeFirst(out, values, from, words);
    }

    /**
     * Writes the first {@code n} words of a row, every string column among them, from {@code from}
     * of {@code values}: the group columns of an aggregate plan's row, whose aggregates the caller
     * writes next.
     */
    void writeFirst(ResultSink out, long[] values, int from, int n) {
        int w = 0;
        for (int s = 0; s <= stringAt.length; s++) {
            int end = s < stringAt.length ? stringAt[s] : n;
            out.putLongs(values, from + w, end - w); // the run of words before the next string, in one copy
            w = end;
            if (s < stringAt.length) {
                writeString(out, values, from + w);
                w += stringWords[s];
            }
        }
    }

    /** The string whose length word is at {@code at}: its length, then its bytes, a whole word at a time where it can. */
    private static void writeString(ResultSink out, long[] values, int at) {
        int length = (int) values[at];
        Leb128.writeU32(out, Integer.toUnsignedLong(length + 1));
        int word = at + 1;
        int whole = Math.max(length, 0) / Long.BYTES;
        out.putLongs(values, word, whole); // little-endian: each word's bytes, low byte first
        word += whole;
        int left = Math.max(length, 0) - whole * Long.BYTES;
        for (int b = 0; b < left; b++) {
            out.putByte((int) (values[word] >>> (8 * b)));
        }
    }

    /** The bytes of a string's length (+ 1, as unsigned LEB128). */
    private static int lengthBytes(int length) {
        return Leb128.sizeU32(Integer.toUnsignedLong(length + 1));
    }
}
