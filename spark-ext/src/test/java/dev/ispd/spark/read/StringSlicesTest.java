package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

class StringSlicesTest {
    private static final byte[] BYTES = "xxAIRyyREG AIRzz".getBytes(StandardCharsets.UTF_8);

    @Test
    void rowsAreViewsOfTheBytesTheyWereReadFrom() {
        StringSlices strings = new StringSlices(DataTypes.StringType, 4);
        strings.reset(BYTES);
        strings.put(0, 2, 3);
        strings.putNull(1);
        strings.put(2, 7, 7);
        strings.put(3, 0, 0);
        assertEquals("AIR", strings.getUTF8String(0).toString());
        assertTrue(strings.isNullAt(1));
        assertNull(strings.getUTF8String(1));
        assertNull(strings.getBinary(1));
        assertEquals("REG AIR", strings.getUTF8String(2).toString());
        assertEquals("", strings.getUTF8String(3).toString());
        assertArrayEquals("REG AIR".getBytes(StandardCharsets.UTF_8), strings.getBinary(2));
        assertTrue(strings.hasNull());
        assertEquals(1, strings.numNulls());
        assertEquals(BYTES[2], strings.getUTF8String(0).getBytes()[0]);
    }

    /** An aggregate's result words: a length word, then the bytes first byte lowest, as ColumnValues packs a string key. */
    @Test
    void rowsAreViewsOfResultWordsTheirBytesFirstByteLowest() {
        long[] words = {7, 0, 0, 3, 0};
        byte[] rail = "REG AIR".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < rail.length; i++) {
            words[1 + i / Long.BYTES] |= (rail[i] & 0xFFL) << (8 * (i % Long.BYTES));
        }
        words[4] = 'S' | 'H' << 8 | 'I' << 16;
        StringSlices strings = new StringSlices(DataTypes.StringType, 3);
        strings.reset(words);
        strings.put(0, Long.BYTES, (int) words[0]);
        strings.put(1, 4 * Long.BYTES, (int) words[3]);
        strings.putNull(2);
        assertEquals("REG AIR", strings.getUTF8String(0).toString());
        assertEquals("SHI", strings.getUTF8String(1).toString());
        assertArrayEquals("SHI".getBytes(StandardCharsets.UTF_8), strings.getBinary(1));
        assertNull(strings.getUTF8String(2));
        assertEquals(1, strings.numNulls());
    }

    @Test
    void aNewBatchForgetsTheLastOnesNulls() {
        StringSlices strings = new StringSlices(DataTypes.StringType, 2);
        strings.reset(BYTES);
        strings.putNull(0);
        strings.reset("MAIL".getBytes(StandardCharsets.UTF_8));
        strings.put(0, 0, 4);
        assertFalse(strings.hasNull());
        assertFalse(strings.isNullAt(0));
        assertEquals("MAIL", strings.getUTF8String(0).toString());
    }

    @Test
    void readingAStringAsAnotherTypeNamesBoth() {
        StringSlices strings = new StringSlices(DataTypes.StringType, 1);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> strings.getLong(0));
        assertEquals("a string column (string) read as a long", e.getMessage());
    }
}
