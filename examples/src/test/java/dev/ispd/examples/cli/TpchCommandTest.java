package dev.ispd.examples.cli;

import static dev.ispd.examples.cli.QueryRuns.rows;
import static dev.ispd.examples.cli.QueryRuns.succeed;
import static dev.ispd.examples.cli.QueryRuns.usageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.examples.tpch.TpchLayouts;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.layout.LayoutJson;
import dev.ispd.plan.layout.StoredLayout;
import io.trino.tpch.LineItem;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ispd tpch} at scale factor 0.01 on two in-JVM drives over TCP: every value of every
 * table read back through the layout recorded on its file, and from the Parquet files, equals
 * the generator's (the Parquet files written straight into osd://, each row group in one chunk);
 * {@code query --sql} over lineitem's records (in rows and written with {@code --block 1000}) and
 * over its Parquet file (TPC-H Q6's filter, Q1's
 * filter for its group R/F) equals plain Java over the generator's rows, device-only and
 * host-only; bad input is one line naming it.
 */
@Tag("heavy")
class TpchCommandTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    @TempDir
    static Path dir;

    private static final double SCALE = 0.01;
    private static final String TO = "osd:///tpch";
    private static final String LINEITEM = TO + "/lineitem";
    private static final String PARQUET = "osd:///tpch-parquet";
    private static final long CHUNK = 1_000_000;
    /** The Parquet files' chunk, apart from the records'. */
    private static final long PARQUET_CHUNK = 600_000;
    /** The tables again, column-blocked: 1,000 records to a block, chunks of whole blocks (lineitem's last partial). */
    private static final String BLOCKED = "osd:///tpch-blocked";

    /** What a command printed and returned. */
    record Run(int status, String out, String err) {
    }

    @BeforeAll
    static void generate() {
        Run run = tpch("--scale", Double.toString(SCALE), "--drives", DRIVES.addresses(), "--to", TO, "--rows",
                "--parquet", PARQUET, "--chunk-size", Long.toString(CHUNK), "--parquet-chunk-size", Long.toString(PARQUET_CHUNK), "-q");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.matches("lineitem +60,175 +153 B +9,206,775 .*")), run.out());
        Run blocked = tpch("--scale", Double.toString(SCALE), "--drives", DRIVES.addresses(), "--to", BLOCKED, "--block",
                "1000", "--chunk-size", Long.toString(CHUNK), "-q");
        assertEquals(0, blocked.status(), blocked.out() + blocked.err());
    }

    @AfterEach
    void closeClients() throws IOException {
        FileSystem.closeAll();
    }

    @Test
    void everyRecordReadThroughItsRecordedLayoutEqualsTheGenerators() throws IOException {
        try (FileSystem fs = DRIVES.osd()) {
            for (TpchTable<?> table : TpchGenerator.TABLES) {
                org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(TO + "/" + table.getTableName());
                Layout layout = LayoutAttribute.layout(fs, file).orElseThrow();
                assertEquals(TpchLayouts.of(table), layout, table.getTableName());
                assertEquals(0, fs.getFileStatus(file).getBlockSize() % layout.recordSize(), "chunks of whole records");
                byte[] bytes = new byte[(int) fs.getFileStatus(file).getLen()];
                try (FSDataInputStream in = fs.open(file)) {
                    in.readFully(0, bytes);
                }
                assertRecordsEqual(table, SCALE, layout, ByteBuffer.wrap(bytes));
            }
        }
        Layout lineitem = TpchLayouts.of(TpchTable.LINE_ITEM);
        assertEquals("decimal(15,2)", lineitem.field("l_extendedprice", "test").typeText());
        assertEquals("date", lineitem.field("l_shipdate", "test").typeText());
        assertEquals("char(44)", lineitem.field("l_comment", "test").typeText());
        assertEquals("i64", lineitem.field("l_orderkey", "test").typeText());
    }

    private static <E extends TpchEntity> void assertRecordsEqual(TpchTable<E> table, double scale, Layout layout,
                                                                  ByteBuffer buf) {
        int size = layout.recordSize();
        int at = 0;
        for (E row : table.createGenerator(scale, 1, 1)) {
            for (TpchColumn<E> column : table.getColumns()) {
                Field f = layout.field(column.getColumnName(), "test");
                assertEquals(expected(column, row), f.type().kind() == dev.ispd.plan.FieldType.Kind.CHAR
                        ? chars(buf, at + f.offset(), f.width()) : f.valueText(f.read(buf, at)),
                        table.getTableName() + " row " + row.getRowNumber() + " " + column.getColumnName());
            }
            at += size;
        }
        assertEquals(buf.capacity(), at, table.getTableName() + ": the file holds the generator's rows, no more");
    }

    /**
     * Without --block or --rows, osd:// record files are column-blocked, 65,536 records to a block
     * or as many of the widest table as fit a chunk; a local directory, which records no layout,
     * gets records in rows.
     */
    @Test
    void recordFilesAreColumnBlockedByDefaultOnOsdAndInRowsElsewhere() throws IOException {
        double scale = 0.001;
        Path local = dir.resolve("default-local");
        for (List<String> to : List.of(List.of("--drives", DRIVES.addresses(), "--to", "osd:///tpch-default"),
                List.of("--to", local.toString()))) {
            List<String> args = new java.util.ArrayList<>(List.of("--scale", Double.toString(scale), "--chunk-size",
                    Long.toString(CHUNK), "-q"));
            args.addAll(to);
            Run run = tpch(args.toArray(String[]::new));
            assertEquals(0, run.status(), run.out() + run.err());
        }
        try (FileSystem fs = DRIVES.osd()) {
            org.apache.hadoop.fs.Path lineitem = new org.apache.hadoop.fs.Path("osd:///tpch-default/lineitem");
            assertEquals("lineitem/153 blocked " + CHUNK / 231, LayoutAttribute.read(fs, lineitem).orElseThrow());
            assertEquals(TpchLayouts.DEFAULT_RECORDS_PER_BLOCK, TpchLayouts.defaultRecordsPerBlock(64L << 20));
        }
        byte[] rows = java.nio.file.Files.readAllBytes(local.resolve("lineitem"));
        assertRecordsEqual(TpchTable.LINE_ITEM, scale, TpchLayouts.of(TpchTable.LINE_ITEM), ByteBuffer.wrap(rows));
    }

    /** A column's value as the generator gives it, as text: decimals from its doubles, dates from its days. */
    private static <E extends TpchEntity> String expected(TpchColumn<E> column, E row) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> Long.toString(column.getIdentifier(row));
            case INTEGER -> Integer.toString(column.getInteger(row));
            case DATE -> LocalDate.ofEpochDay(column.getDate(row)).toString();
            case DOUBLE -> BigDecimal.valueOf(column.getDouble(row)).setScale(2).toPlainString();
            case VARCHAR -> column.getString(row);
        };
    }

    /** The string of a zero-padded char(N). */
    private static String chars(ByteBuffer buf, int at, int width) {
        int end = 0;
        while (end < width && buf.get(at + end) != 0) {
            end++;
        }
        byte[] b = new byte[end];
        buf.get(at, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void theParquetFilesHoldTheSameValues() throws IOException {
        for (TpchTable<?> table : TpchGenerator.TABLES) {
            assertParquetEqual(table);
        }
    }

    @Test
    void eachParquetRowGroupLiesInOneChunk() throws IOException {
        try (FileSystem fs = DRIVES.osd()) {
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(PARQUET + "/lineitem.parquet");
            assertEquals(PARQUET_CHUNK, fs.getFileStatus(file).getBlockSize(), "--parquet-chunk-size");
            List<BlockMetaData> blocks;
            try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromStatus(fs.getFileStatus(file),
                    fs.getConf()))) {
                blocks = reader.getFooter().getBlocks();
            }
            assertTrue(blocks.size() >= 2, "row groups: " + blocks.size());
            for (BlockMetaData b : blocks) {
                long first = b.getColumns().get(0).getStartingPos();
                long end = b.getColumns().stream().mapToLong(c -> c.getStartingPos() + c.getTotalSize()).max().orElseThrow();
                assertEquals(first / PARQUET_CHUNK, (end - 1) / PARQUET_CHUNK, "row group [" + first + ", " + end + ") in one chunk");
            }
        }
    }

    private static <E extends TpchEntity> void assertParquetEqual(TpchTable<E> table) throws IOException {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(PARQUET + "/" + table.getTableName() + ".parquet");
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), file)
                .withConf(WorldCupDrives.drives(new Configuration(), List.of(DRIVES.addresses().split(",")))).build()) {
            for (E row : table.createGenerator(SCALE, 1, 1)) {
                Group g = reader.read();
                List<TpchColumn<E>> columns = table.getColumns();
                for (int i = 0; i < columns.size(); i++) {
                    TpchColumn<E> column = columns.get(i);
                    String actual = switch (column.getType().getBase()) {
                        case IDENTIFIER -> Long.toString(g.getLong(i, 0));
                        case INTEGER -> Integer.toString(g.getInteger(i, 0));
                        case DATE -> LocalDate.ofEpochDay(g.getInteger(i, 0)).toString();
                        case DOUBLE -> BigDecimal.valueOf(g.getLong(i, 0), 2).toPlainString();
                        case VARCHAR -> g.getString(i, 0);
                    };
                    assertEquals(expected(column, row), actual, table.getTableName() + " " + column.getColumnName());
                }
            }
            assertEquals(null, reader.read(), table.getTableName() + ": no more rows than the generator's");
        }
    }

    @Test
    void q6sFilterOverLineitemEqualsPlainJavaOnDeviceAndHost() {
        long from = LocalDate.of(1994, 1, 1).toEpochDay();
        long to = LocalDate.of(1995, 1, 1).toEpochDay();
        long count = 0;
        long sumPartKey = 0;
        long minPrice = Long.MAX_VALUE;
        long maxPrice = Long.MIN_VALUE;
        long maxShip = Long.MIN_VALUE;
        for (LineItem l : TpchTable.LINE_ITEM.createGenerator(SCALE, 1, 1)) {
            if (l.getShipDate() >= from && l.getShipDate() < to && l.getDiscountPercent() >= 5
                    && l.getDiscountPercent() <= 7 && l.getQuantity() < 24) {
                count++;
                sumPartKey += l.getPartKey();
                minPrice = Math.min(minPrice, l.getExtendedPriceInCents());
                maxPrice = Math.max(maxPrice, l.getExtendedPriceInCents());
                maxShip = Math.max(maxShip, l.getShipDate());
            }
        }
        assertTrue(count > 500, count + " matches");
        List<List<String>> expected = List.of(List.of(Long.toString(count), Long.toString(sumPartKey),
                BigDecimal.valueOf(minPrice, 2).toPlainString(), BigDecimal.valueOf(maxPrice, 2).toPlainString(),
                LocalDate.ofEpochDay(maxShip).toString()));
        String sql = "SELECT count(*), sum(l_partkey), min(l_extendedprice), max(l_extendedprice), max(l_shipdate) "
                + "FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' "
                + "AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";
        assertAnswerOnDeviceAndHost(expected, sql);
    }

    @Test
    void q1sFilterForOneOfItsGroupsEqualsPlainJavaOnDeviceAndHost() {
        long until = LocalDate.of(1998, 9, 2).toEpochDay();
        long[] g = {0, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, 0};
        for (LineItem l : TpchTable.LINE_ITEM.createGenerator(SCALE, 1, 1)) {
            if (l.getShipDate() <= until && l.getReturnFlag().equals("R") && l.getStatus().equals("F")) {
                g[0]++;
                g[1] = Math.min(g[1], l.getQuantity() * 100);
                g[2] = Math.max(g[2], l.getExtendedPriceInCents());
                g[3] = Math.max(g[3], l.getReceiptDate());
                g[4] += l.getOrderKey();
            }
        }
        assertTrue(g[0] > 10_000, g[0] + " matches");
        List<List<String>> expected = List.of(List.of(Long.toString(g[0]), BigDecimal.valueOf(g[1], 2).toPlainString(),
                BigDecimal.valueOf(g[2], 2).toPlainString(), LocalDate.ofEpochDay(g[3]).toString(), Long.toString(g[4])));
        String sql = "SELECT count(*), min(l_quantity), max(l_extendedprice), max(l_receiptdate), sum(l_orderkey) "
                + "FROM lineitem WHERE l_shipdate <= DATE '1998-09-02' AND l_returnflag = 'R' AND l_linestatus = 'F'";
        assertAnswerOnDeviceAndHost(expected, sql);
    }

    /**
     * TPC-H Q1's groups in the order its ORDER BY gives them, and in another order with a LIMIT:
     * the groups ordered on the host, the same over records, blocked records and Parquet, device-only
     * and host-only.
     */
    @Test
    void q1sGroupsComeInTheOrderItsOrderBySays() {
        long until = LocalDate.of(1998, 9, 2).toEpochDay();
        java.util.Map<List<String>, long[]> groups = new java.util.TreeMap<>(
                java.util.Comparator.comparing((List<String> k) -> k.get(0)).thenComparing(k -> k.get(1)));
        for (LineItem l : TpchTable.LINE_ITEM.createGenerator(SCALE, 1, 1)) {
            if (l.getShipDate() <= until) {
                long[] g = groups.computeIfAbsent(List.of(l.getReturnFlag(), l.getStatus()), k -> new long[2]);
                g[0] += l.getQuantity() * 100;
                g[1]++;
            }
        }
        assertEquals(4, groups.size(), groups.keySet().toString());
        List<List<String>> byFlagAndStatus = groups.entrySet().stream().map(e -> List.of(e.getKey().get(0),
                e.getKey().get(1), BigDecimal.valueOf(e.getValue()[0], 2).toPlainString(),
                Long.toString(e.getValue()[1]))).toList();
        String q1 = "SELECT l_returnflag, l_linestatus, sum(l_quantity) AS sum_qty, count(*) AS count_order "
                + "FROM lineitem WHERE l_shipdate <= DATE '1998-09-02' GROUP BY l_returnflag, l_linestatus ";
        assertAnswerOnDeviceAndHost(byFlagAndStatus, q1 + "ORDER BY l_returnflag, l_linestatus");
        List<List<String>> mostFirst = byFlagAndStatus.stream()
                .sorted(java.util.Comparator.comparing((List<String> r) -> Long.parseLong(r.get(3))).reversed())
                .limit(2).toList();
        assertAnswerOnDeviceAndHost(mostFirst, q1 + "ORDER BY count_order DESC LIMIT 2");
    }

    /**
     * {@code query --sql} over lineitem's records, in rows and column-blocked, and its Parquet file
     * prints {@code expected}, device-only and host-only.
     */
    private static void assertAnswerOnDeviceAndHost(List<List<String>> expected, String sql) {
        for (String input : List.of(LINEITEM, BLOCKED + "/lineitem", PARQUET + "/lineitem.parquet")) {
            for (String policy : List.of("device-only", "host-only")) {
                String out = succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", input, "--policy", policy);
                assertEquals(expected, rows(out), input + ", " + policy);
            }
        }
    }

    /**
     * {@code query --layout} (and {@code --layout-file}) with the blocked clause: the fields and R
     * the blocked lineitem records answer as its recorded layout does, device-only and host-only;
     * another R, the clause over the rows' file or over a file that records no layout is a usage
     * error naming the option and the file.
     */
    @Test
    void aLayoutThatSaysItsRecordsAreBlockedMustSayWhatTheFileRecords() throws IOException {
        Layout lineitem = TpchLayouts.of(TpchTable.LINE_ITEM);
        String fields = LayoutDdl.format(lineitem);
        String blocked = BLOCKED + "/lineitem";
        String sql = "SELECT l_returnflag, count(*), max(l_shipdate), sum(l_quantity) FROM lineitem "
                + "WHERE l_discount < 0.04 GROUP BY l_returnflag";
        List<List<String>> recorded = sorted(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", blocked));
        assertEquals(3, recorded.size(), recorded.toString());
        java.nio.file.Path json = java.nio.file.Files.writeString(dir.resolve("lineitem.json"),
                LayoutJson.format(new StoredLayout(lineitem, 1000)));
        for (String policy : List.of("device-only", "host-only")) {
            assertEquals(recorded, sorted(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", blocked,
                    "--layout", fields + ", blocked 1000", "--policy", policy)), policy);
            assertEquals(recorded, sorted(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", blocked,
                    "--layout-file", json.toString(), "--policy", policy)), policy);
        }
        String otherR = usageError("--sql", sql, "--drives", DRIVES.addresses(), "--input", blocked, "--layout",
                fields + ", blocked 500");
        assertTrue(otherR.contains("--layout says column-blocked, 500 records to a block, but ")
                && otherR.contains("tpch-blocked/lineitem stores its records column-blocked, 1000 records to a block"),
                otherR);
        String overRows = usageError("--sql", sql, "--drives", DRIVES.addresses(), "--input", LINEITEM, "--layout-file",
                json.toString());
        assertTrue(overRows.contains("--layout-file says column-blocked, 1000 records to a block, but ")
                && overRows.contains("tpch/lineitem stores its records in rows"), overRows);
        String unrecorded = "osd:///tpch-unrecorded/lineitem";
        try (FileSystem fs = DRIVES.osd(); var out = fs.create(new org.apache.hadoop.fs.Path(unrecorded))) {
            out.write(new byte[lineitem.recordSize() * 10]);
        }
        String none = usageError("--sql", sql, "--drives", DRIVES.addresses(), "--input", unrecorded, "--layout",
                fields + ", blocked 1000");
        assertTrue(none.contains("--layout says column-blocked, 1000 records to a block, but " + unrecorded
                + " records no layout, and a job reads the records of such a file in rows"), none);
    }

    /** The rows a query printed, by their first cell. */
    private static List<List<String>> sorted(String out) {
        return rows(out).stream().sorted(java.util.Comparator.comparing(r -> r.get(0))).toList();
    }

    @Test
    void badInputIsOneLineNamingItAndWritesNothing() {
        assertUsageError("--scale: a TPC-H scale factor is 0.0001 to 100000 (at least one supplier), got 0.0",
                "--scale", "0", "--to", dir.resolve("none").toString());
        assertUsageError("give --to, --parquet or both", "--scale", "1");
        assertUsageError("--to osd:///elsewhere needs --drives", "--scale", "0.01", "--to", "osd:///elsewhere");
        assertUsageError("tcp:127.0.0.1:1", "--scale", "0.01", "--drives", "tcp:127.0.0.1:1", "--to",
                "osd:///elsewhere");
        assertUsageError("--chunk-size must be at least 231", "--scale", "0.01", "--drives", DRIVES.addresses(), "--to",
                "osd:///elsewhere", "--chunk-size", "100");
        assertUsageError("--block must be a positive number of records, got 0", "--scale", "0.01", "--drives",
                DRIVES.addresses(), "--to", "osd:///elsewhere", "--block", "0");
        assertUsageError("--block is for the record files (--to)", "--scale", "0.01", "--parquet",
                dir.resolve("none").toString(), "--block", "10");
        assertUsageError("--block 5000: a block of 5000 records of 231 B (the widest table) is 1155000 bytes, more than a "
                + "chunk (1048576 bytes, --chunk-size); at most 4539 records to a block", "--scale", "0.01", "--drives",
                DRIVES.addresses(), "--to", "osd:///elsewhere", "--chunk-size", "1048576", "--block", "5000");
        assertUsageError("give --block or --rows, not both", "--scale", "0.01", "--drives", DRIVES.addresses(), "--to",
                "osd:///elsewhere", "--block", "10", "--rows");
        assertUsageError("--block is for osd:// record files: only they record their layout, so a reader of "
                + dir.resolve("none") + " would take blocks for rows", "--scale", "0.01", "--to",
                dir.resolve("none").toString(), "--block", "10");
        assertTrue(!dir.resolve("none").toFile().exists(), "nothing written");
    }

    private static void assertUsageError(String expected, String... args) {
        Run run = tpch(args);
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("ispd tpch: ") && run.err().contains(expected), run.err());
    }

    private static Run tpch(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cmd = CommandLines.of(new TpchCommand(new PrintStream(out, true, StandardCharsets.UTF_8)));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute(args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
    }
}
