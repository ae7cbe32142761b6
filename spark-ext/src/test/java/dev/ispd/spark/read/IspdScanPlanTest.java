package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.partition.PartitionPlanner;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.plans.logical.Statistics;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a read plans, before any record is read: the schema, the partitions and where they
 * prefer to run, what EXPLAIN says was pushed, and the errors for bad options and paths.
 */
class IspdScanPlanTest {
    /** 100,000 bytes a chunk: 256-byte records straddle chunk ends. */
    private static final int CHUNK = 100_000;
    private static final int ENTRY = 256;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    private static String file;

    @BeforeAll
    static void load() throws IOException {
        file = DRIVES.write("/plan/wc256.bin", WorldCupFiles.generate(7, 2_000, ENTRY));
    }

    private static DataFrameReader ispd() {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY);
    }

    private static String explain(Dataset<Row> df) {
        return df.queryExecution().explainString(ExplainMode.fromString("simple"));
    }

    @Test
    void theSchemaIsTheLayouts() {
        assertEquals(PlainRecords.SCHEMA, ispd().load(file).schema());
    }

    /** Pushed filters are applied by the reader: no Filter above the scan, and their columns are not even decoded. */
    @Test
    void explainShowsThePushedFiltersAndTheReadSchema() {
        Dataset<Row> df = ispd().load(file).where("type = 0 AND clientID > 5 AND region IN (1, 3)").select("size");
        String plan = explain(df);
        assertTrue(plan.contains("PushedFilters: [type = 0, clientID > 5, region IN (1, 3)]"), plan);
        assertTrue(plan.contains("ReadSchema: struct<size:bigint>"), plan);
        assertFalse(plan.contains("Filter "), plan);
        assertEquals(Predicate.and(Predicate.eq("type", 0), Predicate.compare("clientID", CompareOp.GT, 5),
                Predicate.in("region", 1, 3)), scan(df).where(), "compiled into one plan predicate");
    }

    /**
     * A join's runtime filter changes the plan every partition runs: partitions planned before it
     * (for statistics or EXPLAIN) are planned again for the filtered plan, so that their placements
     * are priced by it and the measured basis files their runs under the shape they ran; the same
     * filter given again keeps them.
     */
    @Test
    void aRuntimeFilterPlansThePartitionsAgainForThePlanItMakes() {
        IspdScan scan = scan(ispd().load(file).where("type = 0"));
        List<PlannedPartition> unfiltered = scan.partitions();
        org.apache.spark.sql.connector.expressions.filter.Predicate[] runtime = {
            new org.apache.spark.sql.connector.expressions.filter.Predicate("IN", new Expression[] {
                Expressions.column("region"), new LiteralValue<>(1, DataTypes.IntegerType),
                new LiteralValue<>(3, DataTypes.IntegerType)})};
        scan.filter(runtime);
        List<PlannedPartition> filtered = scan.partitions();
        assertNotSame(unfiltered, filtered);
        assertTrue(predictedDeviceNs(filtered) > predictedDeviceNs(unfiltered),
                "the IN's compares are priced in: " + predictedDeviceNs(filtered) + " vs " + predictedDeviceNs(unfiltered));
        scan.filter(runtime);
        assertSame(filtered, scan.partitions());
    }

    private static long predictedDeviceNs(List<PlannedPartition> partitions) {
        return partitions.stream().mapToLong(p -> p.split().decision().device().timeNs()).sum();
    }

    /** The connector's scan in the physical plan of {@code df}. */
    private static IspdScan scan(Dataset<Row> df) {
        return (IspdScan) ((BatchScanExec) df.queryExecution().executedPlan().collectLeaves().head()).scan();
    }

    @Test
    void whatIsNotPushableStaysWithSpark() {
        String plan = explain(ispd().load(file).where("abs(size - 7) > 5 AND type = 2").select("region"));
        assertTrue(plan.contains("PushedFilters: [type = 2]"), plan);
        String filter = plan.lines().filter(l -> l.contains("Filter ")).findFirst().orElseThrow(() ->
                new AssertionError("no Filter for what was not pushed: " + plan));
        assertTrue(filter.contains("abs") && !filter.contains("type"), "only the unpushed predicate: " + filter);
    }

    @Test
    void onlyTheReadColumnsAreDecoded() {
        String plan = explain(ispd().load(file).select("region"));
        assertTrue(plan.contains("PushedFilters: [], ReadSchema: struct<region:int>"), plan);
    }

    @Test
    void sparkSizesTheScanByItsRecordsAndReadColumns() {
        Statistics all = ispd().load(file).queryExecution().optimizedPlan().stats();
        assertEquals("2000", all.rowCount().get().toString());
        assertEquals(2_000L * PlainRecords.SCHEMA.defaultSize(), all.sizeInBytes().longValue());
        Statistics one = ispd().load(file).select("type").queryExecution().optimizedPlan().stats();
        assertEquals(2_000L * 4, one.sizeInBytes().longValue(), "only the int column type is read");
    }

    /**
     * Issue 20.1: a pushed WHERE shrinks the scan's statistics by the share of the table's sample
     * that passes it (all 2,000 records of this file, so exactly the records it passes), and a
     * pushed GROUP BY to at most its keys' values.
     */
    @Test
    void theStatisticsCountThePushedFiltersAndGroups() {
        long passing = ispd().load(file).where("type = 2 AND region < 5").count();
        assertTrue(passing > 1 && passing < 2_000, passing + " of 2,000 pass");
        long kept = passing;
        Statistics filtered = ispd().load(file).where("type = 2 AND region < 5").select("type")
                .queryExecution().optimizedPlan().stats();
        assertEquals(Long.toString(kept), filtered.rowCount().get().toString());
        assertEquals(kept * 4, filtered.sizeInBytes().longValue());
        IspdScan regions = optimizedScan(ispd().load(file).where("clientID > 5").groupBy("region").max("size"));
        assertTrue(regions.pushed().aggregation() != null, regions.description());
        assertEquals(8, regions.estimateStatistics().numRows().getAsLong(), "a 3-bit key has 8 values");
        long above5 = ispd().load(file).where("clientID > 5").count();
        IspdScan sizes = optimizedScan(ispd().load(file).where("clientID > 5").groupBy("size").max("type"));
        assertEquals(above5, sizes.estimateStatistics().numRows().getAsLong(),
                "a 4-byte key: the kept rows");
    }

    /**
     * A larger table's WHERE is measured over a sample of runs spread over it (64 runs of 64 of
     * its 20,000 records): one eighth of a range of timestamps is estimated at about an eighth,
     * where two guessed halves would make a quarter.
     */
    @Test
    void aRangeIsEstimatedByTheShareOfASampleOfTheRecordsInIt() throws IOException {
        String large = DRIVES.write("/plan/wc256-large.bin", WorldCupFiles.generate(11, 20_000, ENTRY));
        Dataset<Row> all = ispd().load(large);
        List<Row> bounds = all.selectExpr("percentile_approx(timestamp, 0.5)", "percentile_approx(timestamp, 0.625)")
                .collectAsList();
        String range = "timestamp >= " + bounds.get(0).getLong(0) + " AND timestamp < " + bounds.get(0).getLong(1);
        double share = (double) all.where(range).count() / 20_000;
        IspdScan scan = optimizedScan(all.where(range).select("type"));
        double estimated = scan.estimateStatistics().numRows().getAsLong() / 20_000.0;
        assertEquals(share, estimated, 0.03, "measured over the sample, for a share of " + share);
        assertEquals(64 * 64, ((RecordSample) input(large).sample()).size(), "the sample's records");
    }

    /**
     * Issue 20.7: column-blocked files are sampled as files in rows are, so that a blocked table's
     * WHERE is estimated as the same table's in rows (all 2,000 records here: exactly the rows it
     * passes), not guessed. One file of 256-record blocks, so that the sample's runs of 64 hold
     * every record.
     */
    @Test
    void aBlockedTableIsEstimatedByTheSameSampleAsTheTableInRows() {
        String blocked = DRIVES.uri("/plan/wc256-blocked");
        ispd().load(file).coalesce(1).write().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("block", 256).mode("overwrite").save(blocked);
        String where = "type = 2 AND region < 5";
        long passing = ispd().load(file).where(where).count();
        IspdScan rows = optimizedScan(ispd().load(file).where(where).select("type"));
        IspdScan blocks = optimizedScan(DRIVES.spark().read().format("ispd").load(blocked).where(where).select("type"));
        ScanInput input = InputResolver.resolve(Map.of("path", blocked), DRIVES.hadoopConf(), key -> null);
        assertEquals(256, input.layout().recordsPerBlock(), "stored column-blocked");
        assertEquals(2_000, ((RecordSample) input.sample()).size(), "every record sampled");
        assertEquals(passing, blocks.estimateStatistics().numRows().getAsLong(), "the records the WHERE passes");
        assertEquals(rows.estimateStatistics().numRows().getAsLong(), blocks.estimateStatistics().numRows().getAsLong());
        assertEquals(passing, DRIVES.spark().read().format("ispd").load(blocked).where(where).count(), "the same records");
    }

    /**
     * A Parquet table is sampled as records are: the drive's own decoding counts the rows a WHERE
     * passes over runs of its row groups (all 2,000 rows here: exactly the rows it passes, as the
     * same table in records), not guessed.
     */
    @Test
    void aParquetTableIsEstimatedBySamplingItsRowGroups() {
        String parquet = DRIVES.uri("/plan/wc256-parquet");
        ispd().load(file).coalesce(1).write().mode("overwrite").parquet(parquet);
        String where = "type = 2 AND region < 5";
        long passing = ispd().load(file).where(where).count();
        IspdScan rows = optimizedScan(ispd().load(file).where(where).select("type"));
        IspdScan overParquet = optimizedScan(DRIVES.spark().read().format("ispd").load(parquet).where(where)
                .select("type"));
        assertTrue(InputResolver.resolve(Map.of("path", parquet), DRIVES.hadoopConf(), key -> null).sample()
                instanceof ParquetRowSample);
        assertEquals(passing, overParquet.estimateStatistics().numRows().getAsLong(), "the rows the WHERE passes");
        assertEquals(rows.estimateStatistics().numRows().getAsLong(),
                overParquet.estimateStatistics().numRows().getAsLong());
    }

    /**
     * A larger Parquet table (20,000 rows in two files of several row groups each) is measured over
     * runs spread over its row groups: one eighth of a range of timestamps is estimated at about
     * an eighth, where Calcite's two guessed halves would make a quarter.
     */
    @Test
    void aRangeOverParquetIsEstimatedByTheShareOfASampleOfItsRowGroups() throws IOException {
        String large = DRIVES.write("/plan/wc256-large-rg.bin", WorldCupFiles.generate(13, 20_000, ENTRY));
        String parquet = DRIVES.uri("/plan/wc256-large-parquet");
        ispd().load(large).repartition(2).write().option("parquet.block.size", 64 * 1024).mode("overwrite")
                .parquet(parquet);
        Dataset<Row> all = DRIVES.spark().read().format("ispd").load(parquet);
        List<Row> bounds = all.selectExpr("percentile_approx(timestamp, 0.5)", "percentile_approx(timestamp, 0.625)")
                .collectAsList();
        String range = "timestamp >= " + bounds.get(0).getLong(0) + " AND timestamp < " + bounds.get(0).getLong(1);
        double share = (double) all.where(range).count() / 20_000;
        ScanInput input = InputResolver.resolve(Map.of("path", parquet), DRIVES.hadoopConf(), key -> null);
        assertTrue(input.parquet().rows() == 20_000 && input.files().size() == 2, input.files().toString());
        IspdScan scan = optimizedScan(all.where(range).select("type"));
        double estimated = scan.estimateStatistics().numRows().getAsLong() / 20_000.0;
        assertEquals(share, estimated, 0.04, "measured over the sample, for a share of " + share);
    }

    /** The connector's scan in the optimized plan of {@code df} (an aggregation's, which Spark plans adaptively). */
    private static IspdScan optimizedScan(Dataset<Row> df) {
        return (IspdScan) ((DataSourceV2ScanRelation) df.queryExecution().optimizedPlan().collectLeaves().head()).scan();
    }

    @Test
    void aPartitionPerChunkOfWholeRecordsPrefersTheHostOfItsDrive() throws IOException {
        ScanInput input = input();
        List<PlannedPartition> partitions = partitions(input, Predicate.all());
        OsdFileSystem fs = (OsdFileSystem) FileSystem.get(new Path(file).toUri(), DRIVES.hadoopConf());
        long length = 2_000L * ENTRY;
        assertEquals((length + CHUNK - 1) / CHUNK, partitions.size());
        long next = 0;
        for (PlannedPartition p : partitions) {
            PlannedSplit r = p.split();
            assertEquals(next, r.start(), "partitions cover the file in order");
            assertEquals(0, r.start() % ENTRY, "starts at a record");
            assertEquals(0, r.length() % ENTRY, "whole records");
            ChunkExtent first = fs.locate(new Path(file), r.start(), 1).get(0);
            assertArrayEquals(new String[] {"host" + first.drive()}, p.preferredLocations());
            next = r.start() + r.length();
        }
        assertEquals(length, next);
    }

    @Test
    void rowReadersGiveTheRecordsOfTheBatchReaders() throws IOException {
        ScanInput input = input();
        PlannedPartition range = partitions(input, Predicate.all()).get(1);
        List<LayoutColumn> columns = input.layout().columns();
        IspdReaderFactory factory = factory(input, Predicate.all());
        List<String> fromBatches = batchRows(input, Predicate.all(), range);
        List<String> fromRows = new ArrayList<>();
        try (PartitionReader<InternalRow> rows = factory.createReader(range)) {
            while (rows.next()) {
                fromRows.add(text(rows.get(), columns));
            }
        }
        assertEquals(range.split().length() / ENTRY, fromRows.size());
        assertEquals(fromBatches, fromRows);
    }

    /**
     * A row plan's rows, read in place from its encoded results (several, an empty one among them,
     * as a split's runs return them), are the records the host's batch reader gives, and a reader
     * at its end stays there.
     */
    @Test
    void planRowsReadInPlaceAcrossResultsAreTheRecordsOfTheBatchReader() throws IOException {
        ScanInput input = input();
        PushedScan scan = allRows(input, Predicate.all());
        PlannedPartition range = partitions(input, Predicate.all()).get(1);
        byte[] whole = new SplitPlanRun(range.split(), scan, input.settings().offload(), input.conf().get(), "test")
                .run(null).results().get(0);
        List<byte[]> results = sliced(whole, 100);
        assertTrue(results.size() > 3, "several results: " + results.size());
        List<LayoutColumn> columns = input.layout().columns();
        List<String> rows = new ArrayList<>();
        try (PlanRowsReader reader = new PlanRowsReader(scan, new SplitPlanRun.Result(results, Map.of()), file)) {
            while (reader.next()) {
                reader.get().rowIterator().forEachRemaining(row -> rows.add(text(row, columns)));
            }
            assertFalse(reader.next(), "still at the end");
        }
        assertEquals(range.split().length() / ENTRY, rows.size());
        assertEquals(batchRows(input, Predicate.all(), range), rows);
    }

    /** {@code result}'s rows as an empty result, then results of {@code rows} rows each (the last fewer). */
    private static List<byte[]> sliced(byte[] result, int rows) {
        int columns = Short.toUnsignedInt(ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN).getShort(0));
        int rowBytes = columns * Long.BYTES;
        int total = PlanResult.rowCount(result);
        List<byte[]> slices = new ArrayList<>();
        for (int from = -rows; from < total; from += rows) { // from -rows: the empty result first
            int n = from < 0 ? 0 : Math.min(rows, total - from);
            ByteBuffer b = ByteBuffer.allocate((int) PlanResult.bytes(n, columns)).order(ByteOrder.LITTLE_ENDIAN);
            b.putShort((short) columns).putLong(n).putShort((short) 0) // no string columns
                    .put(result, PlanResult.HEADER_BYTES + Math.max(0, from) * rowBytes,
                    n * rowBytes);
            slices.add(b.array());
        }
        return slices;
    }

    /** The reader keeps exactly the records the pushed predicate passes, however many a batch keeps. */
    @Test
    void readersApplyThePushedPredicate() throws IOException {
        ScanInput input = input();
        PlannedPartition range = partitions(input, Predicate.all()).get(0);
        int type = input.layout().columns().indexOf(input.layout().column("type").orElseThrow());
        List<String> typeZero = batchRows(input, Predicate.all(), range).stream()
                .filter(r -> r.split(" ")[type].equals("0")).toList();
        assertFalse(typeZero.isEmpty(), "the range has records of type 0");
        assertEquals(typeZero, batchRows(input, Predicate.eq("type", 0), range));
        assertEquals(List.of(), batchRows(input, Predicate.not(Predicate.all()), range));
    }

    /** The 256-byte file as the connector resolves it, every partition placed on the host (read by the host reader). */
    private static ScanInput input() {
        return input(file);
    }

    private static ScanInput input(String path) {
        return InputResolver.resolve(Map.of("path", path, "layout", "worldcup98", "entrySize", "256",
                "ispd.offload.policy", "host-only"), DRIVES.hadoopConf(), key -> null);
    }

    /** A scan of every column of the records {@code where} passes. */
    private static PushedScan allRows(ScanInput input, Predicate where) {
        return new PushedScan(input.layout(), input.layout().columns(), where, List.of(), null, Plan.NO_LIMIT, null);
    }

    private static List<PlannedPartition> partitions(ScanInput input, Predicate where) throws IOException {
        return PartitionPlanner.plan(input, allRows(input, where), new CorrectionBook());
    }

    private static IspdReaderFactory factory(ScanInput input, Predicate where) {
        return new IspdReaderFactory(allRows(input, where), input.conf().broadcast(DRIVES.spark().sparkContext()),
                input.settings(), "test", null);
    }

    /** The rows of {@code range} that {@code where} passes, all columns as text, read a batch at a time. */
    private static List<String> batchRows(ScanInput input, Predicate where, PlannedPartition range) throws IOException {
        List<LayoutColumn> columns = input.layout().columns();
        IspdReaderFactory factory = factory(input, where);
        List<String> rows = new ArrayList<>();
        try (PartitionReader<ColumnarBatch> batches = factory.createColumnarReader(range)) {
            while (batches.next()) {
                batches.get().rowIterator().forEachRemaining(row -> rows.add(text(row, columns)));
            }
        }
        return rows;
    }

    private static String text(InternalRow row, List<LayoutColumn> columns) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            s.append(row.get(i, columns.get(i).type())).append(' ');
        }
        return s.toString();
    }

    @Test
    void badOptionsAndPathsAreAnalysisErrorsNamingThem() throws IOException {
        SparkSession spark = DRIVES.spark();
        String ragged = DRIVES.write("/plan/ragged.bin", new byte[1_000]);
        assertError("unknown layout 'apache'; known layouts: [worldcup98]",
                () -> ispd().option("layout", "apache").load(file));
        assertError("option layout is required", () -> spark.read().format("ispd").load(file));
        assertError("entry size 100 is not one of [20, 32, 64, 128, 256]",
                () -> ispd().option("entrySize", 100).load(file));
        assertError("path /tmp/wc.bin is not on osd://", () -> ispd().load("/tmp/wc.bin"));
        assertError("path file:/tmp/wc.bin is not on osd://", () -> ispd().load("file:/tmp/wc.bin"));
        assertError("one path per read", () -> ispd().load(file, file));
        assertError("does not exist", () -> ispd().load(DRIVES.uri("/plan/missing.bin")));
        assertError("ragged.bin is 1000 bytes, not a whole number of 256-byte worldcup98 records (option entrySize)",
                () -> ispd().load(ragged));
    }

    @Test
    void aFileThatRecordsItsLayoutIsReadWithItAndADisagreeingOptionIsAnError() throws IOException {
        String recorded = DRIVES.write("/plan/recorded64.bin", WorldCupFiles.generate(8, 1_000, 64));
        Path path = new Path(recorded);
        LayoutAttribute.record(path.getFileSystem(DRIVES.hadoopConf()), path, Layout.worldCup98(64));
        SparkSession spark = DRIVES.spark();

        Dataset<Row> fromFile = spark.read().format("ispd").load(recorded);
        assertEquals(PlainRecords.SCHEMA, fromFile.schema());
        assertEquals(1_000, fromFile.count(), "layout and entry size from the file");
        assertEquals(1_000, spark.read().format("ispd").option("layout", "worldcup98").option("entrySize", 64)
                .load(recorded).count(), "options that agree are fine");
        // 20 divides the file's 64,000 bytes: believed, it would read 3,200 wrong records
        assertError("recorded64.bin records layout worldcup98/64 (timestamp u32 @0,",
                () -> spark.read().format("ispd").option("entrySize", 20).load(recorded));
        assertError("but the options give worldcup98/20 (timestamp u32 @0,",
                () -> spark.read().format("ispd").option("entrySize", 20).load(recorded));
    }

    @Test
    void aFileWithoutALayoutIsReadOnlyWithExplicitOptions() {
        assertError("option entrySize is required: the data records no layout (user.ispd.layout)",
                () -> DRIVES.spark().read().format("ispd").option("layout", "worldcup98").load(file));
    }

    private static void assertError(String expected, Runnable read) {
        AnalysisException e = assertThrows(AnalysisException.class, read::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
