package dev.ispd.spark.rdd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.protocol.Params;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.tasklet.builtin.Q1Result;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A built-in tasklet or a plan as an RDD: one element per planned split, placed as the policy says, adding up to the plain answer. */
class TaskletRDDTest {
    private static final int ENTRY = 256;
    private static final TaskletSpec Q1 = new TaskletSpec("q1", Params.of("entrySize", String.valueOf(ENTRY)), "TaskletRDDTest");

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_000);

    private static String file;

    @BeforeAll
    static void load() throws IOException {
        file = DRIVES.write("/rdd/wc256.bin", WorldCupFiles.generate(5, 4_000, ENTRY));
    }

    @ParameterizedTest
    @ValueSource(strings = {"device-only", "host-only"})
    void q1PerSplitAddsUpToThePlainAnswer(String policy) {
        List<SplitResult<Q1Result>> splits = TaskletRDD.of(DRIVES.spark().sparkContext(), file, Q1, Q1Result::decode,
                Map.of(OffloadKeys.OFFLOAD_POLICY.name(), policy)).collect();

        Placement expected = policy.equals("device-only") ? Placement.DEVICE : Placement.HOST;
        assertTrue(splits.size() > 1, "several splits: " + splits.size());
        long bytes = 0;
        for (int i = 0; i < splits.size(); i++) {
            SplitResult<Q1Result> s = splits.get(i);
            assertEquals(i, s.partition());
            assertEquals(expected, s.planned());
            assertEquals(expected, s.ran());
            assertFalse(s.fallback());
            assertFalse(s.results().isEmpty());
            assertTrue(s.modeledNs() > 0, s.toString());
            bytes += s.length();
        }
        assertEquals(4_000L * ENTRY, bytes, "the splits cover the file");
        Q1Result total = Q1Result.merge(splits.stream().flatMap(s -> s.results().stream()).toList());
        long[] plain = new long[8];
        for (Row r : PlainRecords.read(DRIVES.spark(), file, ENTRY).groupBy("region").count().collectAsList()) {
            plain[r.getInt(0)] = r.getLong(1);
        }
        assertArrayEquals(plain, total.counts());
    }

    @ParameterizedTest
    @ValueSource(strings = {"device-only", "host-only"})
    void aPlanPerSplitAddsUpToThePlainAnswer(String policy) {
        TaskletSpec countByRegion = TaskletSpec.plan("count-by-region", Plan.aggregate(Layout.worldCup98(ENTRY),
                Predicate.all(), List.of("region"), List.of(Aggregate.countStar())), "TaskletRDDTest");
        List<SplitResult<PlanResult>> splits = TaskletRDD.of(DRIVES.spark().sparkContext(), file, countByRegion,
                PlanResult::decode, Map.of(OffloadKeys.OFFLOAD_POLICY.name(), policy)).collect();

        Placement expected = policy.equals("device-only") ? Placement.DEVICE : Placement.HOST;
        long[] counts = new long[8];
        for (SplitResult<PlanResult> s : splits) {
            assertEquals(expected, s.ran());
            for (PlanResult r : s.results()) {
                r.rows().forEach(row -> counts[(int) row[0]] += row[1]);
            }
        }
        long[] plain = new long[8];
        for (Row r : PlainRecords.read(DRIVES.spark(), file, ENTRY).groupBy("region").count().collectAsList()) {
            plain[r.getInt(0)] = r.getLong(1);
        }
        assertArrayEquals(plain, counts);
    }

    /** The session's spark.ispd.* settings reach the job, under its own settings, as they reach a format("ispd") read. */
    @Test
    void theSessionsSparkIspdSettingsPlaceTheSplits() {
        var spark = DRIVES.spark();
        String key = SparkSettings.SESSION_PREFIX + OffloadKeys.OFFLOAD_POLICY.name();
        try {
            for (Placement where : Placement.values()) {
                String policy = where == Placement.HOST ? "host-only" : "device-only";
                spark.conf().set(key, policy);
                assertEquals(List.of(where), placements(Map.of()), key + "=" + policy + ": planned and ran");
            }
            assertEquals(List.of(Placement.HOST), placements(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "host-only")),
                    "the job's own setting over the session's");

            spark.conf().set(key, "nowhere");
            AnalysisException e = assertThrows(AnalysisException.class, () -> placements(Map.of()));
            assertTrue(e.getMessage().contains("nowhere"), e.getMessage());
        } finally {
            spark.conf().unset(key);
        }
    }

    /** The distinct placements Q1's splits were planned with and ran with under {@code settings}. */
    private static List<Placement> placements(Map<String, String> settings) {
        return TaskletRDD.of(DRIVES.spark().sparkContext(), file, Q1, Q1Result::decode, settings).collect().stream()
                .flatMap(s -> Stream.of(s.planned(), s.ran())).distinct().toList();
    }

    @Test
    void eachPartitionPrefersItsDrivesHost() {
        var rdd = TaskletRDD.of(DRIVES.spark().sparkContext(), file, Q1, Q1Result::decode, Map.of());
        for (var p : rdd.rdd().partitions()) {
            String host = ((SplitPartition) p).split().host();
            assertEquals(List.of(host), scala.jdk.javaapi.CollectionConverters.asJava(rdd.rdd().preferredLocations(p)));
            assertTrue(host.startsWith("host"), host);
        }
    }

    @Test
    void badInputIsAnAnalysisErrorNamingIt() {
        var sc = DRIVES.spark().sparkContext();
        AnalysisException e = assertThrows(AnalysisException.class, () -> TaskletRDD.of(sc, file,
                new TaskletSpec("q9", Params.EMPTY, "TaskletRDDTest"), b -> b, Map.of()));
        assertTrue(e.getMessage().contains("TaskletRDDTest names tasklet 'q9', which is not a built-in"), e.getMessage());
        e = assertThrows(AnalysisException.class, () -> TaskletRDD.of(sc, "/tmp/x.bin", Q1, b -> b, Map.of()));
        assertTrue(e.getMessage().contains("path /tmp/x.bin is not on osd://"), e.getMessage());
        e = assertThrows(AnalysisException.class, () -> TaskletRDD.of(sc, DRIVES.uri("/rdd/missing"), Q1, b -> b, Map.of()));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }
}
