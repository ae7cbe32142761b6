package dev.ispd.spark.pushdown;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A row's words, as a drive's plan returns them (each run of bytes read as an unsigned
 * big-endian integer), put back into a record give the record's own bytes in every run, whole
 * 8-byte runs and shorter ones alike, whatever the byte order of the buffer the record is put in.
 */
class RowBytesRestoreTest {
    private static final int RECORD = 29;

    @Test
    void aRowsWordsPutBackGiveTheRecordsBytes() {
        List<Field> runs = List.of(Field.unsigned("#bytes@0", 0, 8), Field.unsigned("#bytes@8", 8, 8),
                Field.unsigned("#bytes@17", 17, 3), Field.unsigned("#bytes@21", 21, 8));
        RowBytes bytes = new RowBytes(new Layout("t", RECORD, runs), runs, List.of(), List.of(), List.of());
        Random random = new Random(7);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (int n = 0; n < 100; n++) {
                byte[] record = new byte[RECORD];
                random.nextBytes(record);
                ByteBuffer words = ByteBuffer.allocate(8 + runs.size() * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < runs.size(); i++) {
                    words.putLong(8 + i * Long.BYTES, runs.get(i).read(ByteBuffer.wrap(record), 0));
                }
                ByteBuffer restored = ByteBuffer.allocate(RECORD + 5).order(order);
                bytes.restore(words, 8, restored, 5);
                byte[] expected = record.clone();
                expected[16] = 0; // in no run: left as it was
                expected[20] = 0;
                byte[] got = new byte[RECORD];
                restored.get(5, got);
                assertArrayEquals(expected, got, order.toString());
            }
        }
    }
}
