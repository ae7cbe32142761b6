package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A job whose splits run on two real in-JVM drives holding the same records, one of which is slow
 * (paced: it reports an execution done only after 180 times its modeled time, about a second
 * here, where the other takes milliseconds): on the measured basis its splits straggle, the host
 * runs each beside it and finishes first, the drive's execution is cancelled, and the job ends
 * sooner than with speculation off, with the same results split by split, counted. Under
 * device-only nothing straggles. A drive that slows down mid-job (paced from a later execution on)
 * has only its later splits answered by the host.
 */
@Tag("heavy")
class StragglerTest {
    private static final int ENTRY = 32;
    private static final TaskletSpec PLAN = TaskletSpec.plan("test-plan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar())), "test");
    private static final int SPLITS_PER_DRIVE = 3;

    private static BytesOnADrive fast;
    private static BytesOnADrive slow;

    @BeforeAll
    static void start() throws IOException {
        byte[] data = new byte[20_000 * ENTRY];
        new Random(24).nextBytes(data);
        fast = BytesOnADrive.of(data);
        slow = BytesOnADrive.paced(data, 180);
    }

    @AfterAll
    static void stop() throws IOException {
        fast.close();
        slow.close();
    }

    /** The job's splits: a few on the fast drive, then as many on the slow one. */
    private static List<PlannedSplit> job() {
        List<PlannedSplit> splits = new ArrayList<>();
        for (BytesOnADrive on : List.of(fast, slow)) {
            for (int i = 0; i < SPLITS_PER_DRIVE; i++) {
                splits.add(SplitLayoutTest.wholeObject(on, ENTRY));
            }
        }
        return splits;
    }

    private record Run(List<byte[]> results, Map<SplitMetric, Long> counts, long wallNs) {
    }

    /** Runs the job's splits one after the other, as one map slot does. */
    private static Run run(Map<String, String> settings) throws IOException {
        return run(settings, job());
    }

    /** Runs {@code job}'s splits one after the other, as one map slot does. */
    private static Run run(Map<String, String> settings, List<PlannedSplit> job) throws IOException {
        Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
        SplitExecutor executor = SplitExecutor.create(OffloadSettings.of(settings), PLAN, "straggler-job",
                new DrivePool(Drive::connect), path -> fast.reader(), (m, n) -> counts.merge(m, n, Long::sum),
                Optional.empty(), () -> false);
        List<byte[]> results = new ArrayList<>();
        long start = System.nanoTime();
        for (PlannedSplit split : job) {
            List<byte[]> parts = new ArrayList<>();
            executor.run(split, (result, origin) -> parts.add(result));
            assertEquals(1, parts.size(), "one result per split, from one side");
            results.add(parts.get(0));
        }
        return new Run(results, counts, System.nanoTime() - start);
    }

    private static Map<String, String> speculation(String factor) {
        Map<String, String> s = new HashMap<>();
        s.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured");
        s.put(OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), factor);
        s.put(OffloadKeys.DEVICE_STRAGGLER_FLOOR_MS.name(), "150");
        return s;
    }

