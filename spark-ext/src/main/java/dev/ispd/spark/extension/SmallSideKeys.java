package dev.ispd.spark.extension;

import dev.ispd.plan.KeySet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.classic.Dataset;
import org.apache.spark.sql.classic.SparkSession;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The small side of a join run once, as Spark runs it (its scan pushed into the drives like any
 * other), for its keys and its tests' answers ({@link SmallSideTests}): the keys of the rows that
 * pass its filters, and per test the keys where it is TRUE and where it is NULL. Empty where a
 * key repeats (the join would then match a row of the large side more than once, which a lookup
 * cannot), or where the sets would take more than {@code mostBytes} of a plan.
 */
record SmallSideKeys(KeySet keys, List<KeySet> isTrue, List<KeySet> isNull) {
    /** The keys and answers of {@code side} by {@code key}, or empty (above). */
    static Optional<SmallSideKeys> run(SparkSession session, LogicalPlan side, Attribute key,
                                       List<Expression> tests, int mostBytes) {
        List<NamedExpression> columns = new ArrayList<>();
        columns.add(key);
        for (int i = 0; i < tests.size(); i++) {
            columns.add(new Alias(tests.get(i), "test" + i, NamedExpression$.MODULE$.newExprId(),
                    CollectionConverters.asScala(List.<String>of()).toSeq(), Option.empty(),
                    CollectionConverters.asScala(List.<String>of()).toSeq()));
        }
        List<Row> rows = Dataset.ofRows(session, new Project(CollectionConverters.asScala(columns).toSeq(), side))
                .collectAsList();
        long[] keys = new long[rows.size()];
        int n = 0;
        List<long[]> trues = new ArrayList<>();
        List<long[]> nulls = new ArrayList<>();
        int[] trueCounts = new int[tests.size()];
        int[] nullCounts = new int[tests.size()];
        for (int i = 0; i < tests.size(); i++) {
            trues.add(new long[rows.size()]);
            nulls.add(new long[rows.size()]);
        }
        for (Row row : rows) {
            if (row.isNullAt(0)) {
                continue; // joins nothing
            }
            long k = ((Number) row.get(0)).longValue();
            keys[n++] = k;
            for (int i = 0; i < tests.size(); i++) {
                if (row.isNullAt(i + 1)) {
                    nulls.get(i)[nullCounts[i]++] = k;
                } else if (row.getBoolean(i + 1)) {
                    trues.get(i)[trueCounts[i]++] = k;
                }
            }
        }
        KeySet all = KeySet.of(Arrays.copyOf(keys, n));
        if (all.size() < n) {
            return Optional.empty(); // a key repeats
        }
        List<KeySet> isTrue = new ArrayList<>();
        List<KeySet> isNull = new ArrayList<>();
        long bytes = all.encodedBytes();
        for (int i = 0; i < tests.size(); i++) {
            isTrue.add(KeySet.of(Arrays.copyOf(trues.get(i), trueCounts[i])));
            isNull.add(KeySet.of(Arrays.copyOf(nulls.get(i), nullCounts[i])));
            bytes += isTrue.get(i).encodedBytes() + isNull.get(i).encodedBytes();
        }
        return bytes > mostBytes ? Optional.empty() : Optional.of(new SmallSideKeys(all, isTrue, isNull));
    }
}
