package dev.ispd.spark.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.plan.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The share of a probe side's rows a key side's keys pass, by which {@code JoinKeyFilters}
 * weighs a runtime filter: the keys an IN holds pass their share exactly, more go as a Bloom
 * filter that passes some of the others too. TPC-H Q5 at SF 1: a year of orders (216,326 of
 * 1,500,000 estimated) against the suppliers of one region (2,000 of 10,000).
 */
class PassedByKeysTest {
    @Test
    void keysAnInHoldsPassTheirShare() {
        assertEquals(0.2, JoinKeyFilters.passedByKeys(10_000, 2_000), 1e-12);
        assertEquals(Predicate.MAX_IN_VALUES / 100_000.0, JoinKeyFilters.passedByKeys(100_000, Predicate.MAX_IN_VALUES),
                1e-12);
        assertEquals(1, JoinKeyFilters.passedByKeys(0, 0), 1e-12);
    }

    @Test
    void manyKeysPassTheirShareAndTheirBloomFiltersFalsePositives() {
        double orders = JoinKeyFilters.passedByKeys(1_500_000, 216_326);
        // 14.4% of the line items, and about 11% of the others through 4.6 bits a key
        assertTrue(orders > 0.2 && orders < 0.26, "a year of orders passes " + orders + " of the line items");
        assertTrue(orders > JoinKeyFilters.passedByKeys(10_000, 2_000), "the region's suppliers pass fewer");
        double fewer = JoinKeyFilters.passedByKeys(1_500_000, 20_000);
        assertTrue(fewer > 20_000 / 1_500_000.0 && fewer < 0.03, "10 bits a key: about 1% more, " + fewer);
    }
}
