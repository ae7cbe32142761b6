package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetDecodeException;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad Parquet input gets a clear error naming the file, the row group and the column (or the
 * file and the column at planning), never a wrong answer or a hang: a damaged footer, a file of
 * another schema, a truncated column chunk, a codec or an encoding the drive does not read, a page
 * failing its checksum, a string a {@code char(255)} field cannot hold exactly, and row groups
 * mutated at random fed to the decoder ({@link ParquetPageFuzzTest} mutates single pages).
 */
class ParquetBadInputTest {
    @TempDir
    static java.nio.file.Path dir;

    private static final Configuration CONF = new Configuration();
    private static FileSystem fs;
    private static Path good;
    private static byte[] bytes;
    private static ParquetTable table;
    private static Plan plan;
    private static ParquetInput input;

    @BeforeAll
    static void write() throws IOException {
        fs = FileSystem.getLocal(CONF);
        good = new Path(dir.resolve("good.parquet").toUri());
        ParquetData.write(CONF, good, ParquetData.rows(2_000, 3), CompressionCodecName.SNAPPY, true,
                WriterVersion.PARQUET_2_0, 32 * 1024, 4 * 1024);
        bytes = Files.readAllBytes(dir.resolve("good.parquet"));
        table = ParquetInputs.table(fs, fs.getFileStatus(good));
        plan = Plan.aggregate(table.layout(), Predicate.compare("mode", CompareOp.EQ, "AIR"), List.of("urgent"),
                List.of(Aggregate.countStar(), Aggregate.sum(Expr.field("price"))));
        input = ParquetInputs.input(fs, fs.getFileStatus(good), plan).parquet();
    }

    /**
     * The offset index gives each chunk's data pages, one after another to the chunk's end; a
     * damaged one is not used (parts then read whole chunks, which needs none), never trusted.
     */
    @Test
    void aDamagedOffsetIndexIsNotUsed() throws IOException {
        ParquetMetadata footer = ParquetFooters.read(fs, fs.getFileStatus(good));
        ParquetPages pages = ParquetPages.read(fs, fs.getFileStatus(good), footer);
        long indexFrom = Long.MAX_VALUE;
        long indexTo = 0;
        for (int b = 0; b < footer.getBlocks().size(); b++) {
            for (ColumnChunkMetaData c : footer.getBlocks().get(b).getColumns()) {
                List<ParquetInput.Page> p = pages.of(b, c);
                assertEquals(c.getFirstDataPageOffset(), p.get(0).offset(), c.getPath() + " starts at its first data page");
                ParquetInput.Page last = p.get(p.size() - 1);
                assertEquals(c.getStartingPos() + c.getTotalSize(), last.offset() + last.size(), c.getPath() + " ends");
                indexFrom = Math.min(indexFrom, c.getOffsetIndexReference().getOffset());
                indexTo = Math.max(indexTo, c.getOffsetIndexReference().getOffset()
                        + c.getOffsetIndexReference().getLength());
            }
        }
        assertTrue(footer.getBlocks().stream().anyMatch(b -> b.getColumns().stream()
                .anyMatch(c -> pages.of(footer.getBlocks().indexOf(b), c).size() > 1)), "chunks of several pages");
        byte[] damaged = bytes.clone();
        Arrays.fill(damaged, (int) indexFrom, (int) indexTo, (byte) 0); // every offset index read as empty
        Path file = new Path(dir.resolve("no-index.parquet").toUri());
        Files.write(java.nio.file.Path.of(file.toUri()), damaged);
        ParquetPages read = ParquetPages.read(fs, fs.getFileStatus(file), footer);
        for (int b = 0; b < footer.getBlocks().size(); b++) {
            for (ColumnChunkMetaData c : footer.getBlocks().get(b).getColumns()) {
                assertEquals(List.of(), read.of(b, c), c.getPath() + ": the damaged index is not used");
            }
        }
    }

    @Test
    void aDamagedFooterNamesTheFile() throws IOException {
        byte[] damaged = bytes.clone();
        for (int i = damaged.length - 200; i < damaged.length - 8; i++) {
            damaged[i] ^= 0x5A;
        }
        Path file = new Path(dir.resolve("damaged.parquet").toUri());
        Files.write(dir.resolve("damaged.parquet"), damaged);
        assertEquals(ParquetFooters.Ends.PARQUET, ParquetFooters.ends(fs, fs.getFileStatus(file)));
        IOException e = assertThrows(IOException.class, () -> ParquetInputs.input(fs, fs.getFileStatus(file), plan));
        assertTrue(e.getMessage().startsWith(file + ": not a readable Parquet footer"), e.getMessage());
    }

