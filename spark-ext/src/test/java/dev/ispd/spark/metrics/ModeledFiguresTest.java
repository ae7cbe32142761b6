package dev.ispd.spark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A scan's modeled figures do not depend on how its tasks interleave (docs/model.md, "Service
 * time"): one drive holds every partition, so with two tasks at a time device partitions run
 * beside each other and beside the host reads of records that straddle a chunk's end, in a
 * different order on every run; the same scan one partition at a time reports the same figures.
 */
class ModeledFiguresTest {
    private static final int ENTRY = 256;
    /** Not a multiple of the entry size: every device partition also has records the host reads from the drive. */
    private static final int CHUNK = 300_001;
    private static final int RUNS = 3;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(1, CHUNK); // local[2]: two tasks at a time

    private static String uri;

    @BeforeAll
    static void load() throws IOException {
        DRIVES.spark().conf().set("spark.sql.adaptive.enabled", "false"); // the scan node stays in the executed plan
        uri = DRIVES.write("/modeled/generated256.bin", WorldCupFiles.generate(9, 5_000, ENTRY));
    }

    /**
     * A filter and projection in the drive, no shuffle, so the query's partitions are the scan's;
     * uncorrected, so every run plans alike.
     */
    private static Dataset<Row> scan() {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", "device-only").option("ispd.offload.correction", false)
                .option("ispd.split.group.max.bytes", CHUNK).load(uri).where("type = 1").select("clientID", "size");
    }

    @Test
    void twoTasksAtATimeAndOneAtATimeGiveTheSameModeledFigures() {
        Dataset<Row> first = scan();
        first.collectAsList();
        Map<String, Long> figures = metrics(first);
        assertTrue(figures.get(ScanMetric.nameOf(SplitMetric.SPLITS_ON_DEVICE)) >= 4, "several device partitions on "
                + "the one drive: " + figures);
        assertTrue(figures.get(ScanMetric.nameOf(SplitMetric.BYTES_MOVED_TO_HOST)) > 0,
                "straddling records: " + figures);
        assertTrue(figures.get(ScanMetric.nameOf(SplitMetric.MODELED_DEVICE_NS)) > 0, figures.toString());
        for (int run = 2; run <= RUNS; run++) {
            Dataset<Row> again = scan();
            again.collectAsList();
            assertEquals(figures, metrics(again), "run " + run + " with two tasks at a time");
        }

        // the query's own plan (a Dataset's javaRDD() would plan it again, with a scan node of its own)
        Dataset<Row> alone = scan();
        JavaRDD<InternalRow> rows = alone.queryExecution().toRdd().toJavaRDD();
        for (int p = 0; p < rows.getNumPartitions(); p++) {
            rows.collectPartitions(new int[] {p});
        }
        assertEquals(figures, metrics(alone), "one task at a time");
    }

    /** Every metric of the scan's node, by name. */
    private static Map<String, Long> metrics(Dataset<Row> df) {
        BatchScanExec node = (BatchScanExec) df.queryExecution().executedPlan()
                .find(p -> p instanceof BatchScanExec).get();
        Map<String, Long> out = new TreeMap<>();
        for (ScanMetric m : ScanMetric.all()) {
            out.put(m.name(), node.metrics().get(m.name()).get().value());
        }
        return out;
    }
}
