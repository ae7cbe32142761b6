package dev.ispd.spark.rdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.MergedGroups;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.spark.SparkDrives;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TaskletRDD over a column-blocked table (written by the connector with {@code , blocked R}): its
 * splits are whole blocks, run as blocked plans wherever placed (the splits scan only their plan's
 * columns of each record, in their drives or on the host, where the same table in rows scans every
 * byte), and a plan's merged answer is the same table's in rows, word for word, and Spark's over
 * the same rows in Parquet.
 */
class TaskletRDDBlockedTest {
    private static final String LAYOUT = "id i64 le @0, g i32 le @8, n i32 le @12 nullable @24.0, "
            + "qty decimal(15,2) le @16, flag char(3) zero @25 nullable @24.1";
    private static final int RECORDS = 7_003;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 28 * 500);

    private static Layout layout;
    private static String parquet;

    @BeforeAll
    static void write() throws IOException {
        Dataset<Row> table = spark().range(0, RECORDS).selectExpr("id", "CAST(id % 7 AS INT) AS g",
                "CASE WHEN id % 5 = 0 THEN NULL ELSE CAST(id % 1000 AS INT) END AS n",
                "CAST(id * 1.25 AS DECIMAL(15,2)) AS qty",
                "CASE WHEN id % 11 = 0 THEN NULL ELSE SUBSTR('ABCDEFG', CAST(id % 5 AS INT) + 1, 3) END AS flag")
                .repartition(2);
        table.write().format("ispd").option("layout", LAYOUT).mode("overwrite").save(DRIVES.uri("/rdd-blocked/rows"));
        table.write().format("ispd").option("layout", LAYOUT + ", blocked 100").mode("overwrite")
                .save(DRIVES.uri("/rdd-blocked/blocked"));
        parquet = Files.createTempDirectory("rdd-blocked").resolve("t").toUri().toString();
        table.write().parquet(parquet);
        layout = LayoutDdl.parse("t", LAYOUT, 0, "test");
        FileSystem fs = new Path(DRIVES.uri("/rdd-blocked/blocked")).getFileSystem(DRIVES.hadoopConf());
        for (var f : fs.listStatus(new Path(DRIVES.uri("/rdd-blocked/blocked")))) {
            assertEquals(100, LayoutAttribute.recordsPerBlock(fs, f.getPath()), f.getPath().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"device-only", "host-only", "fastest"})
    void anAggregatePlanOverBlocksAnswersAsOverRowsAndAsSparkOverParquet(String policy) {
        Plan plan = Plan.aggregate(layout, Predicate.compare("n", CompareOp.GT, 100), List.of("g"),
                List.of(Aggregate.countStar(), Aggregate.count(Expr.field("n")), Aggregate.sum("id"),
                        Aggregate.max(Expr.field("n")), Aggregate.sum(Expr.field("qty"))));
        List<long[]> blocked = merged(plan, "/rdd-blocked/blocked", policy);
        assertEquals(text(merged(plan, "/rdd-blocked/rows", policy)), text(blocked), "blocked and rows, word for word");
        List<String> spark = spark().read().parquet(parquet).where("n > 100").groupBy("g")
                .agg(org.apache.spark.sql.functions.count("*"), org.apache.spark.sql.functions.count("n"))
                .orderBy("g").collectAsList().stream().map(r -> r.getInt(0) + " " + r.getLong(1) + " " + r.getLong(2))
                .toList();
        assertEquals(spark, blocked.stream().map(r -> r[0] + " " + r[1] + " " + r[2]).toList(),
                "groups, COUNT(*) and COUNT(n) as Spark over Parquet");
    }

    @ParameterizedTest
    @ValueSource(strings = {"device-only", "host-only", "fastest"})
    void aRowPlanOverBlocksReturnsTheRowsSparkFindsInParquet(String policy) {
        Plan plan = Plan.rows(layout, Predicate.compare("g", CompareOp.EQ, 3), List.of("id", "g"));
        List<SplitResult<PlanResult>> splits = run(plan, "/rdd-blocked/blocked", policy);
        assertScannedItsColumnsOnly(plan, splits);
        List<Long> ids = new ArrayList<>();
        for (SplitResult<PlanResult> s : splits) {
            assertEquals(switch (policy) {
                case "device-only" -> Placement.DEVICE;
                case "host-only" -> Placement.HOST;
                default -> s.planned();
            }, s.ran());
            s.results().forEach(r -> r.rows().forEach(row -> ids.add(row[0])));
        }
        ids.sort(Comparator.naturalOrder());
        assertEquals(spark().read().parquet(parquet).where("g = 3").orderBy("id").collectAsList().stream()
                .map(r -> r.getLong(0)).toList(), ids);
    }

    private static List<SplitResult<PlanResult>> run(Plan plan, String path, String policy) {
        return TaskletRDD.of(spark().sparkContext(), DRIVES.uri(path), TaskletSpec.plan("blocked", plan, "test"),
                PlanResult::decode, Map.of(OffloadKeys.OFFLOAD_POLICY.name(), policy)).collect();
    }

    /**
     * The plan's groups over {@code path}, its splits' partial groups merged as the connector
     * merges them, by key; each split scanned only the plan's columns if the table is blocked,
     * else all its bytes.
     */
    private static List<long[]> merged(Plan plan, String path, String policy) {
        List<SplitResult<byte[]>> splits = TaskletRDD.of(spark().sparkContext(), DRIVES.uri(path),
                TaskletSpec.plan("blocked", plan, "test"), b -> b, Map.of(OffloadKeys.OFFLOAD_POLICY.name(), policy))
                .collect();
        assertTrue(splits.size() > 1, "several splits: " + splits.size());
        if (path.endsWith("blocked")) {
            assertScannedItsColumnsOnly(plan, splits);
        } else {
            assertEquals((long) RECORDS * layout.recordSize(), splits.stream().mapToLong(SplitResult::bytesRead).sum(),
                    "in rows: every byte");
        }
        MergedGroups groups = new PartialAggregates(plan).groups();
        splits.forEach(s -> s.results().forEach(groups::addResult));
        List<long[]> rows = new ArrayList<>(groups.result().rows());
        rows.sort(Comparator.comparingLong(r -> r[0]));
        return rows;
    }

    /**
     * Each split of the blocked table ran as blocked, wherever it ran: it scanned its extents, and
     * they hold only the columns of {@code plan}'s fields ({@link BlockLayout#columns}), so the
     * splits together scanned those columns of every record once, fewer bytes than the records.
     */
    private static void assertScannedItsColumnsOnly(Plan plan, List<? extends SplitResult<?>> splits) {
        BlockLayout blocks = new BlockLayout(layout, 100);
        int columnBytes = Arrays.stream(blocks.columns(PlanSources.fields(plan))).map(blocks::columnWidth).sum();
        assertTrue(columnBytes < layout.recordSize(), columnBytes + " bytes of columns a record");
        for (SplitResult<?> s : splits) {
            assertEquals(s.length(), s.bytesRead(), "split " + s.partition() + " (ran " + s.ran() + ")");
        }
        assertEquals((long) RECORDS * columnBytes, splits.stream().mapToLong(SplitResult::bytesRead).sum());
    }

    private static List<String> text(List<long[]> rows) {
        return rows.stream().map(Arrays::toString).toList();
    }

    private static SparkSession spark() {
        return DRIVES.spark();
    }
}
