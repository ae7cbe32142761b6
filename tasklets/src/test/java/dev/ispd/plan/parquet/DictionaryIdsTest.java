package dev.ispd.plan.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The dictionary ids of a page read a run at a time give exactly what parquet-column's own
 * one-id-at-a-time decoder gives, for every bit width, runs of repeats and bit-packed groups
 * mixed, read and passed over in pieces of any length; an id past the dictionary or ids that end
 * early fail.
 */
class DictionaryIdsTest {
    @Test
    void idsReadInPiecesEqualParquetColumnsDecoder() throws IOException {
        Random random = new Random(21);
        for (int width = 0; width <= 20; width++) {
            int size = 1 << width;
            int count = 1 + random.nextInt(5000);
            int[] written = new int[count];
            for (int i = 0; i < count; ) { // stretches of repeats (RLE runs) and of random ids (bit-packed)
                int stretch = 1 + random.nextInt(random.nextBoolean() ? 40 : 6);
                int id = random.nextInt(size);
                boolean repeats = random.nextBoolean();
                for (int j = 0; j < stretch && i < count; j++) {
                    written[i++] = repeats ? id : random.nextInt(size);
                }
            }
            byte[] page = page(width, written);

            RunLengthBitPackingHybridDecoder reference = new RunLengthBitPackingHybridDecoder(width,
                    new ByteArrayInputStream(page, 1, page.length - 1));
            int[] expected = new int[count];
            for (int i = 0; i < count; i++) {
                expected[i] = reference.readInt();
            }
            assertArrayEquals(written, expected);

            DictionaryIds ids = new DictionaryIds(dictionary(size));
            ids.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            int[] read = new int[count];
            for (int at = 0; at < count; ) {
                int n = Math.min(count - at, random.nextInt(3) == 0 ? 1 : 1 + random.nextInt(300));
                if (n == 1 && random.nextBoolean()) {
                    read[at] = ids.readValueDictionaryId();
                } else if (random.nextInt(4) == 0) { // passed over: the ids after them read right
                    ids.skip(n);
                    System.arraycopy(expected, at, read, at, n);
                } else {
                    ids.read(read, at, n);
                }
                at += n;
            }
            assertArrayEquals(expected, read, "bit width " + width);
        }
    }

    @Test
    void valuesAreTheDictionarysEntries() throws IOException {
        DictionaryIds ids = new DictionaryIds(dictionary(8));
        ids.initFromPage(4, ByteBufferInputStream.wrap(ByteBuffer.wrap(page(3, new int[] {7, 0, 3, 3}))));
        assertEquals(700, ids.readInteger());
        ids.skip();
        assertEquals(300, ids.readInteger());
        assertEquals(300, ids.readInteger());
    }

    @Test
    void anIdPastTheDictionaryOrIdsEndingEarlyFail() throws IOException {
        DictionaryIds ids = new DictionaryIds(dictionary(5));
        ids.initFromPage(3, ByteBufferInputStream.wrap(ByteBuffer.wrap(page(3, new int[] {1, 6, 2}))));
        int[] out = new int[3];
        assertTrue(assertThrows(IllegalStateException.class, () -> ids.read(out, 0, 3)).getMessage()
                .contains("dictionary id 6 of a dictionary of 5 values"));
        // looked up in the dictionary's values: the ids before it take theirs, the id past it fails
        ids.initFromPage(3, ByteBufferInputStream.wrap(ByteBuffer.wrap(page(3, new int[] {1, 6, 2}))));
        long[] entries = {100, 101, 102, 103, 104};
        long[] values = new long[3];
        assertTrue(assertThrows(IllegalStateException.class, () -> ids.lookUp(entries, out, values, 0, 3))
                .getMessage().contains("dictionary id 6 of a dictionary of 5 values"));
        assertEquals(101, values[0]);
        ids.initFromPage(4, ByteBufferInputStream.wrap(ByteBuffer.wrap(page(3, new int[] {4, 0, 3, 3}))));
        long[] four = new long[5];
        ids.lookUp(entries, new int[5], four, 1, 4);
        assertArrayEquals(new long[] {0, 104, 100, 103, 103}, four);

        int[] repeats = new int[10];
        Arrays.fill(repeats, 4); // one RLE run of 10
        ids.initFromPage(10, ByteBufferInputStream.wrap(ByteBuffer.wrap(page(3, repeats))));
        int[] all = new int[10];
        ids.read(all, 0, 10);
        assertArrayEquals(repeats, all);
        assertTrue(assertThrows(IllegalStateException.class, () -> ids.read(out, 0, 1)).getMessage()
                .contains("end before its values do"));
    }

    /** A dictionary-encoded page's values: the bit width, then the ids as RLE/bit-packed runs by parquet-column's encoder. */
    private static byte[] page(int width, int[] ids) throws IOException {
        try (RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(width, 64, 1 << 16,
                HeapByteBufferAllocator.getInstance())) {
            for (int id : ids) {
                encoder.writeInt(id);
            }
            byte[] runs = encoder.toBytes().toByteArray();
            byte[] page = new byte[runs.length + 1];
            page[0] = (byte) width;
            System.arraycopy(runs, 0, page, 1, runs.length);
            return page;
        }
    }

    /** A PLAIN dictionary of {@code size} INT32 entries, entry i being 100 * i. */
    private static Dictionary dictionary(int size) throws IOException {
        ByteBuffer plain = ByteBuffer.allocate(4 * size).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < size; i++) {
            plain.putInt(100 * i);
        }
        ColumnDescriptor column = new ColumnDescriptor(new String[] {"x"},
                Types.required(PrimitiveTypeName.INT32).named("x"), 0, 0);
        return Encoding.PLAIN_DICTIONARY.initDictionary(column,
                new DictionaryPage(BytesInput.from(plain.array()), size, Encoding.PLAIN_DICTIONARY));
    }
}
