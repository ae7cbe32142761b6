package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A GROUP BY whose keys are all {@code char(N)} fields, over a batch whose source gave every key's
 * dictionary ids (a columnar source's dictionary-encoded strings: TPC-H Q1's
 * {@code l_returnflag, l_linestatus} in Parquet, {@link DecodedBatch}): a row's group is looked up
 * in the table once per batch for each combination of its keys' ids, not by reading and hashing
 * its keys' words (33 for a 255-byte place) for every row. The groups made, their order and the
 * work counted are the table's {@link GroupTable#accept}'s, row by row.
 */
final class DictionaryGroups {
    /** Most combinations of the keys' ids a batch is taken with (one int each, cleared per batch). */
    static final int MAX_COMBINATIONS = 4096;

    private final GroupTable table;
    private final Field[] keys;
    private final int[][] ids;
    /** Per key, its dictionary's size + 1 (a NULL row's id is the size). */
    private final int[] sizes;
    /** Per combination of ids, its group's slot + 1 (0: not looked up in this batch). */
    private final int[] slots = new int[MAX_COMBINATIONS];

    private DictionaryGroups(GroupTable table, Field[] keys) {
        this.table = table;
        this.keys = keys;
        this.ids = new int[keys.length][];
        this.sizes = new int[keys.length];
    }

    /** The lookup for {@code table}, or null where its keys are not all {@code char(N)} fields. */
    static DictionaryGroups of(GroupTable table) {
        Field[] keys = table.stringKeys();
        return keys == null ? null : new DictionaryGroups(table, keys);
    }

    /**
     * Adds rows {@code sel[0, n)} of {@code batch} to the table, in order; false, doing nothing,
     * where the batch has no dictionary ids for a key or they combine in more than
     * {@link #MAX_COMBINATIONS} ways.
     */
    boolean accept(ColumnBatch batch, int[] sel, int n, Work work) {
        int combinations = 1;
        for (int k = 0; k < keys.length; k++) {
            StringDictionary d = batch.dictionary(keys[k]);
            if (d == null || (long) combinations * (d.size() + 1) > MAX_COMBINATIONS) {
                return false;
            }
            sizes[k] = d.size() + 1;
            combinations *= sizes[k];
            ids[k] = batch.dictionaryIds(keys[k]);
        }
        Arrays.fill(slots, 0, combinations, 0); // ids of another batch may be of other dictionaries
        ByteBuffer data = batch.buffer(sel, n);
        long moves = table.moves();
        for (int i = 0; i < n; i++) {
            int row = sel[i];
            int combination = 0;
            for (int k = 0; k < keys.length; k++) {
                combination = combination * sizes[k] + ids[k][row];
            }
            int record = batch.record(row);
            table.count(work);
            int slot = slots[combination] - 1;
            if (slot < 0) {
                slot = table.slot(data, record);
                if (table.moves() != moves) { // the table grew or was flushed: the slots found before moved
                    moves = table.moves();
                    Arrays.fill(slots, 0, combinations, 0);
                }
                slots[combination] = slot + 1;
            }
            table.accumulate(slot, data, record, work);
        }
        return true;
    }
}
