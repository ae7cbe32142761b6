package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.tasklet.ScanContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Parquet decoder a plan runs over column chunks gives exactly the result the same plan gives
 * over the same values as fixed-width records (encoded in plain Java, {@link ParquetData}), for
 * files written by parquet-java's own writer with every codec the drive reads (uncompressed,
 * Snappy, Gzip, Zstd), data pages v1 and v2, with and without dictionaries: so PLAIN, dictionary,
 * RLE/bit-packed levels and (v2) the delta encodings, NULLs in every optional type.
 */
@Tag("heavy")
class ParquetDecodeTest {
    private static final int ROWS = 3_000;

    @TempDir
    static java.nio.file.Path dir;

    static Stream<Arguments> formats() {
        List<Arguments> out = new ArrayList<>();
        for (CompressionCodecName codec : List.of(CompressionCodecName.UNCOMPRESSED, CompressionCodecName.SNAPPY,
                CompressionCodecName.GZIP, CompressionCodecName.ZSTD)) {
            for (WriterVersion version : WriterVersion.values()) {
                out.add(Arguments.of(codec, version, true));
                out.add(Arguments.of(codec, version, false));
            }
        }
        return out.stream();
    }

    /** {@link #formats} of one codec: the codec touches neither levels nor values. */
    static Stream<Arguments> snappyFormats() {
        return formats().filter(a -> a.get()[0] == CompressionCodecName.SNAPPY);
    }

    @ParameterizedTest(name = "{0} {1} dictionary {2}")
    @MethodSource("formats")
    void decodedRowGroupsGiveThePlansResultOverTheSameValuesAsRecords(CompressionCodecName codec, WriterVersion version,
                                                                       boolean dictionary) throws Exception {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path path = new Path(dir.resolve(codec + "-" + version + "-" + dictionary + ".parquet").toUri());
        List<ParquetData.Row> rows = ParquetData.rows(ROWS, 11);
        ParquetData.write(conf, path, rows, codec, dictionary, version, 48 * 1024, 4 * 1024);
        FileStatus status = fs.getFileStatus(path);
        ParquetMetadata footer = ParquetFooters.read(fs, status);
        assertTrue(footer.getBlocks().size() >= 3, "several row groups: " + footer.getBlocks().size());
        checkWritten(footer, codec, version, dictionary);

        ParquetTable table = ParquetInputs.table(fs, status);
        assertEquals(Map.of("legacy", "INT96 timestamps"), table.unsupported());
        Layout layout = table.layout();
        ByteBuffer records = ParquetData.records(layout, rows);
        for (Plan plan : plans(layout)) {
            byte[] expected = overRecords(plan, records);
            assertEquals(0, ParquetInputs.input(fs, status, plan).parquet().rowGroupsSkipped());
            byte[] decoded = decoded(fs, status, plan);
            assertArrayEquals(expected, decoded, plan.toString());
            assertTrue(PlanResult.decode(decoded).rows().size() > 0, "the plan returns something: " + plan);
        }
    }

    /**
     * Optional columns' levels and PLAIN or dictionary values read a page's run at a time: stretches
     * of NULLs longer than a page (pages of NULLs only, runs of NULLs across batches) and of no
     * NULL, in every optional type, v1 and v2 pages, PLAIN and dictionary, give the plans' results
     * over the same values as records.
     */
    @ParameterizedTest(name = "{1} dictionary {2}")
    @MethodSource("snappyFormats")
    void stretchesOfNullsLongerThanAPageGiveTheSameResults(CompressionCodecName codec, WriterVersion version,
                                                          boolean dictionary) throws Exception {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path path = new Path(dir.resolve("stretches-" + version + "-" + dictionary + ".parquet").toUri());
        List<ParquetData.Row> rows = new ArrayList<>();
        for (ParquetData.Row r : ParquetData.rows(ROWS, 13)) {
            long i = r.id();
            boolean none = i >= 700 && i < 2_300; // about two pages of each column, and batches, all NULL
            boolean all = i >= 2_300;
            rows.add(new ParquetData.Row(i, r.qty(), r.urgent(), pick(none, all, r.price(), i),
                    pick(none, all, r.small(), (int) i), pick(none, all, r.big(), java.math.BigInteger.valueOf(i)),
                    pick(none, all, r.day(), 9_000 + (int) (i % 100)), pick(none, all, r.tsMillis(), 1_600_000_000_000L + i),
                    pick(none, all, r.score(), i / 4.0), r.ratio(), pick(none, all, r.flag(), i % 3 == 0),
                    pick(none, all, r.mode(), ParquetData.MODES[(int) (i % ParquetData.MODES.length)]),
                    pick(none, all, r.comment(), "c" + i)));
        }
        ParquetData.write(conf, path, rows, codec, dictionary, version, 48 * 1024, 4 * 1024);
        FileStatus status = fs.getFileStatus(path);
        Layout layout = ParquetInputs.table(fs, status).layout();
        ByteBuffer records = ParquetData.records(layout, rows);
        for (Plan plan : plans(layout)) {
            assertArrayEquals(overRecords(plan, records), decoded(fs, status, plan), plan.toString());
        }
    }

