package dev.ispd.examples.cli;

import static dev.ispd.examples.cli.QueryRuns.rows;
import static dev.ispd.examples.cli.QueryRuns.succeed;
import static dev.ispd.examples.cli.QueryRuns.usageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.worldcup.WorldCupDrives;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code ispd query --sql} over a Parquet file on two in-JVM drives over TCP: the layout comes from
 * the file's footer, and device-only and host-only print the rows a plain-Java computation over
 * the written values gives (NULLs, a string comparison, a decimal SUM of a nullable column), also
 * with the strings read into narrower places ({@code --string-width}).
 */
class ParquetQuerySqlTest {
    private static final long CHUNK = 64 * 1024;
    private static final int ROWS = 30_000;
    private static final String FILE = "osd:///sqlpq/t.parquet";
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message t { required int64 id; "
            + "required boolean urgent; required int32 qty; optional int64 price (DECIMAL(12,2)); "
            + "optional binary mode (STRING); }");
    private static final String[] MODES = {"AIR", "MAIL", "SHIP"};

    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    private static final long[] COUNT = new long[2];
    private static final long[] QTY = new long[2];
    private static final long[] PRICE = new long[2];

    @BeforeAll
    static void write() throws IOException {
        Configuration conf = WorldCupDrives.osd(new Configuration(), Arrays.asList(DRIVES.addresses().split(",")), CHUNK,
                1);
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        Random r = new Random(17);
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(new Path(FILE)).withConf(conf).withType(SCHEMA)
                .withCompressionCodec(CompressionCodecName.ZSTD).withRowGroupSize(CHUNK / 8 * 7).build()) {
            for (int i = 0; i < ROWS; i++) {
                boolean urgent = r.nextBoolean();
                int qty = r.nextInt(100) - 20;
                Group g = groups.newGroup().append("id", (long) i).append("urgent", urgent).append("qty", qty);
                Long price = r.nextInt(5) == 0 ? null : (long) r.nextInt(1_000_000);
                String mode = r.nextInt(6) == 0 ? null : MODES[r.nextInt(MODES.length)];
                if (price != null) {
                    g.append("price", price);
                }
                if (mode != null) {
                    g.append("mode", mode);
                }
                out.write(g);
                if (i >= ROWS / 2 && "AIR".equals(mode)) {
                    int k = urgent ? 1 : 0;
                    COUNT[k]++;
                    QTY[k] += qty;
                    PRICE[k] += price == null ? 0 : price;
                }
            }
        }
    }

    @Test
    void aSelectOverAParquetFileAnswersAsPlainJavaOnDeviceAndHost() {
        String sql = "SELECT urgent, count(*), sum(qty), sum(price) FROM t WHERE id >= " + ROWS / 2
                + " AND mode = 'AIR' GROUP BY urgent";
        List<List<String>> expected = List.of(
                List.of("false", Long.toString(COUNT[0]), Long.toString(QTY[0]), BigDecimal.valueOf(PRICE[0], 2).toPlainString()),
                List.of("true", Long.toString(COUNT[1]), Long.toString(QTY[1]), BigDecimal.valueOf(PRICE[1], 2).toPlainString()));
        for (String policy : List.of("device-only", "host-only")) {
            String out = succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", FILE, "--policy", policy);
            List<List<String>> got = rows(out);
            assertEquals(expected, got.stream().sorted(Comparator.comparing(row -> row.get(0))).toList(), policy);
            // ids ascend through the file: the row groups of the first half are planned out by their statistics
            assertTrue(java.util.regex.Pattern.compile("Parquet row groups: [1-9]\\d* read, [1-9]\\d* skipped by their "
                    + "statistics, 0 straddling a chunk boundary \\(run on the host\\); data pages skipped by their column "
                    + "index: \\d+\n").matcher(out).find(), out);
        }
        // strings of at most 4 bytes ("MAIL", "SHIP") read into 4-byte places: the same answer
        List<List<String>> narrow = rows(succeed("--sql", sql, "--drives", DRIVES.addresses(), "--input", FILE,
                "--policy", "device-only", "--string-width", "4"));
        assertEquals(expected, narrow.stream().sorted(Comparator.comparing(row -> row.get(0))).toList());
    }

    @Test
    void aStringLongerThanTheWidthIsAnErrorNamingThisCommandsOption() {
        String err = usageError("--sql", "SELECT count(*) FROM t WHERE mode = 'AIR'", "--drives", DRIVES.addresses(),
                "--input", FILE, "--policy", "device-only", "--string-width", "3");
        assertTrue(err.contains("a value of 4 bytes is longer than the 3 bytes a plan reads of a string (mode): "
                + "read the files with a string width of at least 4 (--string-width)"), err);
        assertFalse(err.contains("stringWidth"), "Spark's option is not this command's: " + err);
    }

    @Test
    void aStringWidthOutOfRangeOrWithoutAParquetInputIsAUsageError() {
        String sql = "SELECT count(*) FROM t";
        assertTrue(usageError("--sql", sql, "--drives", DRIVES.addresses(), "--input", FILE, "--string-width", "0")
                .contains("--string-width: stringWidth 0"));
        assertTrue(usageError("--sql", sql, "--string-width", "8").contains("--string-width is for a Parquet --input"));
        assertTrue(usageError("--query", "q1", "--string-width", "8").contains("--string-width is for --sql"));
    }

    @Test
    void aParquetFileCutShortIsNamedAsOneNotAskedForItsLayout() throws IOException {
        Configuration conf = WorldCupDrives.osd(new Configuration(), Arrays.asList(DRIVES.addresses().split(",")), CHUNK,
                1);
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        String cut = "osd:///sqlpq-cut/t.parquet";
        try (FileSystem fs = FileSystem.newInstance(URI.create("osd:///"), conf)) {
            byte[] bytes;
            try (FSDataInputStream in = fs.open(new Path(FILE))) {
                bytes = in.readAllBytes();
            }
            try (OutputStream out = fs.create(new Path(cut))) {
                out.write(bytes, 0, bytes.length / 2);
            }
        }
        String err = usageError("--sql", "SELECT count(*) FROM t", "--drives", DRIVES.addresses(), "--input", cut);
        assertTrue(err.contains("--input " + cut + ": osd:/sqlpq-cut/t.parquet starts as a Parquet file (PAR1) but does "
                + "not end as one: it is cut short, or the end of its footer is damaged (--layout or --layout-file reads "
                + "it as records)"), err);
    }
}
