package dev.ispd.spark.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.KeyBloom;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.spark.layout.RecordLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A runtime filter ANDed into a scan's WHERE: an {@code IN} of keys goes first, where an AND
 * stops for the rows it drops; a Bloom filter after the pushed predicates; EXPLAIN's texts keep
 * Spark's order, the runtime ones last.
 */
class PushedScanTest {
    private static final RecordLayout TABLE = RecordLayout.of(LayoutDdl.parse("t", "k i64 le @0, s char(8) @8", 16,
            "test"));
    private static final Predicate PUSHED = Predicate.compare("s", CompareOp.EQ, "MAIL");

    private static PushedScan scan() {
        return new PushedScan(TABLE, TABLE.columns(), PUSHED, List.of("s = 'MAIL'"), null, Plan.NO_LIMIT, null);
    }

    @Test
    void anInOfKeysIsTestedFirst() {
        Predicate keys = Predicate.in("k", 4, 8, 15);
        PushedScan filtered = scan().filtered(keys, List.of("k IN (4, 8, 15)"));
        assertEquals(new Predicate.And(List.of(keys, PUSHED)), filtered.where());
        assertEquals(List.of("s = 'MAIL'", "k IN (4, 8, 15) (runtime)"), filtered.filters());
    }

    @Test
    void aBloomFilterIsTestedAfterThePushedPredicates() {
        Predicate.Bloom keys = KeyBloom.of("k", new long[] {4, 8, 15});
        PushedScan filtered = scan().filtered(keys, List.of(Predicate.sql(keys)));
        assertEquals(new Predicate.And(List.of(PUSHED, keys)), filtered.where());
    }
}
