package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A Bloom filter of a join's keys in a plan's WHERE: every key passes, few others do, and it is checked, encoded and priced. */
class KeyBloomTest {
    private static final Layout L = new Layout("keys", 8, List.of(new Field("k", 0, 8, true, false, 0, 0, false, 0)));

    @Test
    void everyKeyPassesAndAboutOnePercentOfOthers() {
        long[] keys = LongStream.range(0, 30_000).map(i -> i * 200 + 7).toArray(); // Q12's SF 1 orders, spread
        Predicate.Bloom bloom = KeyBloom.of("k", keys);
        assertEquals(4688, bloom.bits().length, "30,000 keys at 10 bits a key");
        long others = othersPassing(bloom, keys, LongStream.range(0, 100_000).map(i -> i * 200 + 8));
        assertTrue(others < 3_000, others + " of 100,000 other values passed");
        BoundPredicate not = BoundPredicate.bind(Predicate.not(bloom), L);
        assertTrue(!not.test(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, keys[0]), 0));
    }

    @Test
    void aScaleFactorThreeKeySetKeepsTheOthersOutAndFitsAPlan() {
        long[] keys = LongStream.range(0, 440_000).map(i -> i * 32 + 5).toArray(); // SF 3 Q3's qualifying orders
        Predicate.Bloom bloom = KeyBloom.of("k", keys);
        assertEquals(KeyBloom.MAX_WORDS, bloom.bits().length);
        long others = othersPassing(bloom, keys, LongStream.range(0, 100_000).map(i -> i * 32 + 6));
        // 2.4 bits a key: about a third of the others pass; in a quarter of the bits (the former limit) 96% did
        assertTrue(others < 40_000, others + " of 100,000 other values passed");
        Plan plan = Plan.rows(L, bloom, List.of("k"));
        assertEquals(plan.where(), PlanCodec.decode(PlanCodec.encode(plan)).where());
    }

    /** How many of {@code others} pass {@code bloom}, each of its {@code keys} asserted to pass. */
    private static long othersPassing(Predicate.Bloom bloom, long[] keys, LongStream others) {
        BoundPredicate where = BoundPredicate.bind(bloom, L);
        ByteBuffer record = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        for (long k : keys) {
            assertTrue(where.test(record.putLong(0, k), 0), "key " + k);
        }
        return others.filter(v -> where.test(record.putLong(0, v), 0)).count();
    }

    @Test
    void aFilterPastTheLimitsIsRefusedNamingTheField() {
        PlanException e = assertThrows(PlanException.class, () -> new Predicate.Bloom("k", new long[KeyBloom.MAX_WORDS + 1], 7));
        assertTrue(e.getMessage().contains("field k") && e.getMessage().contains("16384 words"), e.getMessage());
        assertThrows(PlanException.class, () -> new Predicate.Bloom("k", new long[1], 0));
    }

    @Test
    void itRoundTripsTheEncodingAndCostsAComparePerProbe() {
        Plan plan = Plan.rows(L, KeyBloom.of("k", new long[] {1, 2, 3}), List.of("k"));
        assertEquals(plan.where(), PlanCodec.decode(PlanCodec.encode(plan)).where());
        Predicate.Bloom bloom = (Predicate.Bloom) plan.where();
        assertEquals(new ExprCost(1, bloom.hashes(), 0, 0), PredicateCost.of(bloom, L));
        assertEquals("k IN BLOOM(64 bits, 8 probes)", Predicate.sql(bloom));
    }
}
