package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.plan.DictionaryEntries;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.offload.plan.SplitEstimate;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's estimate of a Parquet split counts what the drive reads and decodes, as the drive
 * meters them: the bytes of the column chunks read (and their pages, each chunk's first and last
 * page perhaps shared with its neighbours), the columns read times the rows of its row group (or
 * of its part of one), of those the dictionary ids, byte arrays and definition levels, the
 * compressed bytes by codec, and nothing for the row groups the statistics skip.
 */
class ParquetEstimateTest {
    private static final int ROWS = 6_000;
    private static final int PAGE = 8192;

    @TempDir
    java.nio.file.Path dir;

    @Test
    void theEstimateOfEachSplitCountsTheValuesTheDriveDecodes() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        FileStatus status = written(fs, "estimate.parquet", 17, 48 * 1024);
        Layout layout = ParquetInputs.table(fs, status).layout();
        // ids ascend: the statistics exclude the row groups whose ids are all below the half
        Plan plan = Plan.aggregate(layout, Predicate.compare("id", CompareOp.GE, ROWS / 2), List.of("urgent"),
                List.of(Aggregate.countStar(), Aggregate.sum(Expr.mul(Expr.field("price"), Expr.field("qty"))),
                        Aggregate.count("mode"), Aggregate.count("comment")));
        ParquetInput input = ParquetInputs.input(fs, status, plan).parquet();
        assertTrue(input.rowGroupsSkipped() > 0 && !input.rowGroups().isEmpty(), "some row groups skipped, some read");
        byte[] file = Files.readAllBytes(java.nio.file.Path.of(status.getPath().toUri()));

