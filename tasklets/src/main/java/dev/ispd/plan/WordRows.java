package dev.ispd.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Result rows of {@code width} words each, laid end to end in one array: row r's words from
 * {@code r * width} of {@code words}, {@code size} rows (the array may be longer). How an engine
 * takes many small rows (an aggregate plan's groups) without an array per row.
 */
public record WordRows(long[] words, int width, int size) {
    public WordRows {
        if (width < 0 || size < 0 || (long) width * size > words.length) {
            throw new IllegalArgumentException(size + " rows of " + width + " words do not fit " + words.length + " words");
        }
    }

    /** Row {@code r}'s first word in {@link #words}. */
    public int at(int r) {
        return r * width;
    }

    /** The rows, each its own array, in order. */
    public List<long[]> rows() {
        List<long[]> out = new ArrayList<>(size);
        for (int r = 0; r < size; r++) {
            out.add(Arrays.copyOfRange(words, r * width, (r + 1) * width));
        }
        return out;
    }
}
