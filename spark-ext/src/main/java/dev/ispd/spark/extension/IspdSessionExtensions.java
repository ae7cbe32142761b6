package dev.ispd.spark.extension;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.SparkSessionExtensionsProvider;
import scala.runtime.BoxedUnit;

/**
 * The connector's session extension, which Spark loads by itself when the connector's jar is on
 * the class path as a session starts ({@code META-INF/services/...SparkSessionExtensionsProvider});
 * else name it in {@code spark.sql.extensions}. It adds {@link LookupJoins}, {@link SmallSideKeyFilters}, {@link CountDistinctLiteral},
 * {@link DecimalSumOverflow}, {@link NonAnsiArithmeticPushdown} and {@link LikePushdown} before the scan pushdown and
 * {@link SortGatheredInPlace} and {@link JoinKeyFilters} to Spark's planner, and records the
 * sessions it serves: the scan pushes COUNT(*) only in those.
 */
public final class IspdSessionExtensions implements SparkSessionExtensionsProvider {
    private static final Set<SparkSession> SERVED = Collections.synchronizedSet(
            Collections.newSetFromMap(new WeakHashMap<>()));

    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        extensions.injectPreCBORule(session -> new LookupJoins((org.apache.spark.sql.classic.SparkSession) session));
        extensions.injectPreCBORule(session -> {
            SERVED.add(session);
            return new CountDistinctLiteral();
        });
        extensions.injectPreCBORule(session -> new DecimalSumOverflow());
        extensions.injectPreCBORule(session -> new NonAnsiArithmeticPushdown());
        extensions.injectPreCBORule(session -> new LikePushdown());
        extensions.injectPreCBORule(session -> new SmallSideKeyFilters());
        extensions.injectPlannerStrategy(session -> new SortGatheredInPlace());
        extensions.injectPlannerStrategy(JoinKeyFilters::new);
        return BoxedUnit.UNIT;
    }

    /** Whether the active session's optimizer runs {@link CountDistinctLiteral} before pushing into scans. */
    public static boolean activeSessionServed() {
        return SparkSession.getActiveSession().exists(SERVED::contains);
    }
}
