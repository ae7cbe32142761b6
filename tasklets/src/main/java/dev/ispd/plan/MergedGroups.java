package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An aggregate plan's partial groups merged as they arrive, without an object per group: every
 * group's row (its key words, then its aggregates' words, as {@link PlanResult} decodes a row) lies
 * in one array in the order the groups first appeared, and an open-addressing table of group
 * numbers finds a row's group by its key words. A row read from an encoded result is decoded into
 * the place past the last group: a new group's row stays there, a known group's aggregates take
 * it in place ({@link PartialAggregates#merge}) and the place is read over by the next row.
 * Spark's gathered partitions merge their splits' encoded results with it ({@link #addResult}),
 * {@link PartialAggregates#mergeRows} rows already decoded ({@link #add}).
 */
public final class MergedGroups {
    /** Table slots to start with, a power of two. */
    private static final int FIRST_SLOTS = 64;
    private static final long HASH_MULTIPLIER = 0x9E3779B97F4A7C15L;

    private final PartialAggregates partials;
    /** The words of a row's group columns, first in the row. */
    private final int keys;
    /** The words of a row. */
    private final int width;
    /** Group g's row at {@code g * width}; past the last group, the row being placed. */
    private long[] rows;
    private int groups;
    /** Per slot, its group's number + 1; 0 for an empty slot. */
    private int[] slots = new int[FIRST_SLOTS];

    MergedGroups(PartialAggregates partials, int keys) {
        this.partials = partials;
        this.keys = keys;
        this.width = keys + partials.words();
        this.rows = new long[Math.max(1, width) * 4];
    }

    /**
     * The groups' rows in the order the groups first appeared, in this merge's own array (no copy):
     * valid until the next row is added.
     */
    public WordRows result() {
        return new WordRows(rows, width, groups);
    }

    /** Merges {@code row}, one result row of the plan (group columns' words, then aggregates'), which is not modified. */
    public void add(long[] row) {
        if (row.length != width) {
            throw new IllegalArgumentException("a result row of " + row.length + " words, the plan returns "
                    + keys + " words of group columns and " + partials.words() + " words of aggregates");
        }
        int at = reserve();
        System.arraycopy(row, 0, rows, at, width);
        place(at);
    }

    /** Merges the rows of {@code result}, a plan result as {@link PlanResult} encodes it, read in place. */
    public void addResult(byte[] result) {
        PlanResult.Shape shape = PlanResult.shape(result);
        if (shape.words() != width && shape.rows() > 0) {
            throw new IllegalArgumentException("a plan result of rows of " + shape.words() + " words, the plan returns "
                    + keys + " words of group columns and " + partials.words() + " words of aggregates");
        }
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        b.position(shape.firstRow());
        for (int r = 0; r < shape.rows(); r++) {
            int at = reserve();
            PlanResult.readRow(b, shape, rows, at);
            place(at);
        }
    }

    /** The place of the next row, past the last group's, made room for. */
    private int reserve() {
        int at = groups * width;
        if (at + width > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(rows.length * 2, at + width));
        }
        return at;
    }

    /** The row at {@code at}, past the last group's, joins its group: merged into it, or kept as a new group. */
    private void place(int at) {
        int mask = slots.length - 1;
        for (int s = hash(at) & mask; ; s = (s + 1) & mask) {
            int g = slots[s];
            if (g == 0) {
                slots[s] = ++groups;
                if (groups * 2 > slots.length) {
                    grow();
                }
                return;
            }
            int into = (g - 1) * width;
            if (Arrays.equals(rows, into, into + keys, rows, at, at + keys)) {
                partials.merge(rows, into + keys, rows, at + keys);
                return;
            }
        }
    }

    /** The hash of the key words of the row at {@code at}. */
    private int hash(int at) {
        long h = 0;
        for (int w = at; w < at + keys; w++) {
            h = (h + rows[w]) * HASH_MULTIPLIER;
        }
        return (int) (h ^ (h >>> 32));
    }

    /** Doubles the table and places every group again. */
    private void grow() {
        slots = new int[slots.length * 2];
        int mask = slots.length - 1;
        for (int g = 0; g < groups; g++) {
            int s = hash(g * width) & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = g + 1;
        }
    }
}