        long estimated = 0;
        List<ParquetRowGroup> read = new ArrayList<>();
        Meter kinds = new Meter();
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            // each row group read in two parts, as a split of a row group too large for one result is
            long half = g.group().rows() / 2;
            for (ParquetRowGroup part : List.of(g.group().part(0, half), g.group().part(half, g.group().rows() - half))) {
                Meter estimate = SplitEstimate.ofRowGroup(new PlanTaskletFactory("parquet", plan), Params.EMPTY, part,
                        input.columns(), chunkBytes(g), PAGE);
                Meter metered = drive(plan, status, input, g, part, file);
                assertEquals(metered.bytesScanned(), estimate.bytesScanned(), "bytes read of " + part);
                // the drive counts each chunk's pages, a page shared by two chunks twice; the estimate their bytes'
                assertTrue(Math.abs(metered.pages() - estimate.pages()) <= 2L * g.chunkOffsets().size(),
                        "pages read of " + part + ": metered " + metered.pages() + ", estimated " + estimate.pages());
                assertEquals(metered.decodedValues(), estimate.decodedValues(), "values decoded of " + part);
                assertEquals(metered.dictionaryIds(), estimate.dictionaryIds(), "dictionary ids of " + part);
                assertEquals(metered.byteArrayValues(), estimate.byteArrayValues(), "byte arrays of " + part);
                assertEquals(metered.definitionLevels(), estimate.definitionLevels(), "definition levels of " + part);
                assertEquals(metered.snappyBytes(), estimate.snappyBytes(), "Snappy bytes of " + part);
                kinds.add(estimate);
                assertEquals(metered.records(), estimate.records(), "rows of " + part);
                estimated += estimate.decodedValues();
                read.add(part);
            }
        }
        long readRows = read.stream().mapToLong(ParquetRowGroup::count).sum();
        assertTrue(readRows < ROWS, "the skipped row groups' rows are not read: " + readRows);
        assertEquals(readRows * input.columns().size(), estimated);
        // id, price and comment fall back from their dictionaries (pages of 4 KiB): not dictionary ids; qty, mode are
        assertTrue(kinds.dictionaryIds() > 0 && kinds.dictionaryIds() < kinds.decodedValues(), kinds.toString());
        assertEquals(2 * readRows, kinds.byteArrayValues(), "mode and comment are byte arrays");
        assertEquals(3 * readRows, kinds.definitionLevels(), "price, mode and comment are optional; id, qty, urgent not");
        assertTrue(kinds.snappyBytes() > 0 && kinds.gzipBytes() == 0, kinds.toString());
    }

    /**
     * A string test of a dictionary-coded column is judged once per entry in the drive, a row taking
     * its entry's verdict by a load, and the estimate, bounding the entries by the dictionary page's
     * bytes (Snappy, 22 times at most, 4 bytes an entry at least), counts the test's comparisons at
     * most that often: at or above what the drive meters, and far below once per row of a large row
     * group, which the estimate counted before.
     */
    @Test
    void theEstimateCountsAStringTestOfADictionaryColumnPerEntryBounded() throws Exception {
        FileSystem fs = FileSystem.getLocal(new Configuration());
        FileStatus status = written(fs, "strings.parquet", 23, 1 << 20); // a row group of every row, as TPC-H's hold 100,000s
        Layout layout = ParquetInputs.table(fs, status).layout();
        Plan plan = Plan.aggregate(layout, Predicate.or(Predicate.compare("mode", CompareOp.EQ, "MAIL"),
                Predicate.compare("mode", CompareOp.EQ, "SHIP")), List.of(), List.of(Aggregate.countStar()));
        ParquetInput input = ParquetInputs.input(fs, status, plan).parquet();
        byte[] file = Files.readAllBytes(java.nio.file.Path.of(status.getPath().toUri()));
        PlanTaskletFactory factory = new PlanTaskletFactory("parquet", plan);
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            Map<String, Long> entries = DictionaryEntries.atMost(g, input.columns());
            assertTrue(entries.containsKey("mode"), "mode's dictionary is bounded: " + entries);
            Meter metered = drive(plan, status, input, g, g.group(), file);
            Meter perRow = SplitEstimate.ofRowGroup(factory, Params.EMPTY, g.group(), input.columns(),
                    chunkBytes(g), PAGE);
            Meter perEntry = SplitEstimate.ofRowGroup(factory, Params.EMPTY, g.group(), input.columns(),
                    chunkBytes(g), PAGE, entries);
            assertEquals(2 * g.group().rows(), perRow.stringLeafCompares(), "two comparisons a row, before");
            assertEquals(2 * entries.get("mode"), perEntry.stringLeafCompares(), "two an entry at most");
            assertTrue(metered.stringLeafCompares() <= perEntry.stringLeafCompares()
                    && perEntry.stringLeafCompares() < perRow.stringLeafCompares() / 10, "metered " + metered
                    + ", estimated " + perEntry);
            assertTrue(metered.compares() <= perEntry.compares() && perEntry.compares() < perRow.compares() / 10,
                    "metered " + metered + ", estimated " + perEntry);
            assertTrue(metered.dramAccesses() <= perEntry.dramAccesses(), "metered " + metered + ", estimated " + perEntry);
            assertEquals(metered.records(), perEntry.records());
        }
    }

    /** {@link #ROWS} rows of seed {@code seed} written as {@code name}, Snappy, row groups of about {@code rowGroupBytes}. */
    private FileStatus written(FileSystem fs, String name, long seed, int rowGroupBytes) throws Exception {
        Path path = new Path(dir.resolve(name).toUri());
        ParquetData.write(fs.getConf(), path, ParquetData.rows(ROWS, seed), CompressionCodecName.SNAPPY, true,
                WriterVersion.PARQUET_1_0, rowGroupBytes, 4 * 1024);
        return fs.getFileStatus(path);
    }

    /** The meter of the plan run over {@code part} of row group {@code g}, as a drive runs it. */
    private static long chunkBytes(ParquetInput.RowGroup g) {
        return g.group().chunks().stream().mapToLong(ParquetRowGroup.Chunk::length).sum();
    }

    private static Meter drive(Plan plan, FileStatus status, ParquetInput input, ParquetInput.RowGroup g,
                               ParquetRowGroup part, byte[] file) throws Exception {
        ParquetSource source = new ParquetSource(status.getPath().toString(), input.columns(), List.of(part));
        List<Extent> extents = new ArrayList<>();
        for (int c = 0; c < g.chunkOffsets().size(); c++) {
            extents.add(new Extent(1, g.chunkOffsets().get(c), g.group().chunks().get(c).length()));
        }
        return new HostRunner(PAGE, 2).run(new PlanTaskletFactory("parquet", plan)
                        .create(Params.EMPTY, source.toParams(), new ScanContext(PAGE)), extents,
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(file)))).meter();
    }
}
