package dev.ispd.hadoop.parquet;

import static dev.ispd.plan.Expr.between;
import static dev.ispd.plan.Expr.compare;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.lt;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;

import dev.ispd.bench.AlternatingRounds;
import dev.ispd.bench.AlternatingRounds.Figure;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The drive's scan rate of a plan over Parquet column chunks against the same plan over the same
 * rows as fixed-width records, and against parquet-java reading the same file in a plain loop, in
 * one JVM: N lineitem-like rows ({@code qty int32, price decimal(12,2) int64, disc and tax
 * decimal(4,2) int32, ship date, flag and status boolean}, all required), written by parquet-java
 * (v1 pages, one row group of up to 128 MiB) as Snappy and uncompressed, with dictionaries and
 * plain. Two queries, as in ExprScanBenchmark (module tasklets):
 * <ul>
 *   <li>Q6: {@code SUM(price * disc) WHERE ship in 1994 AND disc BETWEEN 0.05 AND 0.07 AND qty < 24};
 *   <li>Q1: {@code GROUP BY flag, status: COUNT(*), SUM(qty), SUM(price), SUM(price * (1 - disc))
 *       WHERE ship <= 1998-09-02}.
 * </ul>
 * Variants: {@code records} (the plan interpreter over the rows as records of the file's
 * {@link ParquetTable} layout, 1 MiB slices as a drive reads them), {@code drive FORMAT} (the
 * drive's Parquet tasklet over the file's bytes in memory: decode and plan, 1 MiB slices) and
 * {@code java FORMAT} (parquet-java's {@code ColumnReader}s over the file's row groups computing
 * the same answer in a hand-written loop). Medians of R alternating rounds in million rows per
 * second, each variant's ratio to {@code records} and to the Java loop of the same file; the
 * drive's answers are checked against the records', Q6's also against the Java loop's.
 *
 * <p>Run: {@code mvn -B -o -Pparquet-bench -pl hadoop-ext -am verify -DskipTests} (2,000,000 rows,
 * 7 rounds; {@code -Dbench.args="4000000 9"} for others). The default build does not compile it.
 */
