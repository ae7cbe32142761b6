package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.SumOverflow;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/**
 * An aggregate's groups keyed by a {@code char(10)} field, as a plan returns them (ColumnValues:
 * a length word, then the bytes first byte lowest, in two words; then the COUNT): read in place
 * from the words where longs hold their bytes low byte first, and copied into vectors where they
 * do not (a big-endian JVM's fallback, forced here), the same values either way.
 */
class AggregateColumnsTest {
    private static final Layout LAYOUT = new Layout("lines", 18, List.of(
            Field.of("mode", 0, 10, FieldType.chars(false), false), Field.of("qty", 10, 8, FieldType.INTEGER, false)));
    private static final PushedAggregation BY_MODE = new PushedAggregation(List.of(new Expr.Ref("mode")),
            List.of(Aggregate.countStar()), List.of(), List.of(),
            new StructType().add("mode", DataTypes.StringType).add("count", DataTypes.LongType), true, SumOverflow.NULL);
    private static final String[] MODES = {"MAIL", null, "REG AIR", "", "TRUCKSHIPX"};
    private static final int WIDTH = 4;

    @Test
    void stringKeysCopiedIntoVectorsEqualTheOnesReadInPlace() {
        WordRows rows = rows(MODES);
        ColumnarBatch inPlace = columns(true).batch(rows);
        ColumnarBatch copied = columns(false).batch(rows);
        assertInstanceOf(StringSlices.class, inPlace.column(0));
        assertInstanceOf(OnHeapColumnVector.class, copied.column(0), "copied, not read in place");
        assertEquals(MODES.length, copied.numRows());
        for (int r = 0; r < MODES.length; r++) {
            if (MODES[r] == null) {
                assertTrue(copied.column(0).isNullAt(r));
                assertNull(copied.column(0).getUTF8String(r));
            } else {
                assertFalse(copied.column(0).isNullAt(r));
                assertEquals(MODES[r], copied.column(0).getUTF8String(r).toString(), "row " + r);
            }
            assertEquals(String.valueOf(inPlace.column(0).getUTF8String(r)), String.valueOf(copied.column(0).getUTF8String(r)));
            assertEquals(100 + r, copied.column(1).getLong(r));
            assertEquals(100 + r, inPlace.column(1).getLong(r));
        }
    }

    @Test
    void aCopiedKeyLongerThanItsColumnIsRefusedNamingBoth() {
        WordRows rows = rows(new String[] {"AIR"});
        rows.words()[0] = 17;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> columns(false).batch(rows));
        assertEquals("a string group key of 17 bytes in a result column of 16", e.getMessage());
    }

    private static AggregateColumns columns(boolean inPlace) {
        return new AggregateColumns(BY_MODE, LAYOUT, BY_MODE.schema(), inPlace);
    }

    /** Each group's words: the key's length (-1: NULL) and its bytes in two words, then its count, 100 + its index. */
    private static WordRows rows(String[] keys) {
        long[] words = new long[keys.length * WIDTH];
        for (int r = 0; r < keys.length; r++) {
            int at = r * WIDTH;
            byte[] b = keys[r] == null ? null : keys[r].getBytes(StandardCharsets.UTF_8);
            words[at] = b == null ? -1 : b.length;
            for (int i = 0; b != null && i < b.length; i++) {
                words[at + 1 + i / Long.BYTES] |= (b[i] & 0xFFL) << (8 * (i % Long.BYTES));
            }
            words[at + 3] = 100 + r;
        }
        return new WordRows(Arrays.copyOf(words, words.length), WIDTH, keys.length);
    }
}
