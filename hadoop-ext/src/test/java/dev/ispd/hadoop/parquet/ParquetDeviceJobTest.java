package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.plan.PlanJobs;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetTable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file written to osd:// by parquet-java's writer, scanned by a plan DeviceJob in Hadoop's
 * local runner on two in-JVM drives: its row groups lie in single chunks (osd:// reports its chunk
 * size as the block size, the writer pads to it); the job's answer is the same host-only,
 * device-only and cost-based, and equals the same plan over the same values stored as fixed-width
 * records; row groups whose statistics exclude the WHERE are skipped and counted.
 */
@Tag("heavy")
class ParquetDeviceJobTest {
    private static final long CHUNK = 256 * 1024;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(2, CHUNK);

    @TempDir
    static java.nio.file.Path work;
    private static PlanJobs jobs;

    private static final int ROWS = 60_000;
    private static Path parquet;
    private static Path records;
    private static Layout layout;
    private static List<BlockMetaData> blocks;

    @BeforeAll
    static void load() throws Exception {
        jobs = new PlanJobs(OSD, work);
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        List<ParquetData.Row> rows = ParquetData.rows(ROWS, 5);
        parquet = new Path(OSD.uri().resolve("/pq/t.parquet"));
        ParquetData.write(OSD.conf(), parquet, rows, CompressionCodecName.SNAPPY, true, WriterVersion.PARQUET_1_0,
                CHUNK / 8 * 7, 8 * 1024); // row groups a little under the chunk size: docs/parquet.md
        FileStatus status = fs.getFileStatus(parquet);
        layout = ParquetInputs.table(fs, status).layout();
        blocks = ParquetFooters.read(fs, status).getBlocks();
        records = new Path(OSD.uri().resolve("/pq/t.bin"));
        try (OutputStream out = fs.create(records, true)) {
            out.write(ParquetData.records(layout, rows).array());
        }
        LayoutAttribute.record(fs, records, layout);
    }

    @Test
    void theWriterKeepsEachRowGroupInsideOneChunk() throws IOException {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        assertEquals(CHUNK, fs.getFileStatus(parquet).getBlockSize());
        assertTrue(blocks.size() >= 4, "row groups: " + blocks.size());
        for (BlockMetaData b : blocks) {
            long start = b.getColumns().stream().mapToLong(ColumnChunkMetaData::getStartingPos).min().orElseThrow();
            long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElseThrow();
            assertEquals(start / CHUNK, (end - 1) / CHUNK, "row group [" + start + ", " + end + ") lies in one chunk");
        }
    }