    @Test
    void aFileOfAnotherSchemaNamesTheFileAndTheColumn() throws IOException {
        Path other = new Path(dir.resolve("other.parquet").toUri());
        try (var out = org.apache.parquet.hadoop.example.ExampleParquetWriter.builder(other).withConf(CONF)
                .withType(MessageTypeParser.parseMessageType(ParquetData.SCHEMA.toString()
                        .replace("optional binary mode (STRING)", "optional int32 mode"))).build()) {
            out.write(new org.apache.parquet.example.data.simple.SimpleGroupFactory(MessageTypeParser.parseMessageType(
                    ParquetData.SCHEMA.toString().replace("optional binary mode (STRING)", "optional int32 mode")))
                    .newGroup().append("id", 1L).append("qty", 2).append("urgent", true).append("ratio", 1f));
        }
        IOException e = assertThrows(IOException.class, () -> ParquetInputs.input(fs, fs.getFileStatus(other), plan));
        assertTrue(e.getMessage().contains(other + ": column mode is i32,")
                && e.getMessage().contains("but the plan reads char(255)"), e.getMessage());
    }

    @Test
    void aTruncatedChunkNamesFileRowGroupAndColumn() {
        ParquetInput.RowGroup g = input.rowGroups().get(1);
        List<ParquetRowGroup.Chunk> cut = new ArrayList<>(g.group().chunks());
        cut.set(0, new ParquetRowGroup.Chunk(cut.get(0).codec(), cut.get(0).length() - 40, 0, g.group().rows()));
        ParquetDecodeException e = assertThrows(ParquetDecodeException.class, () -> run(
                new ParquetRowGroup(g.group().index(), g.group().rows(), cut), g.chunkOffsets()));
        assertTrue(e.getMessage().startsWith("good.parquet: row group 1, column " + input.columns().get(0).name() + ": "),
                e.getMessage());
    }

    @Test
    void codecsTheDriveDoesNotReadAreNamed() {
        ParquetInput.RowGroup g = input.rowGroups().get(0);
        for (CompressionCodec codec : List.of(CompressionCodec.LZO, CompressionCodec.BROTLI, CompressionCodec.LZ4,
                CompressionCodec.LZ4_RAW)) {
            List<ParquetRowGroup.Chunk> other = g.group().chunks().stream()
                    .map(c -> new ParquetRowGroup.Chunk(codec.getValue(), c.length(), 0, c.rows())).toList();
            ParquetDecodeException e = assertThrows(ParquetDecodeException.class, () -> run(
                    new ParquetRowGroup(0, g.group().rows(), other), g.chunkOffsets()));
            assertTrue(e.getMessage().startsWith("good.parquet: row group 0, column " + input.columns().get(0).name()
                    + ": codec " + codec.name() + " (the drive reads"), e.getMessage());
        }
    }

    @Test
    void anEncodingTheDecoderCannotReadNamesFileRowGroupAndColumn() {
        ParquetInput.RowGroup g = input.rowGroups().get(1);
        int price = input.columns().indexOf(table.column("price"));
        List<byte[]> chunks = ChunkPages.stored(bytes, g);
        List<ChunkPages.Page> pages = new ArrayList<>(ChunkPages.of(bytes, g).get(price));
        int data = 0;
        while (pages.get(data).header().getType() != PageType.DATA_PAGE_V2) {
            data++;
        }
        PageHeader h = pages.get(data).header().deepCopy();
        h.getData_page_header_v2().setEncoding(Encoding.DELTA_BYTE_ARRAY); // an encoding of strings, on an INT64 column
        pages.set(data, pages.get(data).withHeader(h));
        chunks.set(price, ChunkPages.chunk(pages));
        ParquetDecodeException e = assertThrows(ParquetDecodeException.class,
                () -> ChunkPages.run("good.parquet", input, plan, g.group(), chunks));
        assertTrue(e.getMessage().startsWith("good.parquet: row group 1, column price: ")
                && e.getMessage().contains("DELTA_BYTE_ARRAY"), e.getMessage());
    }

    @Test
    void aPageWhoseBodyFailsItsChecksumNamesFileRowGroupAndColumn() {
        ParquetInput.RowGroup g = input.rowGroups().get(0);
        List<byte[]> chunks = ChunkPages.stored(bytes, g);
        List<ChunkPages.Page> pages = new ArrayList<>(ChunkPages.of(bytes, g).get(0));
        ChunkPages.Page last = pages.get(pages.size() - 1);
        assertTrue(last.header().isSetCrc(), "parquet-java writes page checksums");
        byte[] body = last.body().clone();
        body[body.length / 2] ^= 1;
        pages.set(pages.size() - 1, last.withBody(body));
        chunks.set(0, ChunkPages.chunk(pages));
        ParquetDecodeException e = assertThrows(ParquetDecodeException.class,
                () -> ChunkPages.run("good.parquet", input, plan, g.group(), chunks));
        assertTrue(e.getMessage().startsWith("good.parquet: row group 0, column " + input.columns().get(0).name() + ": ")
                && e.getMessage().contains("fails its CRC-32 check"), e.getMessage());
    }

