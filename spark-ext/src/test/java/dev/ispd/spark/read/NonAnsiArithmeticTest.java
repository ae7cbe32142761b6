package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WideDecimalRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 20.2: arithmetic pushed into the drives answers as Spark does in either ANSI mode: with
 * {@code spark.sql.ansi.enabled=false} an integer wraps, a decimal past 38 digits is NULL and a
 * zero divisor gives NULL; with it on, each is Spark's error condition. Against Spark over the same rows
 * in Parquet, under every policy ({@link WideDecimalRows}: {@code a} reaches {@code ±(10^38-1)}
 * at every 50th row, {@code k} is 0 to 4). With ANSI off the arithmetic is pushed (the session
 * extension's {@code NonAnsiArithmeticPushdown}), not left to Spark.
 */
@Tag("heavy")
class NonAnsiArithmeticTest {
    private static final int RECORDS = 3_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_016);

    @TempDir
    static Path parquet;
    private static PolicyViews views;

    /** Each query, and what its pushed scan shows with ANSI off. */
    static List<Arguments> queries() {
        return List.of(
                // decimal(38,0) + decimal(38,0) past 38 digits: NULL, so not > 0
                Arguments.of("SELECT id, a FROM t WHERE a + a > 0", "PushedFilters: [(non_ansi+(a, a)) > 0]"),
                // (d is nullable: of a product of columns that are not, Spark drops IS NULL under ANSI)
                Arguments.of("SELECT k, count(*) FROM t WHERE a * d IS NULL GROUP BY k",
                        "PushedFilters: [non_ansi*(a, d) IS NULL], PushedAggregates: [COUNT(*)]"),
                // int wraps; unary minus of the smallest int is itself
                Arguments.of("SELECT id FROM t WHERE id * 2000000000 < 0",
                        "PushedFilters: [(non_ansi*(id, 2000000000)) < 0]"),
                Arguments.of("SELECT id, k FROM t WHERE -(id - 2147483647 - 1) < 10",
                        "PushedFilters: [non_ansi-(non_ansi-(non_ansi-(id, 2147483647), 1)) < 10]"),
                // zero divisors: decimal, int remainder, double quotient
                Arguments.of("SELECT k, sum(c / (k - 2)), count(c / (k - 2)) FROM t GROUP BY k",
                        "PushedAggregates: [SUM((c / CAST((k - 2) AS decimal(10,0)))), "),
                Arguments.of("SELECT k, min(id % (k - 1)), count(id % (k - 1)) FROM t GROUP BY k",
                        "PushedAggregates: [MIN((id % (k - 1))), COUNT((id % (k - 1)))]"),
                Arguments.of("SELECT k, count(*) FROM t WHERE id / (k - 2) IS NULL GROUP BY k",
                        "PushedFilters: [non_ansi/(CAST(id AS double), CAST(non_ansi-(k, 2) AS double)) IS NULL]"),
                // a top-N by an expression: in the ORDER BY, or by its alias in the select list
                Arguments.of("SELECT id, d FROM t ORDER BY d + d DESC, id LIMIT 10",
                        "PushedTopN: ORDER BY [non_ansi+(d, d) DESC NULLS LAST, id ASC NULLS FIRST] LIMIT 10"),
                Arguments.of("SELECT id, d + d AS s FROM t ORDER BY s, id LIMIT 6",
                        "PushedTopN: ORDER BY [non_ansi+(d, d) ASC NULLS FIRST, id ASC NULLS FIRST] LIMIT 6"),
                Arguments.of("SELECT id, k, id * 2000000000 AS p FROM t WHERE k > 0 ORDER BY p, id LIMIT 7",
                        "PushedTopN: ORDER BY [non_ansi*(id, 2000000000) ASC NULLS FIRST, id ASC NULLS FIRST] LIMIT 7"),
                // within range: the same values in both modes
                Arguments.of("SELECT k, sum(b * c), avg(c * d), max(-b), min(c - 1) FROM t WHERE b > 0 GROUP BY k",
                        "PushedAggregates: [SUM((b * c)), AVG((c * d)), MAX((- b)), MIN((c - 1BD))]"));
    }

    static Stream<Arguments> cases() {
        return QueryAnswer.cases(PolicyViews.POLICIES, queries().stream().map(a -> (String) a.get()[0]).toList());
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        views = PolicyViews.wideDecimals(DRIVES, "nonansi", WideDecimalRows.rows(RECORDS, 41, true), parquet);
    }

    @ParameterizedTest(name = "ansi {0} {1}: {2}")
    @MethodSource("cases")
    void answersOrFailsAsSparkOverParquet(String ansi, String policy, String query) {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.ansi.enabled", ansi);
        String parquetError;
        try {
            parquetError = QueryAnswer.of(spark, query.replace("FROM t", "FROM " + views.view(PolicyViews.PARQUET)))
                    .error();
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
        if (parquetError == null) {
            QueryAnswer.assertSameUnderAnsi(spark, ansi, query, views.view(PolicyViews.PARQUET), views.view(policy));
            return;
        }
        // Spark's own error, as over Parquet (AnsiErrorsTest)
        spark.conf().set("spark.sql.ansi.enabled", ansi);
        try {
            Exception e = assertThrows(Exception.class,
                    () -> spark.sql(query.replace("FROM t", "FROM " + views.view(policy))).collectAsList());
            assertTrue(causes(e).anyMatch(c -> c instanceof SparkThrowable t && parquetError.equals(t.getCondition())),
                    () -> parquetError + " vs " + e);
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
    }

    private static Stream<Throwable> causes(Throwable e) {
        return Stream.iterate(e, c -> c != null, Throwable::getCause);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void nonAnsiArithmeticIsPushed(String query, String pushed) {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.ansi.enabled", "false");
        try {
            String explained = spark.sql(query.replace("FROM t", "FROM " + views.view("device-only")))
                    .queryExecution().executedPlan().toString();
            assertTrue(explained.contains(pushed), query + " pushed: " + explained);
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
    }
}
