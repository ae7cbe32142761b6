package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.builtin.FilterResult;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.tasklet.builtin.Q2Result;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Q1, Q2 and the filter written as plans: the built-ins' answers, and their modeled cost within a few percent. */
class PlansMatchBuiltinsTest {
    private static final int PAGE_SIZE = 8192;
    private static final long OBJECT = 5;
    private static final HostModel HOST = new HostModel(Profiles.host("host-i5-2500"));

    private final HostRunner runner = new HostRunner(PAGE_SIZE, 4);

    /**
     * Random entries (every field random, so every region and type occurs), 400 pages of them: a
     * plan's result is a few KB larger than a built-in's, which is noise at the sizes splits have.
     */
    private static byte[] data(int entrySize) {
        byte[] b = new byte[entrySize * (400 * PAGE_SIZE / entrySize)];
        new Random(entrySize).nextBytes(b);
        return b;
    }

    private HostRunner.Result builtin(String name, Params params, byte[] data) throws IOException, BadParameterException {
        return runner.run(runner.create(name, params, Params.EMPTY), extents(data), source(data));
    }

    private HostRunner.Result plan(Plan plan, byte[] data) throws IOException {
        // the host decodes the bytes a drive would get
        return runner.run(new PlanTasklet(PlanCodec.decode(PlanCodec.encode(plan)), PlanLimits.DRIVE), extents(data),
                source(data));
    }

    @ParameterizedTest
    @ValueSource(ints = {20, 32, 64, 128, 256})
    void q1IsGroupByRegionCountStar(int entrySize) throws Exception {
        byte[] data = data(entrySize);
        HostRunner.Result q1 = builtin("q1", Params.of("entrySize", Integer.toString(entrySize)), data);
        HostRunner.Result p = plan(Plan.aggregate(Layout.worldCup98(entrySize), null, List.of("region"),
                List.of(Aggregate.countStar())), data);

        long[] counts = new long[WorldCup98.REGIONS];
        PlanResult.decode(p.bytes()).rows().forEach(row -> counts[(int) row[0]] = row[1]);
        assertEquals(java.util.Arrays.toString(Q1Result.decode(q1.bytes()).counts()), java.util.Arrays.toString(counts));
        assertSameWork(q1.meter(), p.meter());
        assertCostsAgree(q1.meter(), p.meter(), data.length);

        Meter estimate = PlanTasklet.estimate(Plan.aggregate(Layout.worldCup98(entrySize), null, List.of("region"),
                List.of(Aggregate.countStar())), data.length, PAGE_SIZE);
        assertSameWork(p.meter(), estimate);
        assertTrue(estimate.bytesOut() >= p.meter().bytesOut(), "the estimate bounds the result bytes");
    }

