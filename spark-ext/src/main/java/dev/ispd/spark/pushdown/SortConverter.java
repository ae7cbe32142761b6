package dev.ispd.spark.pushdown;

import dev.ispd.plan.Plan;
import dev.ispd.spark.layout.RecordLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles the sort orders of a top-N Spark pushes ({@code ORDER BY ... LIMIT n}) into a plan's
 * {@link Plan.SortKey sort keys}: each order's expression as {@link ExprConverter} compiles it
 * (a column or any expression it takes), its direction and its NULL order. The plan then checks
 * that it can order by each (not a string); a refusal is logged with its reason.
 */
public final class SortConverter {
    private static final Logger LOG = LoggerFactory.getLogger(SortConverter.class);

    private final ExprConverter expressions;

    public SortConverter(RecordLayout layout) {
        this.expressions = new ExprConverter(layout);
    }

    /** The sort keys {@code orders} stand for, or empty (logged) if one has none or there are too many. */
    public Optional<List<Plan.SortKey>> convert(SortOrder[] orders) {
        if (orders.length == 0 || orders.length > Plan.MAX_SORT_KEYS) {
            LOG.info("ispd: not pushed to the scan: top-N by {}: a plan orders by 1 to {} keys", List.of(orders),
                    Plan.MAX_SORT_KEYS);
            return Optional.empty();
        }
        List<Plan.SortKey> keys = new ArrayList<>(orders.length);
        for (SortOrder o : orders) {
            try {
                keys.add(new Plan.SortKey(expressions.convert(o.expression()),
                        o.direction() == SortDirection.DESCENDING, o.nullOrdering() == NullOrdering.NULLS_FIRST));
            } catch (NotPushable e) {
                LOG.info("ispd: not pushed to the scan: top-N by {}: {}", List.of(orders), e.getMessage());
                return Optional.empty();
            }
        }
        return Optional.of(keys);
    }
}
