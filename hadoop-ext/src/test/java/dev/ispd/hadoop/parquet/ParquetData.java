package dev.ispd.hadoop.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Test rows of every type a plan reads from Parquet, NULLs in the optional columns, written with
 * parquet-java's own writer; and the same rows as fixed-width records of a layout, encoded here in
 * plain Java, the oracle the decoded records must equal.
 */
final class ParquetData {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message t {
              required int64 id;
              required int32 qty;
              required boolean urgent;
              optional int64 price (DECIMAL(12,2));
              optional int32 small (DECIMAL(7,2));
              optional fixed_len_byte_array(11) big (DECIMAL(25,2));
              optional int32 day (DATE);
              optional int64 ts (TIMESTAMP(MILLIS,true));
              optional double score;
              required float ratio;
              optional boolean flag;
              optional binary mode (STRING);
              optional binary comment (STRING);
              optional int96 legacy;
            }""");
    static final String[] MODES = {"AIR", "MAIL", "RAIL", "SHIP", "TRUCK", "REG AIR", "FOB"};

    /** One row; null where the column is NULL. */
    record Row(long id, int qty, boolean urgent, Long price, Integer small, BigInteger big, Integer day, Long tsMillis, Double score,
               float ratio, Boolean flag, String mode, String comment) {
        Row withComment(String c) {
            return new Row(id, qty, urgent, price, small, big, day, tsMillis, score, ratio, flag, mode, c);
        }
    }

    private ParquetData() {
    }

    /** {@code n} rows, ids ascending from 0, about one value in seven NULL. */
    static List<Row> rows(int n, long seed) {
        Random r = new Random(seed);
        List<Row> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            rows.add(new Row(i, r.nextInt(50) - 5, r.nextInt(3) == 0,
                    maybe(r, () -> (long) r.nextInt(10_000_000) - 1_000_000),
                    maybe(r, () -> r.nextInt(2_000_000) - 1_000_000),
                    maybe(r, () -> new BigInteger(80, r).subtract(BigInteger.ONE.shiftLeft(79))),
                    maybe(r, () -> 8_000 + r.nextInt(3_000)),
                    maybe(r, () -> 1_600_000_000_000L + r.nextInt(1_000_000_000)),
                    maybe(r, () -> r.nextInt(5) == 0 ? -0.0 : r.nextGaussian() * 100),
                    r.nextFloat(),
                    maybe(r, r::nextBoolean),
                    maybe(r, () -> MODES[r.nextInt(MODES.length)]),
                    maybe(r, () -> "comment " + Long.toString(r.nextLong(), 36) + (r.nextInt(9) == 0 ? " é" : ""))));
        }
        return rows;
    }

    private static <T> T maybe(Random r, java.util.function.Supplier<T> value) {
        return r.nextInt(7) == 0 ? null : value.get();
    }

    /** Writes {@code rows} to {@code file} with parquet-java's writer in the given way. */
    static void write(Configuration conf, Path file, List<Row> rows, CompressionCodecName codec, boolean dictionary,
                      ParquetProperties.WriterVersion version, long rowGroupBytes, int pageBytes) throws IOException {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(codec)
                .withDictionaryEncoding(dictionary).withWriterVersion(version).withRowGroupSize(rowGroupBytes)
                .withPageSize(pageBytes).withDictionaryPageSize(pageBytes).build()) {
            for (Row row : rows) {
                Group g = groups.newGroup().append("id", row.id()).append("qty", row.qty()).append("urgent", row.urgent())
                        .append("ratio", row.ratio());
                if (row.price() != null) {
                    g.append("price", row.price());
                }
                if (row.small() != null) {
                    g.append("small", row.small());
                }
                if (row.big() != null) {
                    g.append("big", Binary.fromConstantByteArray(fixed(row.big(), 11)));
                }
                if (row.day() != null) {
                    g.append("day", row.day());
                }
                if (row.tsMillis() != null) {
                    g.append("ts", row.tsMillis());
                }
                if (row.score() != null) {
                    g.append("score", row.score());
                }
                if (row.flag() != null) {
                    g.append("flag", row.flag());
                }
                if (row.mode() != null) {
                    g.append("mode", row.mode());
                }
                if (row.comment() != null) {
                    g.append("comment", row.comment());
                }
                out.write(g);
            }
        }
    }

    /** {@code v} as {@code n} big-endian two's complement bytes. */
    private static byte[] fixed(BigInteger v, int n) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[n];
        byte pad = (byte) (v.signum() < 0 ? -1 : 0);
        for (int i = 0; i < n; i++) {
            int from = raw.length - n + i;
            out[i] = from >= 0 ? raw[from] : pad;
        }
        return out;
    }

    /** The rows as records of {@code layout} (a ParquetTable's of {@link #SCHEMA}). */
    static ByteBuffer records(Layout layout, List<Row> rows) {
        ByteBuffer out = ByteBuffer.allocate(layout.recordSize() * rows.size()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int base = i * layout.recordSize();
            for (Field f : layout.fields()) {
                Object v = switch (f.name()) {
                    case "id" -> row.id();
                    case "qty" -> row.qty();
                    case "urgent" -> row.urgent();
                    case "price" -> row.price();
                    case "small" -> row.small();
                    case "big" -> row.big();
                    case "day" -> row.day();
                    case "ts" -> row.tsMillis() == null ? null : row.tsMillis() * 1000;
                    case "score" -> row.score();
                    case "ratio" -> row.ratio();
                    case "flag" -> row.flag();
                    case "mode" -> row.mode();
                    case "comment" -> row.comment();
                    default -> throw new IllegalArgumentException(f.name());
                };
                put(out, base, f, v);
            }
        }
        return out;
    }

    private static void put(ByteBuffer out, int base, Field f, Object v) {
        if (v == null) {
            int at = base + (f.nullBit() >>> 3);
            out.put(at, (byte) (out.get(at) | 1 << (f.nullBit() & 7)));
            return;
        }
        int at = base + f.offset();
        if (v instanceof BigInteger b) {
            byte[] le = fixed(b, f.width());
            for (int i = 0; i < f.width(); i++) {
                out.put(at + i, le[f.width() - 1 - i]);
            }
        } else if (v instanceof Long l) {
            out.putLong(at, l);
        } else if (v instanceof Integer n) {
            out.putInt(at, n);
        } else if (v instanceof Double d) {
            out.putDouble(at, d);
        } else if (v instanceof Float x) {
            out.putFloat(at, x);
        } else if (v instanceof Boolean b) {
            out.put(at, (byte) (b ? 1 : 0));
        } else {
            byte[] s = ((String) v).getBytes(StandardCharsets.UTF_8);
            out.put(at, s);
        }
    }
}
