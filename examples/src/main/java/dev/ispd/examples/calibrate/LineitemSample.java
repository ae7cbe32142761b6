package dev.ispd.examples.calibrate;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.parquet.ParquetTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Rows shaped as TPC-H lineitem's numeric columns (quantity, price, discount and tax as
 * decimals, ship date, return flag and line status), held as fixed-width records of the table's
 * layout, and written as Parquet files in any {@link ParquetSample.Format}, so that calibration
 * can run the same typed plans over records and over Parquet column chunks. With dictionaries,
 * the price (millions of distinct values) falls back to PLAIN pages and the rest are dictionary
 * ids; the flags are booleans, which parquet-java never dictionary-encodes.
 */
final class LineitemSample {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message lineitem {
              required int32 qty;
              required int64 price (DECIMAL(12,2));
              required int32 disc (DECIMAL(4,2));
              required int32 tax (DECIMAL(4,2));
              required int32 ship (DATE);
              required boolean flag;
              required boolean status;
            }""");
    static final Layout LAYOUT = ParquetTable.of("lineitem", SCHEMA).layout();

    private final int rows;
    private final long seed;
    private final ByteBuffer records;

    private LineitemSample(int rows, long seed, ByteBuffer records) {
        this.rows = rows;
        this.seed = seed;
        this.records = records;
    }

    /** About {@code bytes} of records drawn with {@code seed}. */
    static LineitemSample generate(long bytes, long seed) {
        int n = (int) Math.max(1, Math.min(Integer.MAX_VALUE / LAYOUT.recordSize(), bytes / LAYOUT.recordSize()));
        ByteBuffer records = ByteBuffer.allocate(n * LAYOUT.recordSize()).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            long[] v = draw(r);
            int at = i * LAYOUT.recordSize();
            for (int c = 0; c < v.length; c++) {
                put(records, at, SCHEMA.getFieldName(c), v[c]);
            }
        }
        return new LineitemSample(n, seed, records);
    }

    /** One row's values in {@link #SCHEMA}'s order (booleans as 0 or 1). */
    private static long[] draw(Random r) {
        return new long[] {1 + r.nextInt(50), 90_000 + r.nextInt(10_410_000), r.nextInt(11), r.nextInt(9),
                8_035 + r.nextInt(2_557), r.nextInt(3) == 0 ? 1 : 0, r.nextBoolean() ? 1 : 0};
    }

    private static void put(ByteBuffer b, int record, String name, long v) {
        Field f = LAYOUT.field(name, "lineitem");
        switch (f.width()) {
            case 8 -> b.putLong(record + f.offset(), v);
            case 4 -> b.putInt(record + f.offset(), (int) v);
            case 1 -> b.put(record + f.offset(), (byte) v);
            default -> throw new IllegalStateException(name + " is " + f.width() + " bytes wide");
        }
    }

    /** The records' bytes, the object a record workload scans. */
    byte[] records() {
        return records.array();
    }

    /** The same rows as a Parquet file in {@code format}, written under {@code dir}. */
    ParquetSample parquet(Path dir, ParquetSample.Format format) throws IOException {
        MessageType schema = format.schema(SCHEMA);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        Random r = new Random(seed);
        return ParquetSample.write(dir, "lineitem", schema, format, rows, i -> {
            long[] v = draw(r);
            return groups.newGroup().append("qty", (int) v[0]).append("price", v[1]).append("disc", (int) v[2])
                    .append("tax", (int) v[3]).append("ship", (int) v[4]).append("flag", v[5] == 1)
                    .append("status", v[6] == 1);
        });
    }
}
