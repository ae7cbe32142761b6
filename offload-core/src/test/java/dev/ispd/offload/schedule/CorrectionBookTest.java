package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The correction book: bounded EW ratios, keys per (placement, tasklet, drive), its JSON form, and planning with it. */
class CorrectionBookTest {
    private static final Map<String, String> SMART = Profiles.device("smartssd-2013").capabilities();
    private static final long SPLIT = 256L << 20;
    private static final String DRIVE = "tcp:node1:7070";

    private static CorrectionBook read(String json) throws IOException {
        return CorrectionBook.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "test.json");
    }

    private static OffloadScheduler scheduler(CorrectionBook book, String tasklet) {
        Map<String, String> conf = new HashMap<>();
        conf.put(OffloadKeys.OFFLOAD_POLICY.name(), "fastest");
        conf.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), "modeled");
        return OffloadScheduler.create(OffloadSettings.of(conf).scheduler(), List.of(SMART), new long[1], book, tasklet, List.of(DRIVE));
    }

    private static List<SplitWork> q1Split() {
        Meter m = TaskletRegistry.builtins().find("q1").orElseThrow().estimate(Params.of("entrySize", "256"), SPLIT, 8192);
        return List.of(new SplitWork(0, 0, SPLIT, m));
    }

    @Test
    void anOutlierIsClampedAndMovesTheRatioOnlyPartWay() {
        CorrectionBook book = new CorrectionBook();
        book.observe("k", new Cost(100, 100), new Cost(1_000_000, 100));
        CorrectionBook.Entry e = book.entries().get("k");
        assertEquals(1 + Correction.WEIGHT * (Correction.MAX_RATIO - 1), e.time(), 1e-12, "10,000x counts as 10x");
        assertEquals(1.0, e.energy(), 1e-12);
        assertEquals(1, e.samples());

        book.observe("k", new Cost(100, 100), new Cost(0, 0));
        assertTrue(book.entries().get("k").time() > Correction.MIN_RATIO);
    }

    @Test
    void roundTripsThroughJson() throws IOException {
        CorrectionBook book = new CorrectionBook();
        book.observe(CorrectionBook.deviceKey("q1", DRIVE), new Cost(100, 100), new Cost(150, 90));
        book.observe(CorrectionBook.hostKey("q2"), new Cost(100, 100), new Cost(80, 120));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        book.write(out);
        CorrectionBook back = CorrectionBook.read(new ByteArrayInputStream(out.toByteArray()), "mem");
        assertEquals(book.entries(), back.entries());
        assertEquals(List.of("device q1 tcp:node1:7070", "host q2"), List.copyOf(back.entries().keySet()));
    }

    @Test
    void badFilesNameTheSourceAndTheField() {
        IOException e = assertThrows(IOException.class, () -> read("{\"corrections\": {}}"));
        assertEquals("test.json: expected an object with \"version\": 3", e.getMessage());
        e = assertThrows(IOException.class, () -> read("{\"version\": 1, \"corrections\": {}}"));
        assertEquals("test.json: written by an older version of ispd (correction file version 1, this one reads 2 and 3)",
                e.getMessage());
        e = assertThrows(IOException.class, () -> read("{\"version\": 4, \"corrections\": {}}"));
        assertEquals("test.json: written by a newer version of ispd (correction file version 4, this one reads 2 and 3)",
                e.getMessage());
        e = assertThrows(IOException.class, () -> read("{\"version\": 3, \"corrections\": {\"host q1\": {\"time\": 0, \"energy\": 1}}}"));
        assertEquals("test.json: correction 'host q1': \"time\" must be a positive number, got 0", e.getMessage());
        e = assertThrows(IOException.class, () -> read("{\"version\": 3, \"corrections\": {\"host q1\": {\"time\": 1}}}"));
        assertEquals("test.json: correction 'host q1': \"energy\" must be a positive number, got null", e.getMessage());
        e = assertThrows(IOException.class, () -> read("not json"));
        assertTrue(e.getMessage().startsWith("test.json: not a JSON correction file"), e.getMessage());
    }

    @Test
    void planningUsesTheRatiosOfItsTaskletAndDriveOnly() throws IOException {
        List<SplitWork> split = q1Split();
        Decision neutral = scheduler(new CorrectionBook(), "q1").plan(split).get(0);
        assertEquals(Placement.DEVICE, neutral.placement());

        String slow = "{\"version\": 3, \"corrections\": {\"device q1 " + DRIVE + "\": {\"time\": 6, \"energy\": 2}}}";
        Decision other = scheduler(read(slow), "q2").plan(split).get(0);
        assertEquals(neutral.device(), other.device(), "another tasklet's ratio does not apply");
        Decision elsewhere = OffloadScheduler.create(OffloadSettings.of(Map.of()).scheduler(), List.of(SMART), new long[1],
                read(slow), "q1", List.of("tcp:node2:7070")).plan(split).get(0);
        assertEquals(neutral.device(), elsewhere.device(), "another drive's ratio does not apply");

        Decision corrected = scheduler(read(slow), "q1").plan(split).get(0);
        Cost exec = neutral.baseline().deviceExecution();
        assertEquals(neutral.device().timeNs() + 5 * exec.timeNs(), corrected.device().timeNs());
        assertEquals(neutral.device().energyNj() + exec.energyNj(), corrected.device().energyNj());
        assertEquals(Placement.HOST, corrected.placement(), "a drive 6x slower than modeled loses the split to the host");
    }

    @Test
    void measuredKeysTakeTheirFirstSampleWholeThenReplaceItWithTheSecondWithinWideBounds() throws IOException {
        CorrectionBook book = new CorrectionBook();
        String device = CorrectionBook.measuredDeviceKey("q1", DRIVE);
        assertEquals("measured device q1 " + DRIVE, device);
        book.observeMeasured(device, 100, 2500);
        assertEquals(new CorrectionBook.Entry(25, 1, 1), book.entries().get(device), "25x, not bounded by 10");
        book.observeMeasured(device, 100, 500);
        assertEquals(new CorrectionBook.Entry(5, 1, 2), book.entries().get(device),
                "the second sample replaces the first, which was cold (a JIT warming up, a first connection)");
        book.observeMeasured(device, 100, 700);
        assertEquals(5 + Correction.WEIGHT * (7 - 5), book.entries().get(device).time(), 1e-12, "then a running mean");
        String host = CorrectionBook.measuredHostKey("q1", "node1");
        assertEquals("measured host q1 node1", host);
        assertTrue(book.observeMeasured(host, 100, 300));
        assertFalse(book.observeMeasured(host, 1, 1_000_000_000L), "a billion times off is garbage: refused");
        assertFalse(book.observeMeasured(host, 100, -5), "a clock that went back is garbage: refused");
        assertTrue(book.observeMeasured(host, 100, 0), "no wall clock is no sample, not garbage");
        assertEquals(new CorrectionBook.Entry(3, 1, 1), book.entries().get(host), "only the sane sample counted");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        book.write(out);
        CorrectionBook back = CorrectionBook.read(new ByteArrayInputStream(out.toByteArray()), "mem");
        assertEquals(book.entries(), back.entries(), "a measured ratio over 10 survives a save");
        assertThrows(IllegalArgumentException.class, () -> book.observeMeasured("device q1 " + DRIVE, 1, 2));
    }

    /**
     * A shape with no wall clock of its own on a host or drive borrows that place's other shapes'
     * (their ratios' geometric mean by samples) if that makes it slower than its profile, never
     * faster, and never another place's; its own first sample replaces them.
     */
    @Test
    void aShapeNotYetMeasuredBorrowsWhatItsHostOrDriveMeasuredForOtherShapes() {
        CorrectionBook book = new CorrectionBook();
        assertEquals(0, book.measuredHost("agg", "node1").samples(), "nothing measured: the profile");
        assertEquals(1.0, book.measuredHost("agg", "node1").correction().time());
        book.observeMeasured(CorrectionBook.measuredHostKey("rows", "node1"), 100, 800);
        book.observeMeasured(CorrectionBook.measuredHostKey("rows", "node1"), 100, 800);
        book.observeMeasured(CorrectionBook.measuredHostKey("filter", "node1"), 100, 200);
        book.observeMeasured(CorrectionBook.measuredHostKey("rows", "node10"), 100, 1);
        book.observeMeasured(CorrectionBook.measuredDeviceKey("rows", DRIVE), 100, 50);
        CorrectionBook.MeasuredCorrection borrowed = book.measuredHost("agg", "node1");
        assertTrue(borrowed.otherShapes());
        assertEquals(3, borrowed.samples(), "node1's host samples only");
        assertEquals(Math.cbrt(8 * 8 * 2), borrowed.correction().time(), 1e-9);
        assertEquals(0, book.measuredDevice("agg", DRIVE).samples(), "a drive measured faster than its profile lends nothing");
        assertEquals(1.0, book.measuredDevice("agg", DRIVE).correction().time());
        book.observeMeasured(CorrectionBook.measuredDeviceKey("filter", DRIVE), 100, 800);
        assertEquals(Math.sqrt(0.5 * 8), book.measuredDevice("agg", DRIVE).correction().time(), 1e-12,
                "its shapes' mean above 1: lent");
        assertEquals(0, book.measuredDevice("agg", DRIVE + "1").samples(), "another drive's address");

        book.observeMeasured(CorrectionBook.measuredHostKey("agg", "node1"), 100, 150);
        assertEquals(new CorrectionBook.MeasuredCorrection(book.get(CorrectionBook.measuredHostKey("agg", "node1")), 1,
                false), book.measuredHost("agg", "node1"));
        assertEquals(1.5, book.measuredHost("agg", "node1").correction().time(), 1e-12);
    }

    @Test
    void theMeasuredBasisPlansWithTheMeasuredKeysOnly() throws IOException {
        List<SplitWork> split = q1Split();
        Map<String, String> conf = Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "fastest",
                OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured");
        String modeledSlow = "{\"version\": 3, \"corrections\": {\"device q1 " + DRIVE + "\": {\"time\": 6, \"energy\": 1}}}";
        Decision neutral = OffloadScheduler.create(OffloadSettings.of(conf).scheduler(), List.of(SMART), new long[1],
                read(modeledSlow), "q1", List.of(DRIVE)).plan(split).get(0);
        assertEquals(Placement.DEVICE, neutral.placement(), "modeled ratios do not correct measured times");

        String measuredSlow = "{\"version\": 3, \"corrections\": {\"measured device q1 " + DRIVE
                + "\": {\"time\": 30, \"energy\": 1, \"samples\": 1}}}";
        Decision slow = OffloadScheduler.create(OffloadSettings.of(conf).scheduler(), List.of(SMART), new long[1],
                read(measuredSlow), "q1", List.of(DRIVE)).plan(split).get(0);
        assertEquals(neutral.device().timeNs() + 29 * neutral.baseline().device().timeNs(), slow.device().timeNs(),
                "the measured ratio scales the device split whole: commands and result read too");
        assertEquals(Placement.HOST, slow.placement(), "a drive measured 30x slower than modeled loses the split");
    }

    @Test
    void observeFeedsTheBookUnderTheDecisionsKey() {
        CorrectionBook book = new CorrectionBook();
        OffloadScheduler s = scheduler(book, "q1");
        Decision d = s.plan(q1Split()).get(0);
        s.observe(d, new Cost(d.baseline().deviceExecution().timeNs() * 2, d.baseline().deviceExecution().energyNj()));
        assertEquals(Map.of("device q1 " + DRIVE, new CorrectionBook.Entry(1.3, 1.0, 1)), book.entries());
        assertEquals("host q1", s.key(Placement.HOST, 0));
    }

    /**
     * Drives on the host's cores pool their wall clocks of a shape: the geometric mean of their time
     * ratios (within {@value CorrectionBook#KIN} times of each other), weighted by samples; a pool of one drive, or one whose drives have no samples of the
     * shape, is the drive's own (borrowing what it measured for other shapes).
     */
    @Test
    void drivesOnTheHostsCoresPoolTheirMeasuredTimeRatios() {
        CorrectionBook book = new CorrectionBook();
        String a = "unix:/tmp/drive0.sock";
        String b = "tcp:127.0.0.1:7001";
        book.observeMeasured(CorrectionBook.measuredDeviceKey("q1", a), 1_000_000_000L, 300_000_000L);
        for (int i = 0; i < 2; i++) {
            book.observeMeasured(CorrectionBook.measuredDeviceKey("q1", b), 1_000_000_000L, 100_000_000L);
        }
        CorrectionBook.MeasuredCorrection pooled = book.measuredDevice("q1", a, List.of(a, b));
        assertEquals(Math.exp((Math.log(0.3) + 2 * Math.log(0.1)) / 3), pooled.correction().time(), 1e-9);
        assertEquals(3, pooled.samples());
        assertEquals(2, pooled.drives());
        assertEquals(pooled.correction().time(), book.measuredDevice("q1", b, List.of(a, b)).correction().time());
        assertEquals(0.3, book.measuredDevice("q1", a, List.of(a)).correction().time(), 1e-9, "a pool of one");

        book.observeMeasured(CorrectionBook.measuredDeviceKey("q2", a), 1_000_000_000L, 6_000_000_000L);
        CorrectionBook.MeasuredCorrection unmeasured = book.measuredDevice("scan", a, List.of(a, b));
        assertEquals(book.measuredDevice("scan", a).correction().time(), unmeasured.correction().time(),
                "no samples of the shape in the pool: the drive's own, borrowed from its other shapes");
        assertTrue(unmeasured.otherShapes());
    }
}