    @ParameterizedTest
    @ValueSource(ints = {20, 256})
    void q2IsGroupByRegionAndTypeCountStar(int entrySize) throws Exception {
        byte[] data = data(entrySize);
        HostRunner.Result q2 = builtin("q2", Params.of("entrySize", Integer.toString(entrySize), "topN", "3"), data);
        HostRunner.Result p = plan(Plan.aggregate(Layout.worldCup98(entrySize), null, List.of("region", "type"),
                List.of(Aggregate.countStar())), data);

        List<Q2Result.Entry> entries = new ArrayList<>();
        PlanResult.decode(p.bytes()).rows().forEach(r -> entries.add(new Q2Result.Entry((int) r[0], (int) r[1], r[2])));
        assertEquals(Q2Result.decode(q2.bytes()).topPerRegion(), Q2Result.topPerRegion(entries, 3));
        assertEquals(q2.meter().records(), p.meter().records());
        assertEquals(q2.meter().dramAccesses(), p.meter().dramAccesses());
        assertEquals(q2.meter().hashUpdates(), p.meter().hashUpdates());
        assertCostsAgree(q2.meter(), p.meter(), data.length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"type le 3", "size gt 4000000000", "region eq 2", "objectID ne 5"})
    void theFilterIsAWhereClause(String condition) throws Exception {
        byte[] data = data(32);
        Comparison c = Comparison.parse(condition);
        Predicate where = c.toPredicate();
        HostRunner.Result filter = builtin("filter", Params.of("entrySize", "32", "field", c.field().name(), "op",
                c.op().word(), "value", Long.toString(c.value()), "mode", "full"), data);
        HostRunner.Result rows = plan(Plan.rows(Layout.worldCup98(32), where, List.of("timestamp", "clientID")), data);
        HostRunner.Result count = plan(Plan.aggregate(Layout.worldCup98(32), where, List.of(),
                List.of(Aggregate.countStar())), data);

        // the reference: a plain loop with the shared comparison
        ByteBuffer buf = ByteBuffer.wrap(data);
        List<String> expected = new ArrayList<>();
        TreeSet<Long> pages = new TreeSet<>();
        for (int p = 0; p < data.length; p += 32) {
            if (c.matches(buf, p)) {
                expected.add(WorldCup98.timestamp(buf, p) + "/" + WorldCup98.clientId(buf, p));
                pages.add((long) p / PAGE_SIZE);
            }
        }
        List<String> got = new ArrayList<>();
        PlanResult.decode(rows.bytes()).rows().forEach(r -> got.add(r[0] + "/" + r[1]));
        assertEquals(expected, got);
        assertEquals(new ArrayList<>(pages), FilterResult.decode(filter.bytes()).pages().stream()
                .map(FilterResult.PageRef::pageIndex).toList());
        List<long[]> n = PlanResult.decode(count.bytes()).rows();
        assertEquals(expected.size(), n.isEmpty() ? 0 : n.get(0)[0]);
        assertEquals(filter.meter().records(), count.meter().records());
        assertEquals(filter.meter().dramAccesses(), count.meter().dramAccesses());
        assertEquals(filter.meter().compares(), count.meter().compares());
        assertCostsAgree(filter.meter(), count.meter(), data.length);
        Meter estimate = PlanTasklet.estimate(Plan.rows(Layout.worldCup98(32), where, List.of("timestamp", "clientID")),
                data.length, PAGE_SIZE);
        assertEquals(rows.meter().compares(), estimate.compares(), "one comparison per record");
        assertTrue(estimate.dramAccesses() >= rows.meter().dramAccesses()
                && estimate.bytesOut() >= rows.meter().bytesOut(), "the estimate bounds loads and result bytes");
    }

    private static void assertSameWork(Meter builtin, Meter plan) {
        assertEquals(builtin.records(), plan.records());
        assertEquals(builtin.dramAccesses(), plan.dramAccesses());
        assertEquals(builtin.compares(), plan.compares());
        assertEquals(builtin.hashUpdates(), plan.hashUpdates());
        assertEquals(builtin.pages(), plan.pages());
        assertEquals(builtin.bytesScanned(), plan.bytesScanned());
    }

    /** The host's modeled time and energy for the same bytes agree within 3%. */
    private static void assertCostsAgree(Meter builtin, Meter plan, long bytes) {
        HostCost a = HOST.price(Profiles.device("smartssd-2013").link(), builtin, bytes);
        HostCost b = HOST.price(Profiles.device("smartssd-2013").link(), plan, bytes);
        assertTrue(Math.abs(a.computeNs() - b.computeNs()) <= 0.03 * a.computeNs(),
                "compute " + a.computeNs() + " ns built-in vs " + b.computeNs() + " ns plan");
        assertTrue(Math.abs(a.energyNj() - b.energyNj()) <= 0.03 * a.energyNj(),
                "energy " + a.energyNj() + " nJ built-in vs " + b.energyNj() + " nJ plan");
    }

    private static List<Extent> extents(byte[] data) {
        return List.of(new Extent(OBJECT, 0, data.length));
    }

    private static InMemoryPageSource source(byte[] data) {
        return new InMemoryPageSource(Map.of(OBJECT, ByteBuffer.wrap(data)));
    }
}
