package dev.ispd.spark.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.read.execution.ExecutionEnds;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The drive calls of a query, by the drives' own request counters ({@code ispd_drive_requests},
 * docs/metrics.md): the scans of one query probe each drive once, look their file up in the
 * namespace once each (where the correction file goes is resolved without a lookup of the input),
 * and the queries' observations are saved together, not one save of the correction file per query.
 */
@Tag("heavy")
class DriveCallsTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(new OsdDrives(2, 1_000_000).overTcp().withMetrics());

    @Test
    void aQueryOfTwoScansProbesEachDriveOnceAndQueriesShareTheirSaves() throws Exception {
        DRIVES.write("/calls/part-0", WorldCupFiles.generate(1, 1_000, 256));
        Dataset<Row> loaded = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", 256).option("ispd.offload.policy", "device-only").load(DRIVES.uri("/calls"));
        Supplier<Dataset<Row>> twoScans = () -> loaded.filter("size > 1").union(loaded.filter("size > 2")).groupBy()
                .count();
        long expected = run(twoScans.get());
        int queries = 4;
        Map<String, Long> total = new TreeMap<>();
        long start = System.nanoTime();
        for (int q = 0; q < queries; q++) {
            List<Map<String, Long>> before = List.of(DRIVES.requests(0), DRIVES.requests(1));
            assertEquals(expected, run(twoScans.get()));
            for (int d = 0; d < 2; d++) {
                Map<String, Long> calls = delta(before.get(d), DRIVES.requests(d));
                System.out.printf("query %d, drive %d: %s%n", q, d, calls);
                assertTrue(calls.getOrDefault("device_info", 0L) <= 1 && calls.getOrDefault("device_log", 0L) <= 1,
                        "drive " + d + " probed at most once by the query's two scans: " + calls);
                if (d == 0 && calls.getOrDefault("create_object", 0L) == 0) { // no save of the corrections in it
                    assertTrue(calls.getOrDefault("stat_object", 0L) <= 2,
                            "the namespace journal (drive 0) asked once per scan's planning: " + calls);
                }
                calls.forEach((op, n) -> total.merge(op, n, Long::sum));
            }
        }
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(total.getOrDefault("execute", 0L) >= 2L * queries, "the scans ran in the drives: " + total);
        // a save of the correction file creates its new object: one per 30 s at most, not one per query
        long saves = total.getOrDefault("create_object", 0L);
        assertTrue(saves <= 1 + elapsedMs / 30_000, saves + " saves of the corrections in " + elapsedMs + " ms of "
                + queries + " queries: " + total);
    }

    /** Runs the count {@code df} and waits for the driver to have handled the query's end. */
    private static long run(Dataset<Row> df) throws InterruptedException, TimeoutException {
        long n = df.collectAsList().get(0).getLong(0);
        ExecutionEnds.of(DRIVES.spark().sparkContext()).awaitEnd(df.queryExecution().queryId(), Duration.ofSeconds(30));
        return n;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new TreeMap<>();
        after.forEach((k, v) -> {
            long d = v - before.getOrDefault(k, 0L);
            if (d != 0) {
                out.put(k, d);
            }
        });
        return out;
    }
}
