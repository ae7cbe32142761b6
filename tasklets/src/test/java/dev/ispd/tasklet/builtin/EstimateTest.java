package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Each built-in's work estimate against the meter of a real host run over generated WorldCup98
 * data: one page-aligned extent, the drive's 8 KB pages and 128-page batches.
 */
class EstimateTest {
    private static final int PAGE = 8192;
    private static final long OBJECT = 3;
    private static final TaskletRegistry REGISTRY = TaskletRegistry.builtins();

    private static byte[] log(int entries, int entrySize) {
        Random rnd = new Random(entries * 31L + entrySize);
        ByteBuffer buf = ByteBuffer.allocate(entries * entrySize);
        for (int i = 0; i < entries; i++) {
            LogFixture.randomEntry(rnd).writeTo(buf, i * entrySize, entrySize);
            // only named file types, as in the real log (the fixture also makes rare ones)
            int type = i * entrySize + WorldCup98.TYPE_OFFSET;
            buf.put(type, (byte) ((buf.get(type) & 0xFF) % (WorldCup98.LAST_NAMED_TYPE + 1)));
        }
        return buf.array();
    }

    private static Meter actual(String tasklet, Params params, byte[] data, long length) throws Exception {
        List<Extent> extent = List.of(new Extent(OBJECT, 0, length));
        return new HostRunner(PAGE, 128).run(tasklet, params, Params.EMPTY, extent, InMemoryPageSource.of(OBJECT, data))
                .meter();
    }

    private static Meter estimate(String tasklet, Params params, long bytes) {
        TaskletFactory f = REGISTRY.find(tasklet).orElseThrow();
        return f.estimate(params, bytes, PAGE);
    }

    private static void assertScanCountsEqual(Meter expected, Meter actual) {
        assertEquals(expected.records(), actual.records(), "records");
        assertEquals(expected.dramAccesses(), actual.dramAccesses(), "DRAM accesses");
        assertEquals(expected.hashUpdates(), actual.hashUpdates(), "hash updates");
        assertEquals(expected.pages(), actual.pages(), "pages");
        assertEquals(expected.bytesScanned(), actual.bytesScanned(), "bytes scanned");
    }

    @ParameterizedTest
    @ValueSource(ints = {20, 32, 64, 128, 256})
    void q1IsExact(int entrySize) throws Exception {
        byte[] data = log(40_000, entrySize);
        Params p = Params.of("entrySize", Integer.toString(entrySize));
        Meter est = estimate("q1", p, data.length);
        Meter act = actual("q1", p, data, data.length);
        assertScanCountsEqual(est, act);
        assertEquals(0, est.compares());
        // 40,000 entries cover all eight regions, so the result-size bound is met exactly
        assertEquals(act.bytesOut(), est.bytesOut(), "result bytes");
        assertEquals(act, est);
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 256})
    void q2CountsPerEntryAreExactAndTheTableEstimateIsOfTheRightOrder(int entrySize) throws Exception {
        byte[] data = log(40_000, entrySize);
        Params p = Params.of("entrySize", Integer.toString(entrySize), "topN", "3");
        Meter est = estimate("q2", p, data.length);
        Meter act = actual("q2", p, data, data.length);
        assertScanCountsEqual(est, act);
        // the table's size and the sort depend on the data: within 4x on a log of named types
        double out = act.bytesOut() / (double) est.bytesOut();
        double compares = act.compares() / (double) est.compares();
        assertTrue(out > 0.25 && out < 4, "result bytes actual/estimate " + out);
        assertTrue(compares > 0.25 && compares < 4, "sort compares actual/estimate " + compares);
    }

    @Test
    void filterIsExactInFullModeAndAnUpperBoundWithFirstMatch() throws Exception {
        byte[] data = log(20_000, 64);
        Params full = Params.of("entrySize", "64", "field", "region", "op", "eq", "value", "2", "mode", "full");
        Meter est = estimate("filter", full, data.length);
        Meter act = actual("filter", full, data, data.length);
        assertScanCountsEqual(est, act);
        assertEquals(act.compares(), est.compares());
        assertTrue(act.bytesOut() <= est.bytesOut());

        Params first = Params.of("entrySize", "64", "field", "region", "op", "eq", "value", "2");
        Meter firstAct = actual("filter", first, data, data.length);
        Meter firstEst = estimate("filter", first, data.length);
        assertTrue(firstAct.records() < firstEst.records(), "first-match skips records");
        assertEquals(firstEst.records(), est.records());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 128, 1024, 2048})
    void microbenchIsExactIncludingAPartialLastPage(int accesses) throws Exception {
        byte[] data = new byte[PAGE * 300 + 5000];
        new Random(accesses).nextBytes(data);
        Params p = Params.of("accessesPerPage", Integer.toString(accesses));
        assertEquals(actual("microbench", p, data, data.length), estimate("microbench", p, data.length));
    }

    @Test
    void noopIsTheScanAlone() throws Exception {
        byte[] data = new byte[PAGE * 3 + 17];
        assertEquals(actual("noop", Params.EMPTY, data, data.length), estimate("noop", Params.EMPTY, data.length));
    }

    @Test
    void badParametersNameTheTaskletAndKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> estimate("q1", Params.of("entrySize", "33"), 1000));
        assertTrue(e.getMessage().contains("q1") && e.getMessage().contains("entrySize"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> estimate("microbench", Params.of("accessesPerPage", "4096"), 1000));
        assertTrue(e.getMessage().contains("accessesPerPage"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> estimate("noop", Params.EMPTY, -1));
    }
}
