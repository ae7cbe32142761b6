package dev.ispd.plan.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.apache.parquet.io.api.Binary;

/**
 * A dictionary-encoded data page's values (PLAIN_DICTIONARY, RLE_DICTIONARY): a byte of bit width,
 * then the dictionary ids as RLE/bit-packed hybrid runs, read a run at a time into an array
 * ({@link #read}). parquet-column's own reader ({@code DictionaryValuesReader} over
 * {@code RunLengthBitPackingHybridDecoder}) gives one id per call and logs, allocates two arrays
 * and wraps a stream for every bit-packed run; it has no batch read. The runs' framing is read
 * here, over the page's bytes; the bit-packed groups are unpacked by parquet-encoding's
 * {@link BytePacker}, eight ids at a time. The one-value methods of {@link ValuesReader} decode
 * through the chunk's {@link Dictionary}, for the loops that read a value at a time.
 */
final class DictionaryIds extends ValuesReader {
    private final Dictionary dictionary;
    private final int size;
    /** The page's bytes and where its ids' runs are. */
    private byte[] bytes;
    private int position;
    private int end;
    private int bitWidth;
    private BytePacker packer;
    /** Ids left in the current run; an RLE run's id, or a bit-packed run's current group of eight. */
    private int left;
    private boolean repeated;
    private int value;
    private final int[] group = new int[8];
    private int inGroup = 8;
    private final byte[] lastGroup = new byte[32];
    private final int[] one = new int[1];
    private final int[] skipped = new int[256];

    DictionaryIds(Dictionary dictionary) {
        this.dictionary = dictionary;
        this.size = dictionary.getMaxId() + 1;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
        ByteBuffer page = in.slice(in.available());
        left = 0;
        inGroup = 8;
        if (!page.hasArray()) {
            bytes = new byte[page.remaining()];
            page.get(bytes);
            position = 0;
        } else {
            bytes = page.array();
            position = page.arrayOffset() + page.position();
        }
        end = position + page.remaining();
        if (position == end) {
            bitWidth = -1; // a page of no ids (every value NULL): reading one fails
            return;
        }
        bitWidth = bytes[position++] & 0xFF;
        if (bitWidth > 32) {
            throw new IOException("dictionary ids of " + bitWidth + " bits (at most 32)");
        }
        packer = Packer.LITTLE_ENDIAN.newBytePacker(bitWidth);
    }

    /** The next {@code n} ids into {@code ids[at, at + n)}, each checked to be in the dictionary. */
    void read(int[] ids, int at, int n) {
        int to = at + n;
        while (at < to) {
            if (left == 0) {
                nextRun();
            }
            int k = Math.min(to - at, left);
            if (repeated) {
                Arrays.fill(ids, at, at + k, value);
                at += k;
            } else {
                for (int stop = at + k; at < stop; ) {
                    if (inGroup == 8 && stop - at >= 8 && end - position >= bitWidth) { // a whole group in place
                        packer.unpack8Values(bytes, position, ids, at);
                        position += bitWidth;
                        at += 8;
                        continue;
                    }
                    if (inGroup == 8) {
                        unpackGroup();
                    }
                    ids[at++] = group[inGroup++];
                }
            }
            left -= k;
        }
        check(ids, to - n, to);
    }

    private void check(int[] ids, int from, int to) {
        for (int i = from; i < to; i++) {
            if (ids[i] < 0 || ids[i] >= size) {
                throw new IllegalStateException("dictionary id " + (ids[i] & 0xFFFF_FFFFL) + " of a dictionary of "
                        + size + " values");
            }
        }
    }

    /** Reads the next run's header: an RLE run's count and id, or a bit-packed run's count of groups. */
    private void nextRun() {
        if (bitWidth < 0 || position >= end) {
            throw new IllegalStateException("the page's dictionary ids end before its values do");
        }
        int header = 0;
        for (int shift = 0; ; shift += 7) {
            if (position >= end || shift > 28) {
                throw new IllegalStateException("a damaged run header among the page's dictionary ids");
            }
            int b = bytes[position++];
            header |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        repeated = (header & 1) == 0;
        if (repeated) {
            left = header >>> 1;
            int width = (bitWidth + 7) / 8;
            if (end - position < width) {
                throw new IllegalStateException("the page's dictionary ids end inside a run");
            }
            value = 0;
            for (int i = 0; i < width; i++) {
                value |= (bytes[position++] & 0xFF) << (8 * i);
            }
        } else {
            left = (header >>> 1) * 8;
            inGroup = 8;
        }
        if (left <= 0) {
            throw new IllegalStateException("a run of " + left + " dictionary ids");
        }
    }

    /** The next eight bit-packed ids into {@link #group}; a last group cut short reads as zeros past the page's end. */
    private void unpackGroup() {
        if (end - position >= bitWidth) {
            packer.unpack8Values(bytes, position, group, 0);
        } else {
            Arrays.fill(lastGroup, (byte) 0);
            System.arraycopy(bytes, position, lastGroup, 0, end - position);
            packer.unpack8Values(lastGroup, 0, group, 0);
        }
        position = Math.min(end, position + bitWidth);
        inGroup = 0;
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
        readValueDictionaryId();
    }

    @Override
    public void skip(int n) {
        for (int k; n > 0; n -= k) {
            k = Math.min(n, skipped.length);
            read(skipped, 0, k);
        }
    }
}
