package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * For a GROUP BY whose keys are all {@code char(N)} fields: each row's combination of its keys'
 * ids, and per combination the group's slot once one row of it has been looked up in the table,
 * so that a row's group is looked up once for each combination, not by reading and hashing its
 * keys' words (33 for a 255-byte place) for every row ({@link VectorGroups}). The ids are a
 * batch's dictionary ids where its source gave every key's (a columnar source's
 * dictionary-encoded strings: TPC-H Q1's {@code l_returnflag, l_linestatus} in Parquet,
 * {@link DecodedBatch}), known for that batch only; or, where the keys are at most
 * {@link #MAX_KEY_BYTES} bytes together (Q1's two {@code char(1)}s in records or blocks), the keys'
 * bytes themselves, which name the same group in every batch: equal bytes are equal strings.
 */
final class DictionaryGroups {
    /** Most combinations of the keys' dictionary ids a batch is taken with (one int each, cleared per batch). */
    static final int MAX_COMBINATIONS = 4096;
    /** Most bytes of the keys together that are their own ids. */
    static final int MAX_KEY_BYTES = 2;

    private final Field[] keys;
    private final int[][] ids;
    /** Per key, its dictionary's size + 1 (a NULL row's id is the size); by bytes, 256^width + 1. */
    private final int[] sizes;
    /** Per combination of ids, its group's slot + 1 (0: not looked up since the ids' meaning or the slots changed). */
    private final int[] slots;
    private int combinations;
    /** Where the keys are their bytes: per key its rows' ids, and the places of its rows' strings; else null. */
    private final int[][] byteIds;
    private final int[] starts;
    private final boolean[] nulls;
    /** Whether the ids are the keys' bytes since the last {@link #beginBytes} (the slots then hold from batch to batch). */
    private boolean byBytes;

    private DictionaryGroups(Field[] keys) {
        this.keys = keys;
        this.ids = new int[keys.length][];
        this.sizes = new int[keys.length];
        boolean shortKeys = Arrays.stream(keys).mapToInt(Field::width).sum() <= MAX_KEY_BYTES;
        int byteCombinations = 1;
        for (Field k : keys) {
            byteCombinations *= shortKeys ? (1 << 8 * k.width()) + 1 : 1;
        }
        this.slots = new int[Math.max(MAX_COMBINATIONS, byteCombinations)];
        this.byteIds = shortKeys ? new int[keys.length][ColumnBatch.MAX_ROWS] : null;
        this.starts = shortKeys ? new int[ColumnBatch.MAX_ROWS] : null;
        this.nulls = shortKeys ? new boolean[ColumnBatch.MAX_ROWS] : null;
    }

    /** The lookup for {@code table}'s keys, or null where they are not all {@code char(N)} fields. */
    static DictionaryGroups of(GroupTable table) {
        Field[] keys = table.stringKeys();
        return keys == null ? null : new DictionaryGroups(keys);
    }

    /**
     * Starts on {@code batch} by its dictionary ids, no slot known: false where the batch has no
     * dictionary ids for a key or they combine in more than {@link #MAX_COMBINATIONS} ways.
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
        forget(); // ids of another batch may be of other dictionaries
        combinations = product;
        byBytes = false;
        return true;
    }

    /**
     * Starts on rows {@code sel[0, n)} of {@code batch} by the keys' bytes, read where the batch
     * holds them ({@link ColumnBatch#chars}): false where the keys are more than
     * {@link #MAX_KEY_BYTES} bytes together. The slots known from earlier batches by bytes hold.
     */
    boolean beginBytes(ColumnBatch batch, int[] sel, int n) {
        if (byteIds == null) {
            return false;
        }
        if (!byBytes) {
            forget();
            combinations = 1;
            for (int k = 0; k < keys.length; k++) {
                sizes[k] = (1 << 8 * keys[k].width()) + 1;
                combinations *= sizes[k];
                ids[k] = byteIds[k];
            }
            byBytes = true;
        }
        ByteBuffer strings = batch.strings();
        for (int k = 0; k < keys.length; k++) {
            Field f = keys[k];
            batch.chars(f, sel, n, starts, nulls);
            int[] to = byteIds[k];
            int nullId = sizes[k] - 1;
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                int at = starts[r];
                to[r] = nulls[r] ? nullId : f.width() == 1 ? strings.get(at) & 0xFF
                        : (strings.get(at) & 0xFF) << 8 | strings.get(at + 1) & 0xFF;
            }
        }
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

    /** The slot of {@code combination}'s group, or -1 where it was not looked up since its ids' meaning or the slots changed. */
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
