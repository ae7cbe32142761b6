package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.eq;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The fast path of the common aggregates ({@link DenseGroupScan}) against the general loop on the
 * same records: the same result bytes (groups in the same order) and the same meter, count for
 * count, over generated WorldCup98 records of several entry sizes and a layout with signed,
 * little-endian, nullable and bit-range fields, keys of one to three fields. (The real sample: {@code DenseGroupScanSampleTest}
 * in the examples module, which imports it.)
 */
class DenseGroupScanTest {
    private static final Layout SENSOR = new Layout("sensor", 12, List.of(
            new Field("temp", 0, 2, true, false, 0, 0, false, 0),
            new Field("serial", 2, 8, false, true, 0, 0, false, 0),
            new Field("level", 10, 1, false, true, 0, 0, true, 255),
            new Field("low", 10, 1, true, true, 0, 4, false, 0),
            new Field("high", 10, 1, false, true, 4, 4, false, 0),
            new Field("code", 11, 1, true, true, 0, 0, false, 0)));

    /** Generated WorldCup98 entries: few regions and types, as in the logs, other fields spread. */
    static byte[] worldCup(int entries, int entrySize, long seed) {
        Random r = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(entries * entrySize);
        for (int i = 0; i < entries; i++) {
            new WorldCupEntry(r.nextInt(1 << 30), r.nextInt(5000), r.nextInt(90_000), r.nextInt(1 << 20),
                    r.nextInt(8), r.nextInt(256), r.nextInt(12), r.nextInt(256)).writeTo(b, i * entrySize, entrySize);
        }
        return b.array();
    }

    /** Sensor records: temp -500..499 (signed LE), serial any, level NULL every 7th, code -128..127. */
    private static byte[] sensors(int n) {
        Random r = new Random(7);
        ByteBuffer b = ByteBuffer.allocate(12 * n);
        for (int i = 0; i < n; i++) {
            b.order(ByteOrder.LITTLE_ENDIAN).putShort(12 * i, (short) (r.nextInt(1000) - 500));
            b.order(ByteOrder.BIG_ENDIAN).putLong(12 * i + 2, r.nextLong());
            b.put(12 * i + 10, (byte) (i % 7 == 0 ? 255 : r.nextInt(255)));
            b.put(12 * i + 11, (byte) r.nextInt(256));
        }
        return b.array();
    }

    static Stream<Arguments> worldCupPlans() {
        Layout wc = Layout.worldCup98(256);
        return Stream.of(
                Arguments.of("Q1", Plan.aggregate(wc, null, List.of("region"), List.of(Aggregate.countStar()))),
                Arguments.of("Q2", Plan.aggregate(wc, null, List.of("region", "type"), List.of(Aggregate.countStar()))),
                Arguments.of("COUNT and SUM", Plan.aggregate(wc, null, List.of("region", "status"),
                        List.of(Aggregate.countStar(), Aggregate.count("size"), Aggregate.sum("size")))),
                Arguments.of("a comparison", Plan.aggregate(wc, compare("size", CompareOp.GT, 1 << 19),
                        List.of("type"), List.of(Aggregate.sum("objectID")))),
                Arguments.of("AND, OR, NOT, IN, BETWEEN", Plan.aggregate(wc, or(and(eq("method", 1),
                        between("status", 10, 200)), not(in("type", 1, 3, 5, 7))), List.of("region", "method"),
                        List.of(Aggregate.countStar(), Aggregate.count("timestamp")))),
                Arguments.of("nothing matches", Plan.aggregate(wc, eq("region", 7), List.of("region"),
                        List.of(Aggregate.countStar()))),
                Arguments.of("COUNT(*) twice under a WHERE", Plan.aggregate(wc, compare("status", CompareOp.GT, 250),
                        List.of("status", "method"), List.of(Aggregate.countStar(), Aggregate.countStar()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("worldCupPlans")
    void worldCupAggregatesAsTheGeneralLoop(String name, Plan plan) throws IOException {
        for (int entrySize : new int[] {20, 64, 256}) {
            Layout layout = Layout.worldCup98(entrySize);
            Plan sized = new Plan(layout, plan.where(), plan.select(), plan.groupBy(), plan.aggregates(), null,
                    Plan.NO_LIMIT);
            assertSameAsGeneral(sized, worldCup(20_000, entrySize, entrySize), 4096, 4);
        }
    }

    @Test
    void signedNullableAndBitRangeFieldsAsTheGeneralLoop() throws IOException {
        byte[] data = sensors(5000);
        for (Plan plan : List.of(
                Plan.aggregate(SENSOR, null, List.of("code"), List.of(Aggregate.sum("temp"), Aggregate.count("level"))),
                Plan.aggregate(SENSOR, compare("temp", CompareOp.LT, 0), List.of("low", "code"),
                        List.of(Aggregate.count("level"), Aggregate.sum("serial"), Aggregate.countStar())),
                Plan.aggregate(SENSOR, null, List.of("high", "low", "code"), List.of(Aggregate.count("level"))),
                Plan.aggregate(SENSOR, null, List.of("temp"), List.of(Aggregate.countStar())))) {
            assertSameAsGeneral(plan, data, 96, 1); // records straddle pages: batches of one page
        }
        // a nullable field's SUM is its expression's (NULL for a group of NULLs), which the fast path leaves alone
        assertNull(fastPath(Plan.aggregate(SENSOR, null, List.of("code"), List.of(Aggregate.sum("level")))));
    }

    @Test
    void takenOnlyForNarrowKeysWithCountsAndSums() {
        Layout wc = Layout.worldCup98(20);
        assertNotNull(fastPath(Plan.aggregate(wc, null, List.of("region", "type"), List.of(Aggregate.countStar()))));
        assertNull(fastPath(Plan.aggregate(wc, null, List.of("region"), List.of(Aggregate.max("size")))));
        assertNull(fastPath(Plan.aggregate(wc, null, List.of("objectID"), List.of(Aggregate.countStar()))));
        assertNull(fastPath(Plan.aggregate(wc, null, List.of(), List.of(Aggregate.countStar()))));
        assertNull(fastPath(Plan.rows(wc, null, List.of("region"))));
    }

    private static DenseGroupScan fastPath(Plan plan) {
        BoundPredicate where = BoundPredicate.bind(plan.where(), plan.layout());
        if (!plan.aggregating()) {
            return null;
        }
        GroupTable table = GroupTable.of(plan, PlanLimits.DRIVE);
        return DenseGroupScan.of(plan, where, table);
    }

    /** Asserts that the fast path is taken and gives the general loop's result bytes and meter. */
    static void assertSameAsGeneral(Plan plan, byte[] data, int pageSize, int pagesPerBatch) throws IOException {
        assertNotNull(fastPath(plan), "the plan takes the fast path");
        HostRunner.Result fast = run(new PlanTasklet(plan, PlanLimits.DRIVE), data, pageSize, pagesPerBatch);
        HostRunner.Result general = run(new PlanTasklet(plan, PlanLimits.DRIVE, false), data, pageSize, pagesPerBatch);
        assertArrayEquals(general.bytes(), fast.bytes(), "result bytes of " + plan);
        LoopMeters.assertSameWork(general.meter(), fast.meter(), plan.toString());
    }

    private static HostRunner.Result run(PlanTasklet tasklet, byte[] data, int pageSize, int pagesPerBatch)
            throws IOException {
        return new HostRunner(pageSize, pagesPerBatch).run(tasklet, List.of(new Extent(1, 0, data.length)),
                InMemoryPageSource.of(1, data));
    }
}