    /**
     * A row group of several batches, few of which hold a row that passes the WHERE: the columns
     * the WHERE does not read are decoded for those batches alone, passed over (whole pages of them
     * undecoded) for the others before, after and between them; and a WHERE that passes a few rows
     * of every batch, across the columns' page boundaries, whose numbers are decoded for those rows
     * alone. The plans' results, rows of every kind of column and aggregates of them, equal those
     * over the same values as records.
     */
    @ParameterizedTest(name = "{0} {1} dictionary {2}")
    @MethodSource("formats")
    void batchesWithNoMatchPassOverTheColumnsTheWhereDoesNotRead(CompressionCodecName codec, WriterVersion version,
                                                                 boolean dictionary) throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        List<ParquetData.Row> rows = ParquetData.rows(ROWS, 14);
        FileStatus status = written("sparse", rows, codec, version, dictionary, 4 << 20, 2 * 1024);
        assertEquals(1, ParquetFooters.read(fs, status).getBlocks().size(), "one row group of three batches");
        Layout layout = ParquetInputs.table(fs, status).layout();
        ByteBuffer records = ParquetData.records(layout, rows);
        long[] spread = java.util.stream.LongStream.iterate(3, i -> i < ROWS, i -> i + 61).toArray();
        for (Predicate where : List.of(Predicate.or(Predicate.between("id", 5, 6), Predicate.between("id", 2_500, 2_510)),
                Predicate.between("id", 1_500, 1_510), Predicate.between("id", 2_990, 2_999), Predicate.in("id", spread))) {
            assertRowsAndAggregatesEqual(fs, status, records, layout, where);
        }
    }

    /**
     * An AND whose first test leaves few rows of each batch (or none, or many): the columns only its
     * later tests read are decoded for the rows the tests before them leave, a value at a time where
     * those are few (strings, numbers, decimals in bytes, milliseconds, booleans, NULLs among them),
     * in the batch where a test first reads them. The plans' results, rows of every column and
     * aggregates, equal those over the same values as records, as does the error a later test
     * raises for a row the first leaves.
     */
    @ParameterizedTest(name = "{0} {1} dictionary {2}")
    @MethodSource("formats")
    void laterTestsOfAnAndDecodeTheirColumnsForTheRowsTheTestsBeforeLeave(CompressionCodecName codec,
                                                                           WriterVersion version, boolean dictionary)
            throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        List<ParquetData.Row> rows = ParquetData.rows(ROWS, 15);
        FileStatus status = written("narrowed", rows, codec, version, dictionary, 4 << 20, 2 * 1024);
        Layout layout = ParquetInputs.table(fs, status).layout();
        ByteBuffer records = ParquetData.records(layout, rows);
        Predicate later = Predicate.and(Predicate.compare("qty", CompareOp.GT, 0),
                Predicate.or(Predicate.compare("mode", CompareOp.NE, "FOB"), Predicate.isNull("comment")),
                Predicate.or(Predicate.compare("ts", CompareOp.GT, 0), Predicate.holds(Expr.eq(Expr.field("flag"),
                        Expr.lit(true)))));
        for (Predicate first : List.of(Predicate.in("id", LongStream.iterate(3, i -> i < ROWS, i -> i + 61).toArray()),
                Predicate.between("id", 1_500, 1_510), Predicate.compare("id", CompareOp.LT, 2_000))) {
            assertRowsAndAggregatesEqual(fs, status, records, layout, Predicate.and(first, later));
        }
        Plan dividing = Plan.rows(layout, Predicate.and(Predicate.between("id", 1_500, 1_510),
                Predicate.holds(Expr.gt(Expr.div(Expr.field("small"), Expr.sub(Expr.field("qty"), Expr.field("qty"))),
                        Expr.lit(0)))), List.of("id"));
        Exception overRecords = assertThrows(Exception.class, () -> overRecords(dividing, records));
        Exception overParquet = assertThrows(Exception.class, () -> decoded(fs, status, dividing));
        assertEquals(overRecords.getMessage(), overParquet.getMessage());
    }

    /**
     * A string chunk whose writer falls back from its dictionary to PLAIN pages part way (a few
     * values repeated, then each one new, past the dictionary page's size): a batch holding the
     * last dictionary-coded rows and the first PLAIN ones gives the rows read as ids their entries
     * in their places, so the plans' results equal those over the same values as records.
     */
    @Test
    void aStringChunkFallingBackFromItsDictionaryGivesTheSameResults() throws Exception {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path path = new Path(dir.resolve("fallback.parquet").toUri());
        List<ParquetData.Row> rows = new ArrayList<>();
        for (ParquetData.Row r : ParquetData.rows(ROWS, 17)) {
            rows.add(r.withComment(r.comment() == null ? null
                    : r.id() < 1_500 ? "comment " + r.id() % 7 : "comment number " + r.id() + " of its own"));
        }
        ParquetData.write(conf, path, rows, CompressionCodecName.SNAPPY, true, WriterVersion.PARQUET_1_0,
                1024 * 1024, 4 * 1024);
        FileStatus status = fs.getFileStatus(path);
        ParquetMetadata footer = ParquetFooters.read(fs, status);
        ColumnChunkMetaData comment = footer.getBlocks().get(0).getColumns().stream()
                .filter(c -> c.getPath().toDotString().equals("comment")).findFirst().orElseThrow();
        assertTrue(comment.getEncodingStats().hasDictionaryEncodedPages() && comment.getEncodingStats().hasNonDictionaryEncodedPages(),
                "dictionary-coded pages, then PLAIN ones: " + comment.getEncodingStats());
        Layout layout = ParquetInputs.table(fs, status).layout();
        ByteBuffer records = ParquetData.records(layout, rows);
        for (Plan plan : plans(layout)) {
            assertArrayEquals(overRecords(plan, records), decoded(fs, status, plan), plan.toString());
        }
    }

    /**
     * Over {@code where}, the rows of every column and aggregates of several kinds decoded from the
     * Parquet file equal those over {@code records}, the same values as fixed-width records, and are some.
     */
    private static void assertRowsAndAggregatesEqual(FileSystem fs, FileStatus status, ByteBuffer records, Layout layout,
                                                     Predicate where) throws Exception {
        List<String> every = List.of("id", "qty", "urgent", "price", "small", "big", "day", "ts", "score", "ratio", "flag",
                "mode", "comment");
        for (Plan plan : List.of(Plan.rows(layout, where, every), Plan.aggregate(layout, where, List.of("urgent"),
                List.of(Aggregate.countStar(), Aggregate.count("comment"), Aggregate.sum(Expr.field("price")),
                        Aggregate.max(Expr.field("day")), Aggregate.min(Expr.field("score")))))) {
            byte[] decoded = decoded(fs, status, plan);
            assertArrayEquals(overRecords(plan, records), decoded, plan.toString());
            assertTrue(PlanResult.decode(decoded).rows().size() > 0, "the plan returns something: " + plan);
        }
    }

    /** The result of {@code plan} over {@code records}, the same values as fixed-width records. */
    private static byte[] overRecords(Plan plan, ByteBuffer records) throws IOException {
        return new HostRunner(8192, 128).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, records.capacity())), new InMemoryPageSource(Map.of(1L, records))).bytes();
    }

    /** {@code rows} written as the case says to a file of the temporary directory named by {@code name} and the case; its status. */
    private static FileStatus written(String name, List<ParquetData.Row> rows, CompressionCodecName codec,
                                      WriterVersion version, boolean dictionary, long rowGroupBytes, int pageBytes)
            throws IOException {
        Configuration conf = new Configuration();
        Path path = new Path(dir.resolve(name + "-" + codec + "-" + version + "-" + dictionary + ".parquet").toUri());
        ParquetData.write(conf, path, rows, codec, dictionary, version, rowGroupBytes, pageBytes);
        return FileSystem.getLocal(conf).getFileStatus(path);
    }

    /** NULL where {@code none}, {@code always} where {@code all} (no NULL), else the row's value. */
    private static <T> T pick(boolean none, boolean all, T value, T always) {
        return none ? null : all ? always : value;
    }

    @Test
    void integersAreSignedAsParquetsAre() throws Exception {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path path = new Path(dir.resolve("signed.parquet").toUri());
        List<ParquetData.Row> rows = ParquetData.rows(ROWS, 12);
        ParquetData.write(conf, path, rows, CompressionCodecName.SNAPPY, true, WriterVersion.PARQUET_1_0, 48 * 1024,
                4 * 1024);
        FileStatus status = fs.getFileStatus(path);
        Layout layout = ParquetInputs.table(fs, status).layout();
        Plan negatives = Plan.aggregate(layout, Predicate.and(Predicate.compare("qty", CompareOp.LT, 0),
                Predicate.compare("small", CompareOp.LT, 0)), List.of(), List.of(Aggregate.countStar()));
        long expected = rows.stream().filter(r -> r.qty() < 0 && r.small() != null && r.small() < 0).count();
        assertTrue(expected > 0);
        byte[] result = decoded(fs, status, negatives);
        assertEquals(expected, PlanResult.decode(result).rows().get(0)[0]);
    }

    /**
     * A row group read in three parts (a run each, its chunks read whole, the rows before
     * the part passed over across page boundaries) gives, part after part, the rows of the whole
     * row group and, summed, its counts: NULLs, dictionaries, v1 and v2 pages.
     */
    @ParameterizedTest(name = "{0} {1} dictionary {2}")
    @MethodSource("someFormats")
    void aRowGroupReadInPartsGivesTheRowsOfTheWhole(CompressionCodecName codec, WriterVersion version,
                                                     boolean dictionary) throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        FileStatus status = written("parts", ParquetData.rows(ROWS, 13), codec, version, dictionary, 48 * 1024, 4 * 1024);
        Layout layout = ParquetInputs.table(fs, status).layout();
        Plan rows = plans(layout).get(0);
        Plan counts = plans(layout).get(3);
        ParquetInput rowsInput = ParquetInputs.input(fs, status, rows).parquet();
        ParquetInput countsInput = ParquetInputs.input(fs, status, counts).parquet();
        for (int i = 0; i < rowsInput.rowGroups().size(); i++) {
            ParquetInput.RowGroup g = rowsInput.rowGroups().get(i);
            ParquetInput.RowGroup c = countsInput.rowGroups().get(i);
            List<long[]> whole = PlanResult.decode(decoded(status, rows, rowsInput, g, g.group())).rows();
            assertFalse(whole.isEmpty(), "the row plan returns rows of row group " + g.group().index());
            List<long[]> parts = new ArrayList<>();
            long[] counted = new long[2];
            long size = g.group().rows() / 3 + 1;
            for (long first = 0; first < g.group().rows(); first += size) {
                long n = Math.min(size, g.group().rows() - first);
                parts.addAll(PlanResult.decode(decoded(status, rows, rowsInput, g, g.group().part(first, n))).rows());
                long[] part = PlanResult.decode(decoded(status, counts, countsInput, c, c.group().part(first, n)))
                        .rows().get(0);
                counted[0] += part[0];
                counted[1] += part[1];
            }
            assertEquals(whole.size(), parts.size(), "rows of row group " + g.group().index());
            for (int r = 0; r < whole.size(); r++) {
                assertArrayEquals(whole.get(r), parts.get(r), "row " + r + " of row group " + g.group().index());
            }
            assertArrayEquals(PlanResult.decode(decoded(status, counts, countsInput, c, c.group())).rows().get(0),
                    counted, "counts of row group " + g.group().index());
        }
    }

    static Stream<Arguments> someFormats() {
        return Stream.of(Arguments.of(CompressionCodecName.SNAPPY, WriterVersion.PARQUET_1_0, true),
                Arguments.of(CompressionCodecName.ZSTD, WriterVersion.PARQUET_2_0, false));
    }

    /** The plan's result over the Parquet file's row groups, decoded as a drive decodes them (2-page batches). */
    private static byte[] decoded(FileSystem fs, FileStatus status, Plan plan) throws Exception {
        InputFile input = ParquetInputs.input(fs, status, plan);
        return decoded(status, plan, input.parquet(), input.parquet().rowGroups(),
                input.parquet().rowGroups().stream().map(ParquetInput.RowGroup::group).toList());
    }

    /** The plan's result over {@code read}, the rows it reads of row group {@code g} of {@code input}. */
    private static byte[] decoded(FileStatus status, Plan plan, ParquetInput input, ParquetInput.RowGroup g,
                                  ParquetRowGroup read) throws Exception {
        return decoded(status, plan, input, List.of(g), List.of(read));
    }

    private static byte[] decoded(FileStatus status, Plan plan, ParquetInput input, List<ParquetInput.RowGroup> groups,
                                  List<ParquetRowGroup> read) throws Exception {
        ParquetSource source = new ParquetSource(status.getPath().toString(), input.columns(), read);
        List<Extent> extents = new ArrayList<>();
        for (ParquetInput.RowGroup g : groups) {
            for (int c = 0; c < g.chunkOffsets().size(); c++) {
                extents.add(new Extent(1, g.chunkOffsets().get(c), g.group().chunks().get(c).length()));
            }
        }
        byte[] file = Files.readAllBytes(java.nio.file.Path.of(status.getPath().toUri()));
        return new HostRunner(8192, 2).run(new PlanTaskletFactory("parquet", plan)
                        .create(Params.EMPTY, source.toParams(), new ScanContext(8192)), extents,
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(file)))).bytes();
    }

    /** The writer made what the case says: its codec, dictionary pages or none, v2 data pages for v2. */
    private static void checkWritten(ParquetMetadata footer, CompressionCodecName codec, WriterVersion version,
                                     boolean dictionary) {
        BlockMetaData first = footer.getBlocks().get(0);
        Set<Encoding> encodings = EnumSet.noneOf(Encoding.class);
        for (ColumnChunkMetaData c : first.getColumns()) {
            assertEquals(codec, c.getCodec());
            encodings.addAll(c.getEncodings());
            assertEquals(version == WriterVersion.PARQUET_2_0, c.getEncodingStats().usesV2Pages(), c.getPath() + " pages");
        }
        assertEquals(dictionary, encodings.contains(Encoding.PLAIN_DICTIONARY) || encodings.contains(Encoding.RLE_DICTIONARY),
                "dictionary encodings in " + encodings);
        if (version == WriterVersion.PARQUET_2_0 && !dictionary) {
            assertTrue(encodings.contains(Encoding.DELTA_BINARY_PACKED), "delta encodings in " + encodings);
        }
    }

    /**
     * Plans that read every column a plan can: rows (strings among them, dictionary-coded and not),
     * aggregates of fields and expressions, strings,
     * NULL tests (optional columns have null bits, so a plan tests them in WHERE and aggregates them
     * as expressions), an IN of keys ANDed before string tests (which a Parquet source tests first),
     * a string's LIKE in an expression with a number (its strings' lengths read).
     */
    static List<Plan> plans(Layout layout) {
        return List.of(
                Plan.rows(layout, Predicate.and(Predicate.compare("qty", CompareOp.GT, 30),
                        Predicate.compare("price", CompareOp.GT, 0), Predicate.compare("flag", CompareOp.EQ, 1)),
                        List.of("id", "qty", "urgent", "ratio")),
                Plan.aggregate(layout, null, List.of("urgent"), List.of(Aggregate.countStar(), Aggregate.count("big"),
                        Aggregate.count("mode"), Aggregate.count("comment"), Aggregate.count("flag"),
                        Aggregate.sum(Expr.mul(Expr.field("price"), Expr.field("qty"))),
                        Aggregate.min(Expr.field("price")), Aggregate.max(Expr.field("day")),
                        Aggregate.min(Expr.field("ts")), Aggregate.max(Expr.field("score")),
                        Aggregate.sum(Expr.field("small")))),
                Plan.aggregate(layout, Predicate.or(Predicate.compare("mode", CompareOp.EQ, "REG AIR"),
                        Predicate.compare("comment", CompareOp.GT, "comment m")), List.of("urgent"),
                        List.of(Aggregate.countStar(), Aggregate.max("ratio"))),
                Plan.aggregate(layout, Predicate.isNull("big"), List.of(), List.of(Aggregate.countStar(),
                        Aggregate.count("score"))),
                Plan.rows(layout, Predicate.compare("qty", CompareOp.LT, 20), List.of("id", "mode", "comment")),
                Plan.rows(layout, Predicate.compare("mode", CompareOp.EQ, "REG AIR"), List.of("comment", "mode")),
                Plan.rows(layout, Predicate.and(Predicate.in("id", LongStream.range(0, ROWS).filter(i -> i % 7 == 0)
                        .toArray()), Predicate.and(Predicate.compare("qty", CompareOp.GT, 0),
                        Predicate.not(Predicate.isNull("mode")), Predicate.compare("mode", CompareOp.EQ, "REG AIR"))),
                        List.of("id", "qty", "mode")),
                Plan.aggregate(layout, Predicate.holds(Expr.or(Expr.like(Expr.field("mode"), "%AIR%"),
                        Expr.gt(Expr.field("qty"), Expr.lit(40)))), List.of("urgent"), List.of(Aggregate.countStar(),
                        Aggregate.count("mode"))));
    }
}
