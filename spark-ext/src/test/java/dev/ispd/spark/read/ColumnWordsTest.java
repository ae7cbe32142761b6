package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.spark.TypedRows;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.RowBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A column read out of the words a row plan returns ({@link ColumnWords}) is the field read from
 * the record itself, for a field of every type and width, either byte order, whole or split
 * across two runs of bytes, its null bit in a run (records) or in an {@code IS NULL} word
 * (Parquet's), over random record bytes and many sets of read columns.
 */
class ColumnWordsTest {
    private static final int IS_NULL_WORDS = 2;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aColumnReadFromTheRowsWordsIsTheFieldReadFromTheRecord(boolean parquet) {
        var layout = LayoutDdl.parse("typed", TypedRows.LAYOUT, TypedRows.ENTRY, "test");
        RecordLayout table = parquet ? RecordLayout.ofParquet(layout) : RecordLayout.of(layout);
        List<LayoutColumn> all = table.columns();
        Random random = new Random(parquet ? 11 : 12);
        List<List<LayoutColumn>> readSets = new ArrayList<>();
        readSets.add(all);
        all.forEach(c -> readSets.add(List.of(c)));
        for (int n = 0; n < 40; n++) {
            readSets.add(all.stream().filter(c -> random.nextInt(3) == 0).toList());
        }
        int checked = 0;
        for (List<LayoutColumn> read : readSets) {
            RowBytes bytes = RowBytes.of(table, read, Predicate.all(), List.<Plan.SortKey>of());
            for (int n = 0; n < 50; n++) {
                byte[] record = new byte[TypedRows.ENTRY];
                random.nextBytes(record);
                ByteBuffer records = ByteBuffer.wrap(record);
                ByteBuffer words = ByteBuffer.wrap(rowWords(bytes, records)).order(ByteOrder.LITTLE_ENDIAN);
                int[] rowAt = {0};
                for (LayoutColumn c : read) {
                    Field f = c.field();
                    if (f.type().kind() == FieldType.Kind.CHAR) {
                        continue; // a string comes back at its length, not in the words
                    }
                    ColumnWords column = new ColumnWords(bytes, f);
                    column.bind(words, rowAt);
                    String what = f.name() + " of " + read.stream().map(LayoutColumn::name).toList();
                    if (f.hasNullBit()) {
                        assertEquals(f.nullBitSet(records, 0), column.nullBitSet(0), what);
                    }
                    if (f.width() == Field.WIDE_DECIMAL_BYTES) {
                        assertEquals(f.readHigh(records, 0), column.high(0), what);
                        assertEquals(f.readLow(records, 0), column.low(0), what);
                    } else {
                        assertEquals(f.readInteger(records, 0), column.integer(0), what);
                    }
                    checked++;
                }
            }
        }
        assertEquals(true, checked > 1000, "checked " + checked);
    }

    /** The words a plan returns for the record: each run's bytes as an unsigned big-endian integer, then each IS NULL. */
    private static byte[] rowWords(RowBytes bytes, ByteBuffer record) {
        ByteBuffer out = ByteBuffer.allocate(bytes.fixedWords() * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (Field run : bytes.runs()) {
            out.putLong(run.read(record, 0));
        }
        for (Field isNull : bytes.nulls()) {
            out.putLong(isNull.nullBitSet(record, 0) ? 1 : 0).putLong(0); // IS NULL's value, never NULL itself
        }
        return out.array();
    }
}