    @Test
    void aStringLongerThanItsFieldNamesFileRowGroupAndColumn() throws IOException {
        assertStringRefused(ParquetData.Row::withComment, "x".repeat(ParquetTable.STRING_WIDTH + 1),
                "a value of 256 bytes is longer than the 255 bytes a plan reads of a string");
    }

    @Test
    void aStringLongerThanAPlanHoldsNamesFileRowGroupAndColumnAndTheReaderToUse() throws IOException {
        assertStringRefused(ParquetData.Row::withComment, "x".repeat(FieldType.MAX_CHARS + 1), FieldType.MAX_CHARS,
                "a value of 65536 bytes is longer than the 65535 bytes a plan reads of a string (comment): a plan holds "
                        + "at most 65535 bytes: read the column with Spark's own reader");
    }

    @Test
    void aStringEndingInAZeroByteIsRefusedNotTruncated() throws IOException {
        assertStringRefused(ParquetData.Row::withComment, "ends in NUL\0",
                "a value ending in a zero byte");
    }

    private static void assertStringRefused(java.util.function.BiFunction<ParquetData.Row, String, ParquetData.Row> with,
                                            String comment, String why) throws IOException {
        assertStringRefused(with, comment, ParquetTable.STRING_WIDTH, why);
    }

    /** A file whose row 1,500 has {@code comment} as its comment: a plan over it (strings of {@code width} bytes) fails naming the place. */
    private static void assertStringRefused(java.util.function.BiFunction<ParquetData.Row, String, ParquetData.Row> with,
                                            String comment, int width, String why) throws IOException {
        List<ParquetData.Row> rows = new ArrayList<>(ParquetData.rows(2_000, 3));
        rows.set(1_500, with.apply(rows.get(1_500), comment));
        Path file = new Path(dir.resolve("strings.parquet").toUri());
        ParquetData.write(CONF, file, rows, CompressionCodecName.SNAPPY, true, WriterVersion.PARQUET_1_0, 32 * 1024,
                4 * 1024);
        Plan comments = Plan.aggregate(ParquetInputs.table(fs, fs.getFileStatus(file), width).layout(),
                Predicate.compare("comment", CompareOp.GT, "a"), List.of(), List.of(Aggregate.countStar()));
        ParquetInput in = ParquetInputs.input(fs, fs.getFileStatus(file), comments).parquet();
        byte[] content = Files.readAllBytes(dir.resolve("strings.parquet"));
        assertEquals(0, in.rowGroupsSkipped());
        List<String> failures = new ArrayList<>();
        int holding = -1;
        long rowsBefore = 0;
        for (ParquetInput.RowGroup g : in.rowGroups()) {
            if (rowsBefore <= 1_500 && 1_500 < rowsBefore + g.group().rows()) {
                holding = g.group().index();
            }
            rowsBefore += g.group().rows();
            try {
                ChunkPages.run("strings.parquet", in, comments, g.group(), ChunkPages.stored(content, g));
            } catch (ParquetDecodeException e) {
                failures.add(e.getMessage());
            }
        }
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("strings.parquet: row group " + holding + ", column comment: " + why), failures.get(0));
    }

    @Test
    void mutatedPagesGiveADecodeErrorOrAnAnswerNeverAHangOrAnotherFailure() {
        ParquetInput.RowGroup g = input.rowGroups().get(0);
        Random random = new Random(99);
        long start = g.chunkOffsets().get(0);
        int span = (int) g.group().bytes();
        int errors = 0;
        for (int trial = 0; trial < 300; trial++) {
            byte[] mutated = bytes.clone();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                mutated[(int) start + random.nextInt(span)] = (byte) random.nextInt(256);
            }
            try {
                assertTimeoutPreemptively(Duration.ofSeconds(5), () -> run(mutated, g.group(), g.chunkOffsets()));
            } catch (ParquetDecodeException e) {
                errors++;
                assertTrue(e.getMessage().startsWith("good.parquet: row group 0, column "), e.getMessage());
            }
        }
        assertTrue(errors > 0, "some mutations are caught");
    }

    private static byte[] run(ParquetRowGroup group, List<Long> offsets) throws Exception {
        return run(bytes, group, offsets);
    }

    private static byte[] run(byte[] file, ParquetRowGroup group, List<Long> offsets) throws Exception {
        ParquetSource source = new ParquetSource("good.parquet", input.columns(), List.of(group));
        List<Extent> extents = new ArrayList<>();
        for (int c = 0; c < offsets.size(); c++) {
            extents.add(new Extent(1, offsets.get(c), group.chunks().get(c).length()));
        }
        return new HostRunner(8192, 4).run(new PlanTaskletFactory("bad", plan).create(Params.EMPTY, source.toParams(),
                new ScanContext(8192)), extents, new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(file)))).bytes();
    }
}