    @Test
    void aPlanOverParquetAnswersAsOverRecordsUnderEveryPolicyAndSkipsExcludedRowGroups() throws Exception {
        long lo = ROWS / 4;
        long hi = ROWS / 2;
        Predicate where = Predicate.and(Predicate.between("id", lo, hi), Predicate.compare("qty", CompareOp.GT, 3));
        Plan plan = Plan.aggregate(layout, where, List.of("urgent"), List.of(Aggregate.countStar(),
                Aggregate.count("mode"), Aggregate.sum(Expr.mul(Expr.field("price"), Expr.field("qty"))),
                Aggregate.max(Expr.field("day")), Aggregate.min(Expr.field("score"))));
        String expected = run(job("host-only", plan, records));
        assertTrue(expected.lines().count() == 2, expected);
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = job(policy, plan, parquet);
            assertEquals(expected, run(job), policy);
            long skipped = job.counter(IspdCounter.ROW_GROUPS_SKIPPED);
            assertTrue(skipped >= blocks.size() / 3, policy + ": row groups skipped " + skipped + " of " + blocks.size());
            assertEquals(blocks.size(), skipped + job.counter(IspdCounter.ROW_GROUPS_READ), policy);
            if (policy.equals("device-only")) {
                // a drive's row groups run as one split, one execution, in the drive
                long splits = job.counter(IspdCounter.SPLITS_ON_DEVICE);
                assertTrue(splits >= 1 && splits <= 2 && splits < job.counter(IspdCounter.ROW_GROUPS_READ),
                        "splits on device: " + splits);
                assertEquals(0, job.counter(IspdCounter.SPLITS_ON_HOST));
                assertEquals(0, job.counter(IspdCounter.FALLBACKS));
                assertTrue(job.counter(IspdCounter.BYTES_READ_IN_DRIVES) > 0);
                assertEquals(0, job.counter(IspdCounter.BYTES_MOVED_TO_HOST));
            }
        }
    }

    @Test
    void rowGroupsThatStraddleChunksRunOnTheHostWithTheSameAnswer() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path put = new Path(OSD.uri().resolve("/pq/put.parquet"));
        try (FSDataInputStream in = fs.open(parquet);
             OutputStream out = fs.create(put, true, 4096, (short) 1, CHUNK / 4)) {
            out.write(in.readAllBytes()); // as a put with smaller chunks: row groups cross them
        }
        // the first column and the last: their chunks span the row group, which spans several of the put's chunks
        Plan plan = Plan.aggregate(layout, Predicate.compare("id", CompareOp.GE, 100), List.of("urgent"),
                List.of(Aggregate.countStar(), Aggregate.count("comment")));
        String expected = run(job("host-only", plan, records));
        DeviceJob job = job("device-only", plan, put);
        assertEquals(expected, run(job));
        long straddling = job.counter(IspdCounter.STRADDLING_ROW_GROUPS);
        assertTrue(straddling > 0, "row groups straddle the put's chunks");
        assertEquals(blocks.size(), job.counter(IspdCounter.ROW_GROUPS_READ));
        assertEquals(straddling, job.counter(IspdCounter.SPLITS_ON_HOST), "each straddling row group ran on the host");
        assertEquals(blocks.size() - straddling, job.counter(IspdCounter.SPLITS_ON_DEVICE));
    }

    @Test
    void partsOfARowGroupReadOnlyThePagesOfTheirRows() throws Exception {
        Plan plan = Plan.aggregate(layout, Predicate.compare("qty", CompareOp.GT, 3), List.of("urgent"),
                List.of(Aggregate.countStar(), Aggregate.count("mode"), Aggregate.max(Expr.field("day")),
                        Aggregate.sum(Expr.mul(Expr.field("price"), Expr.field("qty")))));
        String expected = run(job("host-only", plan, records));
        DeviceJob whole = job("device-only", plan, parquet);
        assertEquals(expected, run(whole));
        long rowsPerGroup = blocks.stream().mapToLong(BlockMetaData::getRowCount).max().orElseThrow();
        for (String policy : List.of("device-only", "host-only")) {
            DeviceJob parts = job(policy, plan, parquet);
            // a quarter of a row group's rows, as records, per split
            parts.getConfiguration().setLong(OffloadKeys.SPLIT_MAX_BYTES.name(), rowsPerGroup / 4 * layout.recordSize());
            parts.getConfiguration().setLong(OffloadKeys.SPLIT_GROUP_MAX_BYTES.name(), 0); // a split per part, to count them
            assertEquals(expected, run(parts), policy);
            assertTrue(parts.counter(IspdCounter.SPLITS_ON_HOST) + parts.counter(IspdCounter.SPLITS_ON_DEVICE)
                    >= 4L * blocks.size() - 1, policy + ": row groups read in parts");
            assertEquals(blocks.size(), parts.counter(IspdCounter.ROW_GROUPS_READ), policy);
            long wholeBytes = whole.counter(IspdCounter.BYTES_READ_IN_DRIVES);
            long read = parts.counter(policy.equals("host-only") ? IspdCounter.BYTES_MOVED_TO_HOST
                    : IspdCounter.BYTES_READ_IN_DRIVES);
            // each part reads the dictionary pages (up to 8 KiB per chunk here) and the data pages
            // holding its rows: about 2.2 times the chunks' bytes, where parts reading whole chunks read 4 times
            assertTrue(read < wholeBytes * 5 / 2, policy + ": " + read + " bytes read in parts, " + wholeBytes
                    + " in whole row groups");
        }
    }

    @Test
    void pagesTheColumnIndexExcludesAreNotReadInTheDriveNorOnTheHost() throws Exception {
        // ids ascend, so each page of id holds a narrow run of them: a WHERE on a few hundred ids in the
        // middle of the second row group excludes most of its pages, of every column read
        long groupStart = blocks.get(0).getRowCount();
        long groupRows = blocks.get(1).getRowCount();
        long lo = groupStart + groupRows / 3;
        Plan narrow = plan(Predicate.between("id", lo, lo + 300));
        Plan wholeGroup = plan(Predicate.between("id", groupStart, groupStart + groupRows - 1));
        // the records' answers, once for both policies
        String expectedWhole = run(job("host-only", wholeGroup, records));
        String expected = run(job("host-only", narrow, records));
        assertEquals(2, expected.lines().count(), expected);
        for (String policy : List.of("device-only", "host-only")) {
            IspdCounter moved = policy.equals("host-only") ? IspdCounter.BYTES_MOVED_TO_HOST
                    : IspdCounter.BYTES_READ_IN_DRIVES;
            DeviceJob all = job(policy, wholeGroup, parquet);
            assertEquals(expectedWhole, run(all), policy);
            assertEquals(0, all.counter(IspdCounter.PAGES_SKIPPED), policy);
            DeviceJob few = job(policy, narrow, parquet);
            assertEquals(expected, run(few), policy);
            assertEquals(1, few.counter(IspdCounter.ROW_GROUPS_READ), policy);
            assertEquals(blocks.size() - 1, few.counter(IspdCounter.ROW_GROUPS_SKIPPED), policy);
            assertTrue(few.counter(IspdCounter.PAGES_SKIPPED) > 0, policy + ": pages skipped");
            // the part reads each chunk's dictionary page (up to 8 KiB here) and the data pages holding its rows
            assertTrue(few.counter(moved) * 3 < all.counter(moved) * 2, policy + ": " + few.counter(moved)
                    + " bytes read for 301 rows, " + all.counter(moved) + " for the row group's " + groupRows);
        }
    }

    /**
     * Comments of 256 to 4,235 bytes, in a table read with 4,500-byte strings: a plan job grouping
     * by them and filtering with LIKE gives the answer the rows give, in the drives and on the host.
     */
    @Test
    void stringsLongerThan255BytesAreReadWithAWiderStringWidth() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        List<ParquetData.Row> rows = new ArrayList<>(ParquetData.rows(2_000, 7));
        for (int i = 0; i < rows.size(); i += 10) {
            rows.set(i, rows.get(i).withComment("w" + i % 3 + "-".repeat(256 + 2 * i)));
        }
        Path file = new Path(OSD.uri().resolve("/pq/long.parquet"));
        ParquetData.write(OSD.conf(), file, rows, CompressionCodecName.SNAPPY, true, WriterVersion.PARQUET_2_0,
                CHUNK / 8 * 7, 8 * 1024);
        ParquetTable wide = ParquetInputs.table(fs, fs.getFileStatus(file), 4_500);
        Plan plan = Plan.aggregateOf(wide.layout(), Predicate.holds(Expr.like(Expr.field("comment"), "w_-%")),
                List.of(Expr.field("comment")), List.of(Aggregate.countStar()));
        // a group's key is the string's length and its bytes as words (docs/tasklets.md), then its count
        List<String> expected = rows.stream().map(ParquetData.Row::comment).filter(c -> c != null && c.matches("w.-.*"))
                .map(c -> c.length() + " 1").sorted().toList();
        assertEquals(200, expected.size());
        String hostOnly = null;
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = job(policy, plan, file);
            String out = run(job);
            List<String> groups = out.lines().map(l -> l.split("\t")).map(w -> w[0] + " " + w[w.length - 1])
                    .sorted().toList();
            assertEquals(expected, groups, policy);
            hostOnly = hostOnly == null ? out : hostOnly;
            assertEquals(hostOnly, out, policy + ": the same bytes of every key as host-only's");
            if (policy.equals("device-only")) {
                assertEquals(0, job.counter(IspdCounter.SPLITS_ON_HOST), "every row group in a drive");
            }
        }
        ParquetTable narrow = ParquetInputs.table(fs, fs.getFileStatus(file));
        Plan refused = Plan.aggregate(narrow.layout(), Predicate.compare("comment", CompareOp.GT, "v"), List.of(),
                List.of(Aggregate.countStar()));
        DeviceJob failing = job("device-only", refused, file);
        assertFalse(failing.waitForCompletion(false), "a string longer than the table's 255 bytes fails the job");
    }

    /**
     * A copy cut in half starts with PAR1 but has no footer: the job is refused naming the file,
     * not run over its bytes as records of the plan's layout.
     */
    @Test
    void aParquetFileCutShortIsRefusedNamingIt() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path cut = new Path(OSD.uri().resolve("/pq/cut.parquet"));
        try (FSDataInputStream in = fs.open(parquet); OutputStream out = fs.create(cut, true)) {
            byte[] all = in.readAllBytes();
            out.write(all, 0, all.length / 2);
        }
        DeviceJob job = job("device-only", plan(Predicate.compare("id", CompareOp.GE, 0)), cut);
        IOException e = assertThrows(IOException.class, () -> job.waitForCompletion(false));
        assertTrue(e.getMessage().contains("/pq/cut.parquet starts as a Parquet file (PAR1) but does not end as one: it "
                + "is cut short, or the end of its footer is damaged"), e.getMessage());
    }

    /** Counts and sums over the rows {@code where} passes, grouped by a boolean. */
    private static Plan plan(Predicate where) {
        return Plan.aggregate(layout, where, List.of("urgent"), List.of(Aggregate.countStar(),
                Aggregate.count("mode"), Aggregate.sum(Expr.mul(Expr.field("price"), Expr.field("qty")))));
    }

    private static DeviceJob job(String policy, Plan plan, Path input) throws IOException {
        return jobs.job(policy, plan, input);
    }

    private static String run(DeviceJob job) throws Exception {
        return jobs.run(job);
    }
}
