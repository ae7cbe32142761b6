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

    /**
     * A filter whose bits are a power of two (the largest, {@link KeyBloom#MAX_WORDS}) and one whose
     * are not pass the values the probes' definition passes (bit {@code (h1 + i * h2) mod bits});
     * its batch form (a loop of its own) the rows its per-record test passes, counting the same.
     */
    @Test
    void eitherSizePassesWhatTheProbesDefinitionPassesOverABatchToo() {
        for (int n : new int[] {30_000, 1_000}) {
            long[] keys = LongStream.range(0, n).map(i -> i * 200 + 7).toArray();
            Predicate.Bloom bloom = KeyBloom.of("k", keys);
            int count = 3_000;
            ByteBuffer records = ByteBuffer.allocate(8 * count).order(ByteOrder.LITTLE_ENDIAN);
            List<Integer> expected = new java.util.ArrayList<>();
            for (int r = 0; r < count; r++) {
                long v = r % 2 == 0 ? keys[r % n] : r * 37L + 8;
                records.putLong(8 * r, v);
                if (byDefinition(bloom, v)) {
                    expected.add(r);
                }
            }
            Condition where = Condition.bind(bloom, L);
            Work perRecord = new Work();
            List<Integer> tested = new java.util.ArrayList<>();
            for (int r = 0; r < count; r++) {
                if (where.test(records, 8 * r, perRecord)) {
                    tested.add(r);
                }
            }
            assertEquals(expected, tested, "records passed by " + bloom.bits().length + " words");
            Work batched = new Work();
            List<Integer> selected = new java.util.ArrayList<>();
            RecordBatch batch = new RecordBatch();
            int[] sel = new int[ColumnBatch.MAX_ROWS];
            int[] out = new int[ColumnBatch.MAX_ROWS];
            for (int first = 0; first < count; first += ColumnBatch.MAX_ROWS) {
                int rows = Math.min(ColumnBatch.MAX_ROWS, count - first);
                batch.reset(records, 8 * first, rows, 8);
                for (int i = 0; i < rows; i++) {
                    sel[i] = i;
                }
                int k = where.select(batch, sel, rows, out, batched);
                for (int i = 0; i < k; i++) {
                    selected.add(first + out[i]);
                }
            }
            assertEquals(expected, selected, "rows selected by " + bloom.bits().length + " words");
            assertEquals(perRecord.fieldReads, batched.fieldReads, "field loads");
            assertEquals(perRecord.compares, batched.compares, "comparisons");
        }
    }

    /** Whether every probe of {@code v} finds its bit: bit {@code (h1 + i * h2) mod bits}, by unsigned 32-bit sums. */
    private static boolean byDefinition(Predicate.Bloom bloom, long v) {
        long z = v;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z ^= z >>> 31;
        long bits = bloom.bits().length * 64L;
        for (int i = 0; i < bloom.hashes(); i++) {
            long bit = (((int) z + i * (int) (z >>> 32)) & 0xFFFF_FFFFL) % bits;
            if ((bloom.bits()[(int) (bit / 64)] >>> (bit % 64) & 1) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The expected false positives the planner counts are the share of other values the filter passes. */
    @Test
    void falsePositivesAreTheShareOfOtherValuesThatPass() {
        ByteBuffer record = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        for (int n : new int[] {1_000, 30_000, 227_000}) {
            long[] keys = LongStream.range(0, n).map(i -> i * 4).toArray(); // a year of Q5's order keys at SF 1, spread
            BoundPredicate where = BoundPredicate.bind(KeyBloom.of("k", keys), L);
            long others = LongStream.range(0, 200_000).map(i -> i * 4 + 1).filter(v -> where.test(record.putLong(0, v), 0))
                    .count();
            double expected = KeyBloom.falsePositives(n);
            assertEquals(expected, others / 200_000.0, 0.005 + expected * 0.1, n + " keys");
        }
        assertTrue(KeyBloom.falsePositives(1_000) < 0.01, "10 bits a key");
        double year = KeyBloom.falsePositives(227_000);
        assertTrue(year > 0.05 && year < 0.2, "a year of SF 1's orders at 4.6 bits a key: " + year);
        assertTrue(KeyBloom.falsePositives(1_000_000) > 0.5, "one probe in about a bit a key");
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
