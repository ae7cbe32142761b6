package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.read.execution.ExecutionEnds;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A query that reads the same thing twice, as TPC-H Q18 does (the orders of its HAVING subquery
 * are both a filter of {@code orders} and of {@code lineitem}), runs that read in the drives once:
 * Spark reuses the exchange of two equal scan nodes, and ispd scans are equal when they read the
 * same files with the same settings and pushed plan. Scans that differ in what they push or in
 * their settings stay apart. Answers are plain Spark's over the same bytes.
 */
@Tag("heavy")
class ReusedScansTest {
    private static final int ENTRY = 256;
    /** Q18's shape: the same grouped subquery filters two columns, each through its own semi-join. */
    private static final String TWICE = "SELECT count(*), sum(size) FROM %1$s WHERE clientID IN "
            + "(SELECT clientID FROM %1$s WHERE region < 6 GROUP BY clientID HAVING count(*) > 1) AND objectID IN "
            + "(SELECT clientID FROM %1$s WHERE region < 6 GROUP BY clientID HAVING count(*) > 1)";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(new OsdDrives(2, 300_001).overTcp().withMetrics());

    private static String path;

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false"); // the plan Spark runs is the plan it shows
        path = DRIVES.write("/reuse/generated256.bin", WorldCupFiles.generate(5, 6_000, ENTRY));
        worldCup("device-only").createOrReplaceTempView("t");
        PlainRecords.read(spark, path, ENTRY).createOrReplaceTempView("plain");
    }

    private static Dataset<Row> worldCup(String policy) {
        return DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", ENTRY)
                .option("ispd.offload.policy", policy).load(path);
    }

    @Test
    void theSameReadTwiceRunsInTheDrivesOnce() throws Exception {
        SparkSession spark = DRIVES.spark();
        List<String> plain = rows(spark.sql(TWICE.formatted("plain")));
        Dataset<Row> reused = spark.sql(TWICE.formatted("t"));
        String plan = reused.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("ReusedExchange"), "the subquery's exchange is reused:\n" + plan);
        long executesReused = executes(reused);
        assertEquals(plain, rows(reused));

        spark.conf().set("spark.sql.exchange.reuse", "false");
        try {
            Dataset<Row> apart = spark.sql(TWICE.formatted("t"));
            long executesApart = executes(apart);
            assertEquals(plain, rows(apart));
            assertTrue(executesReused < executesApart, "the drives ran the subquery's scan once: "
                    + executesReused + " executions with reuse, " + executesApart + " without");
        } finally {
            spark.conf().unset("spark.sql.exchange.reuse");
        }
    }

    @Test
    void scansThatReadDifferentlyAreNotEqual() {
        SparkSession spark = DRIVES.spark();
        Batch filtered = batch(spark.sql("SELECT clientID FROM t WHERE region < 6"));
        assertEquals(filtered, batch(spark.sql("SELECT clientID FROM t WHERE region < 6")));
        assertEquals(filtered.hashCode(), batch(spark.sql("SELECT clientID FROM t WHERE region < 6")).hashCode());
        assertNotEquals(filtered, batch(spark.sql("SELECT clientID FROM t WHERE region < 7")));
        assertNotEquals(filtered, batch(spark.sql("SELECT objectID FROM t WHERE region < 6")));
        worldCup("host-only").createOrReplaceTempView("t_host");
        assertNotEquals(filtered, batch(spark.sql("SELECT clientID FROM t_host WHERE region < 6")));
    }

    private static Batch batch(Dataset<Row> df) {
        return ((BatchScanExec) df.queryExecution().executedPlan().find(p -> p instanceof BatchScanExec).get()).batch();
    }

    /** The EXECUTE requests the drives answered while {@code df} ran, once its end is handled. */
    private static long executes(Dataset<Row> df) throws IOException, InterruptedException, TimeoutException {
        long before = executes();
        df.collectAsList();
        ExecutionEnds.of(DRIVES.spark().sparkContext()).awaitEnd(df.queryExecution().queryId(), Duration.ofSeconds(30));
        return executes() - before;
    }

    private static long executes() throws IOException {
        return DRIVES.requests(0).getOrDefault("execute", 0L) + DRIVES.requests(1).getOrDefault("execute", 0L);
    }

    private static List<String> rows(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).toList();
    }
}
