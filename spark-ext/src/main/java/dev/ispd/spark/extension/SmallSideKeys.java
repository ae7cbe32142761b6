package dev.ispd.spark.extension;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.KeySet;
import dev.ispd.plan.Layout;
import dev.ispd.plan.WordRows;
import dev.ispd.spark.read.IspdScan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.util.V2ExpressionBuilder;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The small side of a join run once for its keys and its tests' answers ({@link SmallSideTests}):
 * the keys of the rows that pass its filters, and per test the keys where it is TRUE and where it
 * is NULL. Where Spark's optimizer pushes every filter of the side into one ispd scan and a plan
 * runs the key and each test, the scan runs that plan from the driver ({@link IspdScan#rowsOnDriver}:
 * no Spark job, each row only its key's and tests' words back); else the side runs as Spark runs
 * it (its scan pushed into the drives like any other) and Spark evaluates the tests. Empty where a
 * key repeats (the join would then match a row of the large side more than once, which a lookup
 * cannot), or where the sets would take more than {@code mostBytes} of a plan.
 *
 * @param inDrives what the driver's run in the drives counted; null where the side ran as a Spark query
 */
record SmallSideKeys(KeySet keys, List<KeySet> isTrue, List<KeySet> isNull, Map<SplitMetric, Long> inDrives) {
    private static final Logger LOG = LoggerFactory.getLogger(SmallSideKeys.class);

    /** The keys and answers of {@code side} by {@code key}, or empty (above). */
    static Optional<SmallSideKeys> run(SparkSession session, LogicalPlan side, Attribute key,
                                       List<Expression> tests, int mostBytes) {
        Optional<IspdScan.DriverRows> ran = inDrives(session, side, key, tests);
        Answers answers = ran.map(r -> answers(r, tests.size())).orElseGet(() -> bySpark(session, side, key, tests));
        return answers.sets(mostBytes, ran.map(IspdScan.DriverRows::counts).orElse(null), true);
    }

    /**
     * The distinct keys of {@code side}'s rows by {@code key} (a key may repeat among them: a join
     * key filter's, {@link SmallSideKeyFilters}), where the side's scan takes all its filters as
     * they are ({@link #scanOf}) and the keys take at most {@code mostBytes} of a plan: run from
     * the driver as {@link #run} runs a side in the drives; else empty.
     */
    static Optional<SmallSideKeys> keysInDrives(LogicalPlan side, Attribute key, int mostBytes) {
        return scanOf(side).flatMap(scan -> driverRows(scan, side, key, List.of()))
                .flatMap(ran -> answers(ran, 0).sets(mostBytes, ran.counts(), false));
    }

    /**
     * The side's plan of its key and tests run from the driver, if the side is one ispd scan with
     * every filter pushed and a plan runs them: the scan built from the side's filters as they are
     * ({@link #scanOf}), else as Spark's optimizer builds it for the side alone (a filter another
     * rule rewrites into one the scan takes first, such as a LIKE).
     */
    private static Optional<IspdScan.DriverRows> inDrives(SparkSession session, LogicalPlan side, Attribute key,
                                                          List<Expression> tests) {
        return scanOf(side).or(() -> optimizedScan(session, side)).flatMap(scan -> driverRows(scan, side, key, tests));
    }

    /**
     * The scan of {@code side}, one ispd table under filters and attribute projections, built as
     * Spark's pushdown builds one from the side's filters as the plan has them, if it takes every
     * one: no run of the optimizer (8-25 ms a side), and a lookup's {@code f(key) = TRUE} stays as
     * it is, where the optimizer would make it a bare {@code f(key)}, which Spark hands no source.
     */
    private static Optional<IspdScan> scanOf(LogicalPlan side) {
        List<org.apache.spark.sql.connector.expressions.filter.Predicate> filters = new ArrayList<>();
        LogicalPlan p = side;
        while (p instanceof Filter || attributesOnly(p)) {
            if (p instanceof Filter f) {
                List<Expression> terms = new ArrayList<>();
                JoinSides.conjuncts(f.condition(), terms);
                for (Expression t : terms) {
                    Optional<org.apache.spark.sql.connector.expressions.Expression> v2 = v2(t, true);
                    if (v2.isEmpty()) {
                        return Optional.empty();
                    }
                    filters.add((org.apache.spark.sql.connector.expressions.filter.Predicate) v2.get());
                }
            }
            p = p.children().head();
        }
        if (!(p instanceof DataSourceV2Relation relation) || !(relation.table() instanceof SupportsRead table)) {
            return Optional.empty();
        }
        ScanBuilder builder = table.newScanBuilder(relation.options());
        if (!(builder instanceof SupportsPushDownV2Filters pushing) || pushing.pushPredicates(filters.toArray(
                org.apache.spark.sql.connector.expressions.filter.Predicate[]::new)).length > 0) {
            return Optional.empty();
        }
        return builder.build() instanceof IspdScan scan ? Optional.of(scan) : Optional.empty();
    }

    /** The scan Spark's optimizer builds for {@code side} alone, if every filter of it is pushed into one ispd scan. */
    private static Optional<IspdScan> optimizedScan(SparkSession session, LogicalPlan side) {
        LogicalPlan p = Dataset.ofRows(session, side).queryExecution().optimizedPlan();
        while (attributesOnly(p)) {
            p = p.children().head();
        }
        return p instanceof DataSourceV2ScanRelation relation && relation.scan() instanceof IspdScan scan
                ? Optional.of(scan) : Optional.empty();
    }

    private static boolean attributesOnly(LogicalPlan p) {
        return p instanceof Project project && CollectionConverters.asJava(project.projectList()).stream()
                .allMatch(e -> e instanceof AttributeReference);
    }

    /** {@code scan}'s rows of {@code key} and {@code tests}, run from the driver; empty if a plan cannot run them. */
    private static Optional<IspdScan.DriverRows> driverRows(IspdScan scan, LogicalPlan side, Attribute key,
                                                            List<Expression> tests) {
        List<org.apache.spark.sql.connector.expressions.Expression> columns = new ArrayList<>();
        columns.add(v2(key, false).orElse(null));
        tests.forEach(t -> columns.add(v2(t, true).orElse(null)));
        if (columns.contains(null)) {
            return Optional.empty();
        }
        try {
            return Optional.of(scan.rowsOnDriver(columns));
        } catch (IllegalArgumentException e) {
            LOG.info("the small side {} is not run from the driver: {}", side.simpleString(60), e.getMessage());
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: the small side of a join: " + e.getMessage(), e);
        }
    }

    private static Optional<org.apache.spark.sql.connector.expressions.Expression> v2(Expression e, boolean predicate) {
        Option<org.apache.spark.sql.connector.expressions.Expression> built = new V2ExpressionBuilder(e, predicate).build();
        return built.isDefined() ? Optional.of(built.get()) : Optional.empty();
    }

    /** The answers in the rows of the plan run in the drives: its key, then each test as its value and NULL flag. */
    private static Answers answers(IspdScan.DriverRows ran, int tests) {
        WordRows rows = ran.rows();
        Layout layout = ran.plan().layout();
        boolean keyWord = ColumnValues.fieldColumn(ran.plan().select().get(0), layout);
        int testsAt = ColumnValues.words(ran.plan().select().get(0), layout);
        Answers answers = new Answers(rows.size(), tests);
        long[] w = rows.words();
        for (int r = 0; r < rows.size(); r++) {
            int at = rows.at(r);
            if (!keyWord && w[at + 1] == 0) {
                continue; // a NULL key joins nothing
            }
            long k = w[at];
            answers.key(k);
            for (int i = 0; i < tests; i++) {
                int t = at + testsAt + 2 * i;
                answers.answer(i, k, w[t + 1] == 0, w[t] != 0);
            }
        }
        return answers;
    }

    /** The answers of the side run as Spark runs it, Spark evaluating the tests. */
    private static Answers bySpark(SparkSession session, LogicalPlan side, Attribute key, List<Expression> tests) {
        List<NamedExpression> columns = new ArrayList<>();
        columns.add(key);
        for (int i = 0; i < tests.size(); i++) {
            columns.add(new Alias(tests.get(i), "test" + i, NamedExpression$.MODULE$.newExprId(),
                    CollectionConverters.asScala(List.<String>of()).toSeq(), Option.empty(),
                    CollectionConverters.asScala(List.<String>of()).toSeq()));
        }
        List<Row> rows = Dataset.ofRows(session, new Project(CollectionConverters.asScala(columns).toSeq(), side))
                .collectAsList();
        Answers answers = new Answers(rows.size(), tests.size());
        for (Row row : rows) {
            if (row.isNullAt(0)) {
                continue; // joins nothing
            }
            long k = ((Number) row.get(0)).longValue();
            answers.key(k);
            for (int i = 0; i < tests.size(); i++) {
                answers.answer(i, k, row.isNullAt(i + 1), !row.isNullAt(i + 1) && row.getBoolean(i + 1));
            }
        }
        return answers;
    }

    /** The keys of the side's rows, and per test the keys where it is TRUE and where it is NULL, as they are read. */
    private static final class Answers {
        private final long[] keys;
        private int n;
        private final long[][] trues;
        private final long[][] nulls;
        private final int[] trueCounts;
        private final int[] nullCounts;

        Answers(int rows, int tests) {
            keys = new long[rows];
            trues = new long[tests][rows];
            nulls = new long[tests][rows];
            trueCounts = new int[tests];
            nullCounts = new int[tests];
        }

        void key(long k) {
            keys[n++] = k;
        }

        void answer(int test, long key, boolean isNull, boolean isTrue) {
            if (isNull) {
                nulls[test][nullCounts[test]++] = key;
            } else if (isTrue) {
                trues[test][trueCounts[test]++] = key;
            }
        }

        Optional<SmallSideKeys> sets(int mostBytes, Map<SplitMetric, Long> inDrives, boolean unique) {
            KeySet all = KeySet.of(Arrays.copyOf(keys, n));
            if (unique && all.size() < n) {
                return Optional.empty(); // a key repeats
            }
            List<KeySet> isTrue = new ArrayList<>();
            List<KeySet> isNull = new ArrayList<>();
            long bytes = all.encodedBytes();
            for (int i = 0; i < trues.length; i++) {
                isTrue.add(KeySet.of(Arrays.copyOf(trues[i], trueCounts[i])));
                isNull.add(KeySet.of(Arrays.copyOf(nulls[i], nullCounts[i])));
                bytes += isTrue.get(i).encodedBytes() + isNull.get(i).encodedBytes();
            }
            return bytes > mostBytes ? Optional.empty() : Optional.of(new SmallSideKeys(all, isTrue, isNull, inDrives));
        }
    }
}
