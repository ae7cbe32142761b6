package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.Warnings;
import dev.ispd.offload.storage.LocalSharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The executors' observations of a job reach the saved corrections; a bad one is skipped. */
class CorrectionStoreTest {
    private static final String DEVICE_KEY = CorrectionBook.deviceKey("q1", "unix:/tmp/drive0.sock");

    @TempDir
    Path dir;

    @Test
    void theObservationsOfAJobAreFoldedInSkippingABadOne() throws IOException {
        String file = dir.resolve("corrections.json").toString();
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file);
        String job = "job_1_0001";
        store.record(job, 1, new CorrectionStore.Observed(DEVICE_KEY, new Cost(100, 100), new Cost(900, 50)));
        store.record(job, 0, new CorrectionStore.Observed(DEVICE_KEY, new Cost(100, 100), new Cost(200, 50)));
        Path observations = Path.of(file + ".observations", job);
        Files.writeString(observations.resolve("split-2.json"), "{\"key\": \"host q1\", \"predicted\": {\"timeNs\": 1}}",
                StandardCharsets.UTF_8);

        CorrectionStore.Update u = store.absorb(job);
        assertEquals(2, u.observations());
        CorrectionBook.Entry e = store.load().entries().get(DEVICE_KEY);
        // split 0 (2x, clamped ratios) before split 1 (9x), whichever was recorded or listed first
        assertEquals(1 + 0.3 + 0.3 * (9 - 1.3), e.time(), 1e-12);
        assertEquals(1 - 0.15 - 0.3 * 0.35, e.energy(), 1e-12, "0.5 twice");
        assertEquals(2, e.samples());
        assertFalse(store.load().entries().containsKey(CorrectionBook.hostKey("q1")));
        assertFalse(Files.exists(observations));
    }

    /**
     * A run known only by its wall clock (a host partition an engine read as records, which
     * nothing metered) teaches the measured basis and leaves the modeled keys alone, through the
     * executors' files as through a list.
     */
    @Test
    void aRunKnownOnlyByItsWallClockTeachesTheMeasuredBasisAlone() throws IOException {
        SplitObservation read = SplitObservation.wallClock(Placement.HOST, new Cost(1000, 100), 6000, "scan/rows",
                "node1");
        CorrectionStore viaFiles = new CorrectionStore(new LocalSharedFiles(), dir.resolve("files.json").toString());
        viaFiles.record("job_1_0006", 0, CorrectionStore.Observed.of(read, "scan", "unix:/tmp/drive0.sock"));
        assertEquals(1, viaFiles.absorb("job_1_0006").observations());
        CorrectionStore viaList = new CorrectionStore(new LocalSharedFiles(), dir.resolve("list.json").toString());
        viaList.absorb(List.of(CorrectionStore.Observed.of(read, "scan", "unix:/tmp/drive0.sock")));
        for (CorrectionStore store : List.of(viaFiles, viaList)) {
            assertEquals(Map.of("measured host scan/rows node1", new CorrectionBook.Entry(6, 1, 1)),
                    store.load().entries(), store.file());
        }
    }

    @Test
    void measuredWallClocksTravelWithTheirObservations() throws IOException {
        String file = dir.resolve("measured.json").toString();
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file);
        SplitObservation onHost = new SplitObservation(Placement.HOST, new Cost(1000, 100), new Cost(1000, 100), 250,
                1000, "q1", "node1");
        SplitObservation unmeasured = new SplitObservation(Placement.DEVICE, new Cost(1000, 100), new Cost(1000, 100));
        store.record("job_1_0004", 0, CorrectionStore.Observed.of(onHost, "q1", "unix:/tmp/drive0.sock"));
        store.record("job_1_0004", 1, CorrectionStore.Observed.of(unmeasured, "q1", "unix:/tmp/drive0.sock"));
        store.absorb("job_1_0004");
        Map<String, CorrectionBook.Entry> entries = store.load().entries();
        assertEquals(new CorrectionBook.Entry(0.25, 1, 1), entries.get("measured host q1 node1"));
        assertEquals(1, entries.get("host q1").samples());
        assertEquals(1, entries.get(DEVICE_KEY).samples());
        assertEquals(3, entries.size(), "an observation without a wall clock feeds no measured key: " + entries);
    }

    @Test
    void observationsHandedOverFoldInAsRecordedOnes() throws IOException {
        SplitObservation slow = new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(900, 50));
        SplitObservation fast = new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(200, 50));
        CorrectionStore recorded = new CorrectionStore(new LocalSharedFiles(), dir.resolve("recorded.json").toString());
        recorded.record("job_1_0003", 0, new CorrectionStore.Observed(DEVICE_KEY, slow.predicted(), slow.observed()));
        recorded.record("job_1_0003", 1, new CorrectionStore.Observed(DEVICE_KEY, fast.predicted(), fast.observed()));
        recorded.absorb("job_1_0003");
        CorrectionStore handed = new CorrectionStore(new LocalSharedFiles(), dir.resolve("handed.json").toString());

        CorrectionStore.Update u = handed.absorb(List.of(new CorrectionStore.Observed(DEVICE_KEY, slow.predicted(),
                slow.observed()), CorrectionStore.Observed.of(fast, "q1", "unix:/tmp/drive0.sock")));
        assertEquals(2, u.observations());
        assertEquals(recorded.load().entries(), handed.load().entries());
        assertFalse(Files.exists(Path.of(handed.file() + ".observations")));
    }

    @Test
    void aJobWithoutObservationsLeavesTheBookAsItWas() throws IOException {
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), dir.resolve("corrections.json").toString());
        assertEquals(0, store.absorb("job_1_0002").observations());
        assertEquals(0, store.load().entries().size());
    }

    @Test
    void aBookOfAnOlderVersionIsAWarningNamingItAndThePlanUsesTheProfiles() throws IOException {
        Path file = dir.resolve("old.json");
        // what the last release wrote: a device ratio that still counts waiting behind other work
        Files.writeString(file, "{\"version\": 1, \"corrections\": {\"" + DEVICE_KEY
                + "\": {\"time\": 6.0, \"energy\": 1.0, \"samples\": 40}}}", StandardCharsets.UTF_8);
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file.toString());
        List<String> warnings;
        try (Warnings w = Warnings.of(CorrectionStore.class)) {
            assertEquals(Map.of(), store.load().entries(), "the profiles' predictions: no ratio of the old book applies");
            warnings = w.messages();
        }
        assertEquals(List.of("ignoring the offload corrections in " + file + ": " + file + ": written by an older "
                + "version of ispd (correction file version 1, this one reads 2 and 3); predicting from the profiles "
                + "until splits are observed again"), warnings);

        store.absorb(List.of(new CorrectionStore.Observed(DEVICE_KEY, new Cost(100, 100), new Cost(200, 100))));
        assertTrue(Files.readString(file).contains("\"version\" : 3"), "the next save replaces it");
        assertEquals(1, store.load().entries().get(DEVICE_KEY).samples());
    }

    @Test
    void aVersion2BookKeepsItsRatiosButItsMeasuredDeviceOnesWhichMeasuredTheExecutionAlone() throws IOException {
        Path file = dir.resolve("v2.json");
        String measuredDevice = CorrectionBook.measuredDeviceKey("scan/rows", "unix:/tmp/drive0.sock");
        String measuredHost = CorrectionBook.measuredHostKey("scan/rows", "node1");
        // the last session's book: its measured device ratio compares the drive's execution alone (0.024 for
        // TPC-H Q1 at SF 1), which applied to a whole device split's prediction priced it 17x too high
        Files.writeString(file, "{\"version\": 2, \"corrections\": {"
                + "\"" + DEVICE_KEY + "\": {\"time\": 1.5, \"energy\": 1.0, \"samples\": 4}, "
                + "\"" + measuredHost + "\": {\"time\": 2.0, \"energy\": 1.0, \"samples\": 9}, "
                + "\"" + measuredDevice + "\": {\"time\": 0.024, \"energy\": 1.0, \"samples\": 13}}}",
                StandardCharsets.UTF_8);
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file.toString());
        List<String> warnings;
        Map<String, CorrectionBook.Entry> entries;
        try (Warnings w = Warnings.of(CorrectionBook.class)) {
            entries = store.load().entries();
            warnings = w.messages();
        }
        assertEquals(Map.of(DEVICE_KEY, new CorrectionBook.Entry(1.5, 1, 4), measuredHost,
                new CorrectionBook.Entry(2, 1, 9)), entries, "the modeled and the host's measured ratios still hold");
        assertEquals(List.of(file + ": correction file version 2 measured a drive's execution alone, this one (3) a "
                + "device split whole: its 1 measured device correction(s) are dropped, and the measured basis "
                + "predicts device splits from the profiles until they are measured again"), warnings);
    }

    @Test
    void aDamagedBookIsAWarningNamingItAndThePlanUsesTheProfiles() throws IOException {
        Path file = dir.resolve("cut.json");
        // a save cut short: the JSON ends in the middle of an entry
        Files.writeString(file, "{\"version\": 2, \"corrections\": {\"" + DEVICE_KEY + "\": {\"time\": 1.5, \"ener",
                StandardCharsets.UTF_8);
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file.toString());
        List<String> warnings;
        try (Warnings w = Warnings.of(CorrectionStore.class)) {
            assertEquals(Map.of(), store.load().entries(), "the profiles' predictions: nothing of the damaged book");
            warnings = w.messages();
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("ignoring the offload corrections in " + file + ": "), warnings.get(0));
    }

    @Test
    void aWallClockThatJumpedIsAWarningNamingTheFileAndTeachesNothing() throws IOException {
        String file = dir.resolve("jumped.json").toString();
        CorrectionStore store = new CorrectionStore(new LocalSharedFiles(), file);
        String measured = CorrectionBook.measuredHostKey("q1", "node1");
        Cost predicted = new Cost(1_000_000, 100);
        store.record("job_1_0005", 0, new CorrectionStore.Observed(CorrectionBook.hostKey("q1"), predicted, predicted,
                measured, 3_600_000_000_000L, predicted.timeNs())); // an hour: the clock jumped, or the task was suspended
        store.record("job_1_0005", 1, new CorrectionStore.Observed(CorrectionBook.hostKey("q1"), predicted, predicted,
                measured, -40_000_000L, predicted.timeNs())); // a clock that went back
        List<String> warnings;
        try (Warnings w = Warnings.of(CorrectionStore.class)) {
            store.absorb("job_1_0005");
            warnings = w.messages();
        }
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(file + ": not learning '" + measured + "' from a split measured at "
                + "3600000000000 ns against 1000000 ns predicted"), warnings.get(0));
        assertTrue(warnings.get(1).contains("measured at -40000000 ns"), warnings.get(1));
        Map<String, CorrectionBook.Entry> entries = store.load().entries();
        assertFalse(entries.containsKey(measured), "the host keeps its profile's prediction: " + entries);
        assertEquals(2, entries.get(CorrectionBook.hostKey("q1")).samples(), "the modeled costs still count");
    }
}