    @Test
    void aStragglingDrivesSplitsAreAnsweredByTheHostSoonerWithTheSameResults() throws IOException {
        Run waited = run(speculation("0"));
        Run raced = run(speculation("2"));

        for (int i = 0; i < waited.results().size(); i++) {
            assertArrayEquals(waited.results().get(i), raced.results().get(i), "split " + i);
        }
        assertEquals(waited.results().size(), raced.results().size());
        assertEquals(0, waited.counts().getOrDefault(SplitMetric.SPECULATIVE_HOST_RUNS, 0L));
        assertEquals(2L * SPLITS_PER_DRIVE, waited.counts().get(SplitMetric.SPLITS_ON_DEVICE), waited.counts().toString());
        // every slow split is raced; on a loaded machine a fast drive's split may pass its floor and be raced too,
        // but its drive wins it
        assertTrue(raced.counts().get(SplitMetric.SPECULATIVE_HOST_RUNS) >= SPLITS_PER_DRIVE, raced.counts().toString());
        assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPECULATIVE_HOST_WINS));
        assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPLITS_ON_DEVICE), "the fast drive's splits");
        assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPLITS_ON_HOST), "the slow drive's splits");
        assertEquals(0, raced.counts().getOrDefault(SplitMetric.FALLBACKS, 0L), "a straggler is not a fault");
        // each slow split waits out its pace (about a second) without the race, and the 150 ms floor with it
        assertTrue(raced.wallNs() * 2 < waited.wallNs(), "raced " + raced.wallNs() / 1e6 + " ms, waited "
                + waited.wallNs() / 1e6 + " ms");
        Map<String, String> deviceOnly = speculation("2");
        deviceOnly.put(OffloadKeys.OFFLOAD_POLICY.name(), "device-only");
        assertEquals(0, run(deviceOnly).counts().getOrDefault(SplitMetric.SPECULATIVE_HOST_RUNS, 0L),
                "device-only promises the drive: nothing straggles");
        try (Drive d = Drive.connect(slow.drives().address(0))) {
            assertEquals(0, d.deviceLog().queued() + d.deviceLog().running(), "the slow drive's executions were cancelled");
        }
    }

    @Test
    void aDriveThatSlowsDownMidJobHasItsLaterSplitsAnsweredByTheHostWithTheSameResults() throws IOException {
        int splits = 2 * SPLITS_PER_DRIVE;
        // the drive runs the job's first splits at full speed, then every execution 180 times its modeled time
        try (BytesOnADrive slowing = BytesOnADrive.slowingDown(fast.data(), 180, SPLITS_PER_DRIVE + 1)) {
            Run raced = run(speculation("2"), Collections.nCopies(splits, SplitLayoutTest.wholeObject(slowing, ENTRY)));
            Run reference = run(speculation("0"), Collections.nCopies(splits, SplitLayoutTest.wholeObject(fast, ENTRY)));

            for (int i = 0; i < splits; i++) {
                assertArrayEquals(reference.results().get(i), raced.results().get(i), "split " + i);
            }
            assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPLITS_ON_DEVICE),
                    "the splits before the slow-down: " + raced.counts());
            // every slow split is raced; on a loaded machine a fast one may pass its floor and be raced too, but
            // its drive wins it
            assertTrue(raced.counts().get(SplitMetric.SPECULATIVE_HOST_RUNS) >= SPLITS_PER_DRIVE, raced.counts().toString());
            assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPECULATIVE_HOST_WINS));
            assertEquals(SPLITS_PER_DRIVE, raced.counts().get(SplitMetric.SPLITS_ON_HOST), "the splits after it");
            assertEquals(0, raced.counts().getOrDefault(SplitMetric.FALLBACKS, 0L), "a slow-down is not a fault");
            try (Drive d = Drive.connect(slowing.drives().address(0))) {
                assertEquals(0, d.deviceLog().queued() + d.deviceLog().running(),
                        "the slowed executions were cancelled");
            }
        }
    }

    @Test
    void aSplitStragglesAfterFactorTimesItsDevicePredictionButNotBeforeTheFloorNorItsHostPrediction() {
        Speculation s = Speculation.of(OffloadSettings.of(speculation("2")));
        assertEquals(Duration.ofSeconds(6), s.after(predicting(3_000_000_000L, 1_000_000_000L)));
        assertEquals(Duration.ofSeconds(5), s.after(predicting(1_000_000_000L, 5_000_000_000L)),
                "a host run predicted at 5 s starts no sooner");
        assertEquals(Duration.ofMillis(150), s.after(predicting(1_000, 2_000)), "the floor");
        Map<String, String> modeled = speculation("2");
        modeled.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), "modeled");
        assertNull(Speculation.of(OffloadSettings.of(modeled)).after(predicting(1_000, 2_000)),
                "modeled time says nothing of when a split is late");
        assertNull(Speculation.of(OffloadSettings.of(speculation("0"))).after(predicting(1_000, 2_000)));
    }

    /**
     * A split that ends before it straggles (the usual case) removes its race's timer: nothing
     * fires later, and no host run starts; one that straggles starts its host run once.
     */
    @Test
    void aRaceEndedBeforeItsSplitStragglesLeavesNoTimerBehind() throws Exception {
        Speculation s = Speculation.of(OffloadSettings.of(speculation("2")));
        AtomicInteger hostRuns = new AtomicInteger();
        int pending = Speculation.pendingTimers();
        try (Speculation.Race race = s.race(predicting(60_000_000_000L, 1_000), stop -> {
            hostRuns.incrementAndGet();
            return null;
        })) {
            assertEquals(pending + 1, Speculation.pendingTimers(), "the race's timer, 2 minutes away");
            assertFalse(race.started());
        }
        assertEquals(pending, Speculation.pendingTimers(), "removed with the race");
        assertEquals(0, hostRuns.get());

        CountDownLatch ran = new CountDownLatch(1);
        try (Speculation.Race race = s.race(predicting(1_000, 2_000), stop -> {
            hostRuns.incrementAndGet();
            ran.countDown();
            return null;
        })) {
            assertTrue(ran.await(10, TimeUnit.SECONDS), "the host run starts past the floor");
            assertTrue(race.started());
        }
        assertEquals(1, hostRuns.get());
        assertEquals(pending, Speculation.pendingTimers());
    }

    private static Decision predicting(long deviceNs, long hostNs) {
        return new Decision(0, 0, Placement.DEVICE, new Cost(hostNs, 1), new Cost(deviceNs, 1), "fastest", "test",
                new Baseline(new Cost(hostNs, 1), new Cost(deviceNs, 1), new Cost(deviceNs, 1)));
    }
}
