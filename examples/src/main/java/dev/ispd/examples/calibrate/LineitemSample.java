package dev.ispd.examples.calibrate;

import dev.ispd.hadoop.parquet.ParquetInputs;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Rows shaped as TPC-H lineitem's numeric columns (quantity, price, discount and tax as
 * decimals, ship date, return flag and line status), held twice in memory: as fixed-width
 * records of the table's layout and as a Parquet file (Snappy, dictionaries, one row group), so
 * that calibration can run the same typed plans over records and over Parquet column chunks.
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
    private final ByteBuffer records;
    private final byte[] parquet;
    private final FileSystem fs;
    private final Path file;

    private LineitemSample(int rows, ByteBuffer records, byte[] parquet, FileSystem fs, Path file) {
        this.rows = rows;
        this.records = records;
        this.parquet = parquet;
        this.fs = fs;
        this.file = file;
    }

    /** About {@code bytes} of records (and their Parquet file) drawn with {@code seed}; the file is written under {@code dir}. */
    static LineitemSample generate(long bytes, long seed, java.nio.file.Path dir) throws IOException {
        int n = (int) Math.max(1, Math.min(Integer.MAX_VALUE / LAYOUT.recordSize(), bytes / LAYOUT.recordSize()));
        Random r = new Random(seed);
        ByteBuffer records = ByteBuffer.allocate(n * LAYOUT.recordSize()).order(ByteOrder.LITTLE_ENDIAN);
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path file = new Path(dir.resolve("lineitem.parquet").toUri());
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.SNAPPY)
                .withDictionaryEncoding(true).withRowGroupSize(1L << 30).build()) {
            for (int i = 0; i < n; i++) {
                int qty = 1 + r.nextInt(50);
                long price = 90_000 + r.nextInt(10_410_000);
                int disc = r.nextInt(11);
                int tax = r.nextInt(9);
                int ship = 8_035 + r.nextInt(2_557);
                boolean flag = r.nextInt(3) == 0;
                boolean status = r.nextBoolean();
                int at = i * LAYOUT.recordSize();
                put(records, at, "qty", qty);
                put(records, at, "price", price);
                put(records, at, "disc", disc);
                put(records, at, "tax", tax);
                put(records, at, "ship", ship);
                put(records, at, "flag", flag ? 1 : 0);
                put(records, at, "status", status ? 1 : 0);
                out.write(groups.newGroup().append("qty", qty).append("price", price).append("disc", disc)
                        .append("tax", tax).append("ship", ship).append("flag", flag).append("status", status));
            }
        }
        byte[] parquet = Files.readAllBytes(java.nio.file.Path.of(file.toUri()));
        return new LineitemSample(n, records, parquet, fs, file);
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

    int rows() {
        return rows;
    }

    /** The records' bytes, the object a record workload scans. */
    byte[] records() {
        return records.array();
    }

    /** The Parquet file's bytes, the object a Parquet workload scans. */
    byte[] parquet() {
        return parquet;
    }

    /** What a drive is sent to run {@code plan} over the Parquet file: its row groups and columns, and their extents in object 1. */
    ParquetRun parquetRun(Plan plan) throws IOException {
        ParquetInput input = ParquetInputs.input(fs, fs.getFileStatus(file), plan).parquet();
        ParquetSource source = new ParquetSource(file.getName(), input.columns(),
                input.rowGroups().stream().map(ParquetInput.RowGroup::group).toList());
        List<Extent> extents = new ArrayList<>();
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            for (int c = 0; c < g.chunkOffsets().size(); c++) {
                extents.add(new Extent(1, g.chunkOffsets().get(c), g.group().chunks().get(c).length()));
            }
        }
        return new ParquetRun(source, extents);
    }

    record ParquetRun(ParquetSource source, List<Extent> extents) {
    }
}
