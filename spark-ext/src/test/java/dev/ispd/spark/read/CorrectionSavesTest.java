package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.read.execution.ExecutionEnds;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The observations of queries that ended are saved off their path, several queries' in one save,
 * and none is lost when the application stops cleanly before that save was due.
 */
@Tag("heavy")
class CorrectionSavesTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 100_000);

    @Test
    void observationsNotYetSavedAreSavedWhenTheApplicationStops() throws Exception {
        String uri = DRIVES.write("/saves/part-0", WorldCupFiles.generate(3, 2_000, 256));
        String corrections = DRIVES.uri("/.ispd/saves-correction.json");
        FileSystem fs = FileSystem.get(new Path(uri).toUri(), DRIVES.hadoopConf());
        int queries = 3;
        long partitions = 0;
        for (int q = 0; q < queries; q++) {
            Dataset<Row> df = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                    .option("entrySize", 256).option("ispd.offload.policy", "device-only")
                    .option("ispd.offload.correction.file", corrections).load(uri).where("type = 1").select("size");
            df.collectAsList();
            partitions += ScanNodes.metric(df, SplitMetric.SPLITS_ON_DEVICE);
            ExecutionEnds.of(DRIVES.spark().sparkContext()).awaitEnd(df.queryExecution().queryId(),
                    Duration.ofSeconds(30));
        }
        assertFalse(fs.exists(new Path(corrections)), "not saved on the queries' path");

        DRIVES.spark().stop();

        Map<String, CorrectionBook.Entry> entries;
        try (InputStream in = fs.open(new Path(corrections))) {
            entries = CorrectionBook.read(in, corrections).entries();
        }
        long samples = entries.entrySet().stream().filter(e -> e.getKey().startsWith("device spark-scan"))
                .mapToLong(e -> e.getValue().samples()).sum();
        assertEquals(partitions, samples, "every partition of the " + queries + " queries saved at the stop: " + entries);
    }
}
