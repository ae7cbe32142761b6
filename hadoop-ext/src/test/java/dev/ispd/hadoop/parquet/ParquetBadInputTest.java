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
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad Parquet input gets a clear error naming the file, the row group and the column (or the
 * file and the column at planning), never a wrong answer or a hang: a damaged footer, a file of
 * another schema, a truncated column chunk, a codec the drive does not read, and pages mutated at
 * random fed to the decoder.
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

    @Test
    void aDamagedFooterNamesTheFile() throws IOException {
        byte[] damaged = bytes.clone();
        for (int i = damaged.length - 200; i < damaged.length - 8; i++) {
            damaged[i] ^= 0x5A;
        }
        Path file = new Path(dir.resolve("damaged.parquet").toUri());
        Files.write(dir.resolve("damaged.parquet"), damaged);
        assertTrue(ParquetFooters.isParquet(fs, fs.getFileStatus(file)));
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
        cut.set(0, new ParquetRowGroup.Chunk(cut.get(0).codec(), cut.get(0).length() - 40));
        ParquetDecodeException e = assertThrows(ParquetDecodeException.class, () -> run(
                new ParquetRowGroup(g.group().index(), g.group().rows(), cut), g.chunkOffsets()));
        assertTrue(e.getMessage().startsWith("good.parquet: row group 1, column " + input.columns().get(0).name() + ": "),
                e.getMessage());
    }

    @Test
    void aCodecTheDriveDoesNotReadIsNamed() {
        ParquetInput.RowGroup g = input.rowGroups().get(0);
        List<ParquetRowGroup.Chunk> brotli = g.group().chunks().stream()
                .map(c -> new ParquetRowGroup.Chunk(4, c.length())).toList();
        ParquetDecodeException e = assertThrows(ParquetDecodeException.class, () -> run(
                new ParquetRowGroup(0, g.group().rows(), brotli), g.chunkOffsets()));
        assertTrue(e.getMessage().contains("row group 0, column") && e.getMessage().contains("codec BROTLI"),
                e.getMessage());
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
