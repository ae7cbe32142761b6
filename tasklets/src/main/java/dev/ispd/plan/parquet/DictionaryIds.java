package dev.ispd.plan.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * A dictionary-encoded data page's values (PLAIN_DICTIONARY, RLE_DICTIONARY): a byte of bit width,
 * then the dictionary ids as RLE/bit-packed hybrid runs, read a run at a time into an array
 * ({@link #read}, {@link HybridRuns}; parquet-column's own {@code DictionaryValuesReader} gives
 * one id per call and has no batch read). The one-value methods of {@link ValuesReader} decode
 * through the chunk's {@link Dictionary}, for the loops that read a value at a time.
 */
final class DictionaryIds extends ValuesReader {
    private final Dictionary dictionary;
    private final int size;
    private final HybridRuns runs = new HybridRuns("dictionary ids");
    /** Whether the page holds no ids (every value NULL): reading one fails. */
    private boolean none;
    private final int[] one = new int[1];

    DictionaryIds(Dictionary dictionary) {
        this.dictionary = dictionary;
        this.size = dictionary.getMaxId() + 1;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
        ByteBuffer page = in.slice(in.available());
        byte[] bytes;
        int position;
        if (!page.hasArray()) {
            bytes = new byte[page.remaining()];
            page.get(bytes);
            position = 0;
        } else {
            bytes = page.array();
            position = page.arrayOffset() + page.position();
        }
        int end = position + page.remaining();
        none = position == end;
        if (!none) {
            runs.reset(bytes, position + 1, end, bytes[position] & 0xFF); // a byte of bit width, then the runs
        }
    }

    /** The next {@code n} ids into {@code ids[at, at + n)}, each checked to be in the dictionary. */
    void read(int[] ids, int at, int n) {
        readUnchecked(ids, at, n);
        int outside = 0; // negative once an id is negative or past the last entry: one test for the run, no branch per id
        for (int i = at; i < at + n; i++) {
            outside |= ids[i] | (size - 1 - ids[i]);
        }
        if (outside < 0) {
            for (int i = at; i < at + n; i++) {
                if (ids[i] < 0 || ids[i] >= size) {
                    throw outside(ids[i]);
                }
            }
        }
    }

    /**
     * The values of the next {@code n} ids into {@code values[at, at + n)}: each id's entry of
     * {@code entries}, the dictionary's values, one per id (its ids read into {@code ids[at, at + n)}).
     * An id outside the dictionary fails the look-up of its entry, so no other check is made.
     */
    void lookUp(long[] entries, int[] ids, long[] values, int at, int n) {
        readUnchecked(ids, at, n);
        int i = at;
        try {
            for (; i < at + n; i++) {
                values[i] = entries[ids[i]];
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            throw outside(ids[i]);
        }
    }

    private void readUnchecked(int[] ids, int at, int n) {
        holds(n);
        runs.read(ids, at, n);
    }

    /** That the page holds {@code n} more ids, where it holds none. */
    private void holds(int n) {
        if (none && n > 0) {
            throw new IllegalStateException("the page's dictionary ids end before its values do");
        }
    }

    private IllegalStateException outside(int id) {
        return new IllegalStateException("dictionary id " + (id & 0xFFFF_FFFFL) + " of a dictionary of " + size
                + " values");
    }

    @Override
    public int readValueDictionaryId() {
        read(one, 0, 1);
        return one[0];
    }

    @Override
    public boolean readBoolean() {
        return dictionary.decodeToBoolean(readValueDictionaryId());
    }

    @Override
    public Binary readBytes() {
        return dictionary.decodeToBinary(readValueDictionaryId());
    }

    @Override
    public float readFloat() {
        return dictionary.decodeToFloat(readValueDictionaryId());
    }

    @Override
    public double readDouble() {
        return dictionary.decodeToDouble(readValueDictionaryId());
    }

    @Override
    public int readInteger() {
        return dictionary.decodeToInt(readValueDictionaryId());
    }

    @Override
    public long readLong() {
        return dictionary.decodeToLong(readValueDictionaryId());
    }

    @Override
    public void skip() {
        skip(1);
    }

    /** Passes over the next {@code n} ids, not unpacked nor checked: no row reads them. */
    @Override
    public void skip(int n) {
        holds(n);
        runs.skip(n);
    }
}
