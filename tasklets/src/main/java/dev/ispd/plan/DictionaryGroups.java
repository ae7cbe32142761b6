package dev.ispd.plan;

import java.util.Arrays;

/**
 * For a GROUP BY whose keys are all {@code char(N)} fields, over a batch whose source gave every
 * key's dictionary ids (a columnar source's dictionary-encoded strings: TPC-H Q1's
 * {@code l_returnflag, l_linestatus} in Parquet, {@link DecodedBatch}): each row's combination of
 * its keys' ids, and per combination the group's slot once one row of it has been looked up in
 * the table, so that a row's group is looked up once per batch for each combination, not by
 * reading and hashing its keys' words (33 for a 255-byte place) for every row
 * ({@link VectorGroups}).
 */
final class DictionaryGroups {
    /** Most combinations of the keys' ids a batch is taken with (one int each, cleared per batch). */
    static final int MAX_COMBINATIONS = 4096;

    private final Field[] keys;
    private final int[][] ids;
    /** Per key, its dictionary's size + 1 (a NULL row's id is the size). */
    private final int[] sizes;
    /** Per combination of ids, its group's slot + 1 (0: not looked up in this batch). */
    private final int[] slots = new int[MAX_COMBINATIONS];
    private int combinations;

    private DictionaryGroups(Field[] keys) {
        this.keys = keys;
        this.ids = new int[keys.length][];
        this.sizes = new int[keys.length];
    }

    /** The lookup for {@code table}'s keys, or null where they are not all {@code char(N)} fields. */
    static DictionaryGroups of(GroupTable table) {
        Field[] keys = table.stringKeys();
        return keys == null ? null : new DictionaryGroups(keys);
    }

    /**
     * Starts on {@code batch}, no slot known: false where the batch has no dictionary ids for a key
     * or they combine in more than {@link #MAX_COMBINATIONS} ways.
     */
    boolean begin(ColumnBatch batch) {
        int product = 1;
        for (int k = 0; k < keys.length; k++) {
            StringDictionary d = batch.dictionary(keys[k]);
            if (d == null || (long) product * (d.size() + 1) > MAX_COMBINATIONS) {
                return false;
            }
            sizes[k] = d.size() + 1;
            product *= sizes[k];
            ids[k] = batch.dictionaryIds(keys[k]);
        }
        combinations = product;
        forget(); // ids of another batch may be of other dictionaries
        return true;
    }

    /** Row {@code row}'s combination of its keys' ids. */
    int combination(int row) {
        int combination = 0;
        for (int k = 0; k < keys.length; k++) {
            combination = combination * sizes[k] + ids[k][row];
        }
        return combination;
    }

    /** The slot of {@code combination}'s group, or -1 where it was not looked up since {@link #begin} or {@link #forget}. */
    int slot(int combination) {
        return slots[combination] - 1;
    }

    /** Notes that {@code combination}'s group is at {@code slot}. */
    void remember(int combination, int slot) {
        slots[combination] = slot + 1;
    }

    /** Forgets every slot: the table's groups moved (it grew or was flushed). */
    void forget() {
        Arrays.fill(slots, 0, combinations, 0);
    }
}
