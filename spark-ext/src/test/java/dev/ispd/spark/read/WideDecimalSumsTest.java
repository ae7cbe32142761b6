package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WideDecimalRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 20.4: decimal SUM and AVG of up to 38 digits with no digits to spare, pushed into the
 * scan (16-byte columns, wide products), against Spark over the same rows in Parquet, under
 * every policy and with ANSI on and off: the same rows, or the same error condition. Sums that
 * pass 38 digits (of values of one sign: 10^38 - 1 at every 100th row, its negation at every
 * other 50th, {@link WideDecimalRows}) are Spark's [ARITHMETIC_OVERFLOW] under ANSI and NULL for
 * try_sum, try_avg or with ANSI off; the session extension tells the scan which
 * ({@code DecimalSumOverflow}).
 */
@Tag("heavy")
class WideDecimalSumsTest {
    private static final int RECORDS = 6_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_016);

    @TempDir
    static Path parquet;
    private static PolicyViews views;

    static List<String> queries() {
        return List.of(
                // past 38 digits, either way
                "SELECT sum(a) FROM t WHERE a > 0",
                "SELECT sum(a), count(*) FROM t WHERE a < 0",
                "SELECT try_sum(a) FROM t WHERE a > 0",
                "SELECT k, sum(a) FROM t WHERE a < 0 GROUP BY k",
                "SELECT k, try_sum(a), try_avg(a) FROM t WHERE a > 0 GROUP BY k",
                "SELECT avg(a) FROM t WHERE a < 0",
                // sum and try_sum in one aggregation: left to Spark under ANSI
                "SELECT sum(a), try_sum(a) FROM t WHERE a > 0",
                // within 38 digits: exact, no digits to spare
                "SELECT sum(a), avg(a) FROM t WHERE id % 50 <> 0",
                "SELECT k, sum(b * c), avg(b * c), count(*) FROM t WHERE b > 0 GROUP BY k",
                "SELECT k, sum(c * d), avg(c * d), sum(b), min(a), max(b) FROM t GROUP BY k",
                "SELECT sum(a + c) FROM t WHERE id % 50 <> 0 AND k = 2");
    }

    static Stream<Arguments> cases() {
        return QueryAnswer.cases(PolicyViews.POLICIES, queries());
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.wideDecimals(DRIVES, "decimals", WideDecimalRows.rows(RECORDS, 40, true), parquet);
    }

    @ParameterizedTest(name = "ansi {0} {1}: {2}")
    @MethodSource("cases")
    void answersOrFailsAsSparkOverParquet(String ansi, String policy, String query) {
        QueryAnswer.assertSameUnderAnsi(DRIVES.spark(), ansi, query, views.view(PolicyViews.PARQUET),
                views.view(policy));
    }

    /** The sums and averages with no digits to spare are pushed, under ANSI (the extension's mark) and without it. */
    @Test
    void sumsWithNoDigitsToSpareArePushed() {
        SparkSession spark = DRIVES.spark();
        for (String ansi : List.of("true", "false")) {
            spark.conf().set("spark.sql.ansi.enabled", ansi);
            try {
                List<String> queries = new ArrayList<>(List.of("SELECT sum(a) FROM t WHERE a > 0",
                        "SELECT try_sum(a) FROM t WHERE a > 0", "SELECT k, avg(a) FROM t WHERE a < 0 GROUP BY k"));
                if (ansi.equals("true")) { // Spark hands a source arithmetic only in ANSI mode
                    queries.add("SELECT k, sum(b * c) FROM t WHERE b > 0 GROUP BY k");
                }
                for (String query : queries) {
                    String explained = spark.sql(query.replace("FROM t", "FROM " + views.view("device-only")))
                            .queryExecution().executedPlan().toString();
                    assertTrue(explained.contains("PushedAggregates: ["), "ansi " + ansi + ": " + query
                            + " pushed: " + explained);
                }
            } finally {
                spark.conf().unset("spark.sql.ansi.enabled");
            }
        }
    }
}
