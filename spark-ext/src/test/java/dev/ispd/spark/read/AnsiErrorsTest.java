package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.PlanArithmeticException;
import dev.ispd.spark.PolicyViews;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WideDecimalRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkArithmeticException;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 20.2: an ANSI arithmetic error of a pushed expression reaches the user as Spark's own
 * {@link SparkArithmeticException}, as over Parquet: the same exception classes down to it, the
 * same error condition and SQLSTATE, the same message parameters (by name; a value that names a
 * row may differ, as partitions fail in their own order), with the plan's error (which names the
 * expression) as its cause. Under every policy; each query's expression is pushed (EXPLAIN).
 */
@Tag("heavy")
class AnsiErrorsTest {
    private static final int RECORDS = 2_000;

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_016);

    @TempDir
    static Path parquet;
    private static PolicyViews views;

    /** A query failing with each condition, and what its scan shows pushed. */
    static List<Arguments> queries() {
        return List.of(
                Arguments.of("ARITHMETIC_OVERFLOW", "SELECT id FROM t WHERE id * 2000000000 < 0",
                        "PushedFilters: [(id * 2000000000) < 0]"),
                Arguments.of("DIVIDE_BY_ZERO", "SELECT id FROM t WHERE c / (k - 2) > 0",
                        "PushedFilters: [(c / CAST(k - 2 AS decimal(10,0))) > 0E-13]"),
                Arguments.of("REMAINDER_BY_ZERO", "SELECT k, min(id % (k - 1)) FROM t GROUP BY k",
                        "PushedAggregates: [MIN((id % (k - 1)))]"),
                Arguments.of("NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", "SELECT id FROM t WHERE a + a > 0",
                        "PushedFilters: [(a + a) > 0]"),
                Arguments.of("CAST_OVERFLOW", "SELECT id FROM t WHERE CAST(a AS INT) > 0",
                        "PushedFilters: [CAST(a AS integer) > 0]"));
    }

    static Stream<Arguments> cases() {
        return queries().stream().flatMap(q -> PolicyViews.POLICIES.stream()
                .map(p -> Arguments.of(q.get()[0], q.get()[1], p)));
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        spark.conf().set("spark.sql.ansi.enabled", "true");
        views = PolicyViews.wideDecimals(DRIVES, "ansierrors", WideDecimalRows.rows(RECORDS, 43, true), parquet);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("cases")
    void raisesSparksOwnErrorAsOverParquet(String condition, String query, String policy) {
        SparkSession spark = DRIVES.spark();
        Exception overParquet = assertThrows(Exception.class, () -> views.sql(query, PolicyViews.PARQUET).collectAsList());
        Exception ours = assertThrows(Exception.class, () -> views.sql(query, policy).collectAsList());
        SparkArithmeticException want = arithmetic(overParquet);
        SparkArithmeticException got = arithmetic(ours);
        assertEquals(overParquet.getClass(), ours.getClass(), () -> "the exception raised: " + ours);
        assertEquals(condition, want.getCondition(), "Spark's own condition over Parquet");
        assertEquals(want.getCondition(), got.getCondition());
        assertEquals(want.getSqlState(), got.getSqlState());
        assertEquals(want.getMessageParameters().keySet(), got.getMessageParameters().keySet(), () -> got.getMessage());
        assertEquals(want.getMessageParameters().get("config"), got.getMessageParameters().get("config"));
        assertInstanceOf(PlanArithmeticException.class, got.getCause(), "the plan's error, naming the expression");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void theExpressionIsPushed(String condition, String query, String pushed) {
        String explained = views.sql(query, "device-only").queryExecution().executedPlan().toString();
        assertTrue(explained.contains(pushed), query + " pushed: " + explained);
    }

    /** The first SparkArithmeticException among {@code e}'s causes. */
    private static SparkArithmeticException arithmetic(Throwable e) {
        return Stream.iterate(e, c -> c != null, Throwable::getCause).filter(SparkArithmeticException.class::isInstance)
                .map(SparkArithmeticException.class::cast).findFirst()
                .orElseThrow(() -> new AssertionError("no SparkArithmeticException in " + e, e));
    }
}
