package dev.ispd.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Spark side of "explain a decision": a query over real in-JVM drives shows each split's
 * placement with both sides' predicted costs, the basis of each prediction and the reason,
 * without running the query.
 */
@Tag("heavy")
class IspdExplainTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 1 << 20);

    private static String uri;

    @BeforeAll
    static void load() throws IOException {
        uri = DRIVES.write("/explain/wc.bin", WorldCupFiles.generate(24, 20_000, 256)); // 5 chunks
    }

    private static Dataset<Row> query(String policy) {
        DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", 256)
                .option("ispd.offload.policy", policy).load(uri).createOrReplaceTempView("t");
        return DRIVES.spark().sql("SELECT region, count(*) FROM t WHERE type = 1 GROUP BY region");
    }

    @Test
    void aQueryShowsEverySplitsPlacementPredictionsBasisAndReasonWithoutRunning() {
        String table = IspdExplain.placement(query("fastest"));
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(0).startsWith("IspdScan worldcup98 entrySize 256, PushedFilters: [type = 1]"), table);
        assertTrue(lines.get(0).contains("PushedGroupBy: [region] (complete), ReadSchema: struct<region:int,COUNT(*):bigint>, "
                + "Placement: policy fastest, 5 partitions gathered into 1: 2 on device (drives 0, 1), 3 on host"),
                "splits on the host gathered with the drives' (docs/spark.md's example): " + table);
        assertEquals("policy fastest, cost basis modeled, host profile host-i5-2500, correction on, host slots 4", lines.get(1));
        assertTrue(lines.get(2).matches(" *split +drive +placement +host s +host J +host basis +device s +device J "
                + "+device basis +reason"), table);
        List<String> splits = lines.subList(3, lines.size());
        assertTrue(splits.size() >= 2, table);
        for (String split : splits) {
            assertTrue(split.matches(" *\\d+ +[01] +(HOST|DEVICE) +[0-9.]+ +[0-9.]+ +profile \\(no samples\\) +[0-9.]+ "
                    + "+[0-9.]+ +profile \\(no samples\\) +.*(finishes sooner|same makespan|no single move|run as one).*"),
                    split + " in\n" + table);
        }

        String hostOnly = IspdExplain.placement(query("host-only"));
        assertTrue(hostOnly.lines().skip(3).allMatch(l -> l.contains(" HOST ") && l.endsWith("every split on the host")),
                hostOnly);
    }

    @Test
    void aQueryWithoutAnIspdScanIsRefusedSayingSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IspdExplain.placement(DRIVES.spark().range(3).toDF()));
        assertEquals("the query reads no ispd table: nothing to place", e.getMessage());
    }
}