public final class ParquetScanBenchmark {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message lineitem {
              required int32 qty;
              required int64 price (DECIMAL(12,2));
              required int32 disc (DECIMAL(4,2));
              required int32 tax (DECIMAL(4,2));
              required int32 ship (DATE);
              required boolean flag;
              required boolean status;
            }""");
    private static final int SLICE = 1 << 20;
    private static final int D1994 = (int) LocalDate.of(1994, 1, 1).toEpochDay();
    private static final int D1995 = (int) LocalDate.of(1995, 1, 1).toEpochDay();
    private static final int D1998 = (int) LocalDate.of(1998, 9, 2).toEpochDay();

    /** One way of writing the file. */
    private record Format(String name, CompressionCodecName codec, boolean dictionary) { }

    private static final List<Format> FORMATS = List.of(
            new Format("snappy/dict", CompressionCodecName.SNAPPY, true),
            new Format("snappy/plain", CompressionCodecName.SNAPPY, false),
            new Format("none/dict", CompressionCodecName.UNCOMPRESSED, true),
            new Format("none/plain", CompressionCodecName.UNCOMPRESSED, false));

    private ParquetScanBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int[][] rows = rows(n);
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        java.nio.file.Path dir = Files.createTempDirectory("parquet-bench");
        Layout layout = ParquetTable.of("lineitem", SCHEMA).layout();
        ByteBuffer records = records(layout, rows);
        Map<String, Map<String, LongSupplier>> queries = new LinkedHashMap<>();
        Plan q6 = q6(layout);
        Plan q1 = q1(layout);
        queries.put("Q6", new LinkedHashMap<>(Map.of("records", () -> fold(scan(new PlanTasklet(q6, PlanLimits.HOST),
                records)))));
        queries.put("Q1", new LinkedHashMap<>(Map.of("records", () -> fold(scan(new PlanTasklet(q1, PlanLimits.HOST),
                records)))));
        System.out.printf("ParquetScanBenchmark: %,d rows (records of %d bytes: %d MiB), %d rounds, medians%n", n,
                layout.recordSize(), (long) n * layout.recordSize() >> 20, rounds);
        for (Format f : FORMATS) {
            Path file = new Path(dir.resolve(f.name().replace('/', '-') + ".parquet").toUri());
            write(conf, file, rows, f);
            FileStatus status = fs.getFileStatus(file);
            byte[] bytes = Files.readAllBytes(java.nio.file.Path.of(file.toUri()));
            System.out.printf("  %-13s %,d bytes%n", f.name(), bytes.length);
            queries.get("Q6").put("drive " + f.name(), () -> fold(drive(fs, status, q6, bytes)));
            queries.get("Q6").put("java " + f.name(), () -> q6Java(conf, file));
            queries.get("Q1").put("drive " + f.name(), () -> fold(drive(fs, status, q1, bytes)));
            queries.get("Q1").put("java " + f.name(), () -> q1Java(conf, file));
        }
        long q6Answer = PlanResult.decode(scan(new PlanTasklet(q6, PlanLimits.HOST), records)).rows().get(0)[0];
        for (Map.Entry<String, Map<String, LongSupplier>> q : queries.entrySet()) {
            measure(q.getKey(), q.getValue(), n, rounds, q.getKey().equals("Q6") ? q6Answer : null);
        }
        System.out.printf("%nload average: %s%n", Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim());
    }

    private static void measure(String query, Map<String, LongSupplier> variants, int n, int rounds, Long javaAnswer) {
        Map<String, Figure> figures = AlternatingRounds.run(variants, n, rounds);
        double records = figures.get("records").millionsPerSecond();
        long recordsAnswer = figures.get("records").answer();
        System.out.printf("%n%s%n  %-19s %9s %10s %10s  %s%n", query, "variant", "M rows/s", "/ records", "/ java",
                "answer");
        figures.forEach((k, f) -> {
            String java = k.startsWith("drive ") ? "java " + k.substring(6) : null;
            String check = k.startsWith("java ") ? (javaAnswer == null ? "(own loop)"
                    : f.answer() == javaAnswer ? "(= records)" : "(DIFFERS from records)")
                    : f.answer() == recordsAnswer ? "(= records)" : "(DIFFERS from records)";
            System.out.printf("  %-19s %9.1f %10.2f %10s  %s%n", k, f.millionsPerSecond(), f.millionsPerSecond() / records,
                    java == null ? "" : String.format("%.2f", f.millionsPerSecond() / figures.get(java).millionsPerSecond()),
                    check);
        });
    }

    /** The interpreter over the records in 1 MiB slices; its result bytes. */
    private static byte[] scan(PlanTasklet t, ByteBuffer data) {
        dev.ispd.tasklet.Meter meter = new dev.ispd.tasklet.Meter();
        int step = SLICE - SLICE % t.recordSize();
        for (int at = 0; at < data.capacity(); at += step) {
            ByteBuffer slice = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            slice.limit(Math.min(data.capacity(), at + step)).position(at);
            t.scan(slice, 1, at, meter);
        }
        dev.ispd.tasklet.ResultSink out = new dev.ispd.tasklet.ResultSink();
        t.finish(out, meter);
        return out.toByteArray();
    }

    /** The drive's Parquet tasklet over the file's row groups, 1 MiB (128 pages of 8 KiB) at a time; its result bytes. */
    private static byte[] drive(FileSystem fs, FileStatus status, Plan plan, byte[] file) {
        try {
            ParquetInput input = ParquetInputs.input(fs, status, plan).parquet();
            ParquetSource source = new ParquetSource(status.getPath().getName(), input.columns(),
                    input.rowGroups().stream().map(ParquetInput.RowGroup::group).toList());
            List<Extent> extents = new ArrayList<>();
            for (ParquetInput.RowGroup g : input.rowGroups()) {
                for (int c = 0; c < g.chunkOffsets().size(); c++) {
                    extents.add(new Extent(1, g.chunkOffsets().get(c), g.group().chunks().get(c).length()));
                }
            }
            return new HostRunner(8192, 128).run(new PlanTaskletFactory("parquet", plan).create(Params.EMPTY,
                    source.toParams(), new ScanContext(8192)), extents,
                    new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(file)))).bytes();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** An order-independent hash of a result's rows. */
    private static long fold(byte[] result) {
        long folded = 0;
        for (long[] row : PlanResult.decode(result).rows()) {
            folded += Arrays.hashCode(row) * 0x9E3779B97F4A7C15L;
        }
        return folded;
    }

    /** {@code n} rows of the seven columns, as ExprScanBenchmark draws them. */
    private static int[][] rows(int n) {
        int[][] c = new int[7][n];
        Random r = new Random(20);
        for (int i = 0; i < n; i++) {
            c[0][i] = 1 + r.nextInt(50);
            c[1][i] = 90_000 + r.nextInt(10_410_000);
            c[2][i] = r.nextInt(11);
            c[3][i] = r.nextInt(9);
            c[4][i] = 8_035 + r.nextInt(2_557);
            c[5][i] = r.nextInt(3) == 0 ? 1 : 0;
            c[6][i] = r.nextInt(2);
        }
        return c;
    }

    private static final String[] NAMES = {"qty", "price", "disc", "tax", "ship", "flag", "status"};

    private static ByteBuffer records(Layout layout, int[][] rows) {
        int size = layout.recordSize();
        int n = rows[0].length;
        ByteBuffer b = ByteBuffer.allocateDirect(n * size).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < NAMES.length; c++) {
            Field f = layout.field(NAMES[c], "bench");
            for (int i = 0; i < n; i++) {
                if (f.width() == 8) {
                    b.putLong(i * size + f.offset(), rows[c][i]);
                } else if (f.width() == 1) {
                    b.put(i * size + f.offset(), (byte) rows[c][i]);
                } else {
                    b.putInt(i * size + f.offset(), rows[c][i]);
                }
            }
        }
        return b;
    }

    private static void write(Configuration conf, Path file, int[][] rows, Format f) throws Exception {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(f.codec())
                .withDictionaryEncoding(f.dictionary()).withWriterVersion(WriterVersion.PARQUET_1_0)
                .withRowGroupSize(128L << 20).build()) {
            for (int i = 0; i < rows[0].length; i++) {
                out.write(groups.newGroup().append("qty", rows[0][i]).append("price", (long) rows[1][i])
                        .append("disc", rows[2][i]).append("tax", rows[3][i]).append("ship", rows[4][i])
                        .append("flag", rows[5][i] != 0).append("status", rows[6][i] != 0));
            }
        }
    }

    private static Plan q6(Layout layout) {
        return Plan.aggregate(layout, Predicate.holds(dev.ispd.plan.Expr.and(
                compare(field("ship"), CompareOp.GE, lit(LocalDate.ofEpochDay(D1994))),
                lt(field("ship"), lit(LocalDate.ofEpochDay(D1995))),
                between(field("disc"), lit(new BigDecimal("0.05")), lit(new BigDecimal("0.07"))),
                lt(field("qty"), lit(24)))), List.of(), List.of(Aggregate.sum(mul(field("price"), field("disc")))));
    }

    private static Plan q1(Layout layout) {
        return Plan.aggregate(layout, Predicate.holds(compare(field("ship"), CompareOp.LE,
                lit(LocalDate.ofEpochDay(D1998)))), List.of("flag", "status"), List.of(Aggregate.countStar(),
                Aggregate.sum(field("qty")), Aggregate.sum(field("price")),
                Aggregate.sum(mul(field("price"), sub(lit(BigDecimal.ONE), field("disc"))))));
    }

    /** Q6 with parquet-java's column readers over the file: SUM(price * disc), unscaled. */
    private static long q6Java(Configuration conf, Path file) {
        long sum = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                ColumnReader[] c = readers(reader, pages, "ship", "disc", "qty", "price");
                for (long i = pages.getRowCount(); i > 0; i--) {
                    int ship = c[0].getInteger();
                    int disc = c[1].getInteger();
                    int qty = c[2].getInteger();
                    long price = c[3].getLong();
                    for (ColumnReader r : c) {
                        r.consume();
                    }
                    if (ship >= D1994 && ship < D1995 && disc >= 5 && disc <= 7 && qty < 24) {
                        sum += price * disc;
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return sum;
    }

    /** Q1 with parquet-java's column readers over the file; its groups' values folded into one long. */
    private static long q1Java(Configuration conf, Path file) {
        long[][] g = new long[4][4];
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                ColumnReader[] c = readers(reader, pages, "ship", "flag", "status", "qty", "price", "disc");
                for (long i = pages.getRowCount(); i > 0; i--) {
                    int ship = c[0].getInteger();
                    int key = (c[1].getBoolean() ? 2 : 0) + (c[2].getBoolean() ? 1 : 0);
                    int qty = c[3].getInteger();
                    long price = c[4].getLong();
                    int disc = c[5].getInteger();
                    for (ColumnReader r : c) {
                        r.consume();
                    }
                    if (ship <= D1998) {
                        long[] s = g[key];
                        s[0]++;
                        s[1] += qty;
                        s[2] += price;
                        s[3] += price * (100 - disc);
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return Arrays.deepHashCode(g);
    }

    private static ColumnReader[] readers(ParquetFileReader reader, PageReadStore pages, String... names) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, NO_RECORDS, schema,
                reader.getFooter().getFileMetaData().getCreatedBy());
        return Arrays.stream(names).map(n -> store.getColumnReader(schema.getColumnDescription(new String[] {n})))
                .toArray(ColumnReader[]::new);
    }

    /** The record converter ColumnReadStoreImpl asks for: the loop reads the column readers' values itself. */
    private static final GroupConverter NO_RECORDS = new GroupConverter() {
        @Override
        public Converter getConverter(int fieldIndex) {
            return new PrimitiveConverter() { };
        }

        @Override
        public void start() {
        }

        @Override
        public void end() {
        }
    };
}
