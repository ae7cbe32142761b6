package dev.ispd.examples.calibrate;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Fixed-width records with TPC-H's string columns as char(N), zero-padded: a quantity, a ship
 * mode ({@code l_shipmode}, char(10)), a ship instruction ({@code l_shipinstruct}, char(25)) and a
 * part type ({@code p_type}, char(25)), each drawn from the values TPC-H's dbgen draws them from
 * (TPC-H 4.2.2.13, 4.2.3), so that string predicates match and miss as they do in the queries.
 */
final class StringSample {
    static final Layout LAYOUT = new Layout("strings", 64, List.of(
            Field.of("qty", 0, 4, FieldType.INTEGER, false),
            Field.of("mode", 4, 10, FieldType.chars(true), false),
            Field.of("instruct", 14, 25, FieldType.chars(true), false),
            Field.of("type", 39, 25, FieldType.chars(true), false)));
    private static final List<String> MODES = List.of("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB");
    private static final List<String> INSTRUCTIONS = List.of("DELIVER IN PERSON", "COLLECT COD", "NONE",
            "TAKE BACK RETURN");
    private static final List<String> TYPE_SIZES = List.of("STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO");
    private static final List<String> TYPE_FINISHES = List.of("ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED");
    private static final List<String> TYPE_METALS = List.of("TIN", "NICKEL", "BRASS", "STEEL", "COPPER");

    private StringSample() {
    }

    /** A quantity and a ship mode, as Parquet ({@link #parquet}). */
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message strings {
              required int32 qty;
              required binary mode (STRING);
            }""");

    /** About {@code bytes} of records drawn with {@code seed}. */
    static byte[] generate(long bytes, long seed) {
        int n = rows(bytes);
        Random r = new Random(seed);
        ByteBuffer records = ByteBuffer.allocate(n * LAYOUT.recordSize()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            int at = i * LAYOUT.recordSize();
            records.putInt(at, 1 + r.nextInt(50));
            put(records, at, "mode", pick(MODES, r));
            put(records, at, "instruct", pick(INSTRUCTIONS, r));
            put(records, at, "type", pick(TYPE_SIZES, r) + " " + pick(TYPE_FINISHES, r) + " " + pick(TYPE_METALS, r));
        }
        return records.array();
    }

    /**
     * As many rows as {@link #generate} draws, of a quantity and a ship mode drawn as its records'
     * are, as a Parquet file in {@code format} under {@code dir}.
     */
    static ParquetSample parquet(long bytes, long seed, Path dir, ParquetSample.Format format) throws IOException {
        MessageType schema = format.schema(SCHEMA);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        Random r = new Random(seed);
        return ParquetSample.write(dir, "strings", schema, format, rows(bytes), i -> {
            return groups.newGroup().append("qty", 1 + r.nextInt(50)).append("mode", pick(MODES, r));
        });
    }

    private static int rows(long bytes) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE / LAYOUT.recordSize(), bytes / LAYOUT.recordSize()));
    }

    private static String pick(List<String> values, Random r) {
        return values.get(r.nextInt(values.size()));
    }

    /** {@code value} into the field's char(N) place; the rest of it stays zero (the padding). */
    private static void put(ByteBuffer records, int record, String name, String value) {
        Field f = LAYOUT.field(name, "strings");
        records.put(record + f.offset(), value.getBytes(StandardCharsets.US_ASCII));
    }
}
