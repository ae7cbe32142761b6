package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.metrics.ScanMetric;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read's own {@code .option("ispd.fs.drives", ...)} reads from the drives it names, however many
 * osd:// reads of other drives this JVM made before (Hadoop caches one osd:// file system per
 * authority): two sets of real drives hold different data at the same path, read through the one
 * authority {@code osd:///}; a write naming the other set writes there; a read naming drives that are not there or a malformed list fails at
 * analysis naming them and the option.
 */
class PerReadDrivesTest {
    private static final String PATH = "/per-read/day.bin";
    /** Both sets' file, through the authority every read below shares. */
    private static final String URI = "osd://" + PATH;
    private static final int ENTRY = 256;

    @RegisterExtension
    static final SparkDrives SESSION = new SparkDrives(2, 100_000);
    @RegisterExtension
    static final OsdDrives OTHER = new OsdDrives(2, 100_000);

    private static final byte[] SESSION_RECORDS = WorldCupFiles.generate(21, 3_000, ENTRY);
    private static final byte[] OTHER_RECORDS = WorldCupFiles.generate(22, 1_100, ENTRY);

    @BeforeAll
    static void load() throws IOException {
        SESSION.write(PATH, SESSION_RECORDS);
        try (FileSystem other = OTHER.newClient(); OutputStream out = other.create(new org.apache.hadoop.fs.Path(PATH))) {
            out.write(OTHER_RECORDS);
        }
        SESSION.spark().conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the plan
    }

    @Test
    void aReadNamingOtherDrivesReadsThemAfterTheSessionsWereUsed() {
        assertEquals(regions(SESSION_RECORDS), regionCounts(read(Map.of()).groupBy("region").count()), "the session's drives first");

        Dataset<Row> other = read(Map.of(IspdKeys.FS_DRIVES.name(), otherDrives(), "ispd.offload.policy", "device-only"))
                .groupBy("region").count();
        assertEquals(regions(OTHER_RECORDS), regionCounts(other));
        BatchScanExec scan = (BatchScanExec) other.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get();
        assertTrue(scan.metrics().get(ScanMetric.nameOf(SplitMetric.SPLITS_ON_DEVICE)).get().value() > 0,
                "the other drives ran the scan's plan");
        assertEquals(0, scan.metrics().get(ScanMetric.nameOf(SplitMetric.FALLBACKS)).get().value());

        assertEquals(regions(SESSION_RECORDS), regionCounts(read(Map.of()).groupBy("region").count()), "the session's drives again");
    }

    @Test
    void aWriteNamingOtherDrivesWritesThere() {
        Map<String, String> other = Map.of(IspdKeys.FS_DRIVES.name(), otherDrives());
        read(Map.of()).where("region = 1").write().format("ispd").options(other)
                .option("layout", "worldcup98").option("entrySize", ENTRY).mode("overwrite")
                .save("osd:///per-read/written");
        Dataset<Row> written = SESSION.spark().read().format("ispd").options(other).load("osd:///per-read/written");
        assertEquals(regions(SESSION_RECORDS).get(1), written.count());
        AnalysisException e = assertThrows(AnalysisException.class,
                () -> SESSION.spark().read().format("ispd").load("osd:///per-read/written"));
        assertTrue(e.getMessage().contains("does not exist"), "not on the session's drives: " + e.getMessage());
    }

    @Test
    void aReadNamingDrivesThatAreNotThereFailsNamingThem(@TempDir Path dir) {
        read(Map.of()).count(); // the session's drives are in use
        String gone = "host0=unix:" + dir.resolve("no-drive.sock");
        AnalysisException e = assertThrows(AnalysisException.class,
                () -> read(Map.of(IspdKeys.FS_DRIVES.name(), gone)).count());
        assertTrue(e.getMessage().contains("cannot reach osd:" + PATH + " on the drives ispd.fs.drives names ("
                + gone + ")"), e.getMessage());
        assertTrue(e.getMessage().contains("cannot connect to unix:" + dir.resolve("no-drive.sock")), e.getMessage());
    }

    @Test
    void aMalformedDriveListFailsNamingTheOption() {
        read(Map.of()).count();
        AnalysisException e = assertThrows(AnalysisException.class,
                () -> read(Map.of(IspdKeys.FS_DRIVES.name(), "node1=tcp:10.0.0.1:7070,node2")).count());
        assertTrue(e.getMessage().contains("ispd.fs.drives: entry 1 'node2' is not host=address"), e.getMessage());
    }

    private static Dataset<Row> read(Map<String, String> options) {
        return SESSION.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .options(options).load(URI);
    }

    private static String otherDrives() {
        return OTHER.conf().get(IspdKeys.FS_DRIVES.name());
    }

    private static Map<Integer, Long> regionCounts(Dataset<Row> counts) {
        Map<Integer, Long> out = new TreeMap<>();
        counts.collectAsList().forEach(r -> out.put(r.getInt(0), r.getLong(1)));
        return out;
    }

    /** Accesses per region of WorldCup98 records: the top 3 bits of byte 19 (docs/worldcup98.md). */
    private static Map<Integer, Long> regions(byte[] records) {
        Map<Integer, Long> out = new TreeMap<>();
        for (int at = 0; at < records.length; at += ENTRY) {
            out.merge((records[at + 19] & 0xFF) >>> 5, 1L, Long::sum);
        }
        return out;
    }
}
