package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Drives on the host's own cores (in-JVM or local drives, measured basis): their executions and the
 * host's splits share the cores, so a mix of the two is priced as the summed work over the cores,
 * not as the longer of two lanes running beside each other.
 */
class SharedCoresTest {
    private static final Map<String, String> SMART = Profiles.device("smartssd-2013").capabilities();
    private static final List<String> LOCAL = List.of("unix:/tmp/drive0.sock", "tcp:127.0.0.1:7001");
    private static final List<String> REMOTE = List.of("tcp:10.0.0.1:7000", "tcp:10.0.0.2:7000");
    private static final String SHAPE = "q1";
    private static final long CHUNK = 64L << 20;

    private static SchedulerConfig config(String basis) {
        return config(basis, "1").onHostCores(2);
    }

    private static SchedulerConfig config(String basis, String hostSlots) {
        return OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "fastest",
                OffloadKeys.OFFLOAD_COST_BASIS.name(), basis, OffloadKeys.OFFLOAD_HOST_SLOTS.name(), hostSlots))
                .scheduler();
    }

    private static Meter q1(long bytes) {
        return TaskletRegistry.builtins().find("q1").orElseThrow().estimate(Params.of("entrySize", "256"), bytes, 8192);
    }

    /**
     * A scheduler of 2 drives at {@code drives} on a machine of 2 cores and a host of 1 slot, whose
     * book holds 2 wall clocks per side (so no split re-measures a side): each drive's device split
     * of {@code probe} at {@code deviceNs[d]}, the host's at {@code hostNs}.
     */
    private static OffloadScheduler measuredScheduler(String basis, List<String> drives, List<SplitWork> probe,
                                                      long[] deviceNs, long hostNs) {
        return measuredScheduler(config(basis), 2, drives, probe, deviceNs, hostNs);
    }

    /** As {@link #measuredScheduler(String, List, List, long[], long)} with {@code config} on a machine of {@code cores}. */
    private static OffloadScheduler measuredScheduler(SchedulerConfig config, int cores, List<String> drives,
                                                      List<SplitWork> probe, long[] deviceNs, long hostNs) {
        CorrectionBook book = new CorrectionBook();
        OffloadScheduler s = OffloadScheduler.create(config, Collections.nCopies(2, SMART), new long[2], book,
                SHAPE, SHAPE, drives, cores);
        List<Decision> ds = s.plan(probe);
        for (int sample = 0; sample < CorrectionBook.STANDING; sample++) {
            for (Decision d : ds) {
                book.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, drives.get(d.drive())),
                        d.baseline().measuredOf(Placement.DEVICE), deviceNs[d.drive()]);
            }
            Decision first = ds.get(0);
            book.observeMeasured(CorrectionBook.measuredHostKey(SHAPE, LocalHost.name()),
                    first.baseline().measuredOf(Placement.HOST), hostNs);
        }
        return s;
    }

    private static long onHost(List<Decision> ds) {
        return ds.stream().filter(d -> d.placement() == Placement.HOST).count();
    }

    /** 14 chunks of 64 MiB over 2 drives (TPC-H Q1's lineitem at SF 1), each measured 0.26 s in a drive and 0.38 s on the host (twice the session machine's, above the flash's floor). */
    private static List<SplitWork> q1AtScale1() {
        Meter m = q1(CHUNK);
        return IntStream.range(0, 14).mapToObj(i -> new SplitWork(i, i % 2, CHUNK, m)).toList();
    }

    /**
     * Issue 24 point 3, TPC-H Q1 at SF 1 on the 2-core session machine: its two in-JVM drives ran a
     * split in 0.13 s, the host in 0.19 s. Priced as lanes beside each other, 3 host splits beside
     * 11 in the drives finished 20% sooner than all 14 in the drives, and fastest took that mix
     * (1.40 times device-only's time); on the cores the drives share with the host the mix is more
     * work on the same 2 cores, and fastest keeps every split in the drives. Drives on other
     * machines do run beside the host: there the same wall clocks still take the mix.
     */
    @Test
    void drivesOnTheHostsCoresKeepWorkWhereItIsCheapestWhileSeparateDrivesRunBesideTheHost() {
        List<SplitWork> splits = q1AtScale1();
        long[] device = {260_000_000L, 260_000_000L};
        OffloadScheduler shared = measuredScheduler("measured", LOCAL, splits, device, 380_000_000L);
        List<Decision> local = shared.plan(splits);
        assertEquals(0, onHost(local), local.toString());
        Placement[] allDevice = Planner.filled(14, Placement.DEVICE);
        assertEquals(7 * 260_000_000L, shared.evaluate(splits, allDevice).makespanNs(), 28_000_000L,
                "7 splits a drive");
        Placement[] threeOnHost = allDevice.clone();
        threeOnHost[11] = threeOnHost[12] = threeOnHost[13] = Placement.HOST;
        assertEquals((11 * 260_000_000L + 3 * 380_000_000L) / 2, shared.evaluate(splits, threeOnHost).makespanNs(),
                28_000_000L, "the mix: every split's time over the 2 shared cores");

        OffloadScheduler separate = measuredScheduler("measured", REMOTE, splits, device, 380_000_000L);
        List<Decision> remote = separate.plan(splits);
        assertTrue(onHost(remote) >= 3 && onHost(remote) <= 4, remote.toString());
        Placement[] chosen = remote.stream().map(Decision::placement).toArray(Placement[]::new);
        assertTrue(separate.evaluate(splits, chosen).makespanNs() < 0.9 * separate.evaluate(splits, allDevice)
                .makespanNs(), "the host's lane beside the drives' wins more than the margin");
    }

    /**
     * Issue 24 point 3, TPC-H Q1 at SF 0.1: lineitem is a 64 MiB chunk on drive 0 and 24 MiB on
     * drive 1, and the host runs Q1's plan in less time a byte than the in-JVM drives. All in the
     * drives, drive 0's chunk alone sets the makespan while drive 1 idles; on shared cores the big
     * chunk on the host beside the small one in its drive is still less work and sooner.
     */
    @Test
    void sharedCoresStillTakeAMixThatIsLessWorkAndSooner() {
        List<SplitWork> splits = List.of(new SplitWork(0, 0, CHUNK, q1(CHUNK)),
                new SplitWork(1, 1, 24L << 20, q1(24L << 20)));
        // measured on a 64 MiB chunk of each drive: 0.6 s in either drive, 0.35 s on the host
        OffloadScheduler s = measuredScheduler("measured", LOCAL, List.of(splits.get(0), new SplitWork(1, 1, CHUNK,
                q1(CHUNK))), new long[] {600_000_000L, 600_000_000L}, 350_000_000L);
        List<Decision> ds = s.plan(splits);
        assertEquals(List.of(Placement.HOST, Placement.DEVICE), ds.stream().map(Decision::placement).toList(),
                ds.toString());
    }

    /**
     * Spark's {@code local[4]} on the 2-core session machine runs 4 tasks on 2 cores: the host has
     * 4 - 2 = 2 lanes, but the pool the drives share with them is the machine's 2 cores. Priced over
     * the executor's 4 slots as cores, TPC-H Q1's 3 chunks on the host beside 11 in the drives were
     * 4.0 s of work over 4 cores, 1.0 s, and ended with drive 0's 6 chunks at 1.56 s, 14% under the
     * 1.82 s all in the drives, so fastest mixed; over the 2 real cores the mix is 2.0 s and fastest
     * keeps the drives.
     */
    @Test
    void theSharedPoolIsTheMachinesCoresWhateverTheEnginesSlots() {
        assertEquals(Runtime.getRuntime().availableProcessors(),
                SharedCores.of(config("measured", "auto").onHostCores(64), LOCAL).cores(), "this machine's cores");
        List<SplitWork> splits = q1AtScale1();
        long[] device = {260_000_000L, 260_000_000L};
        SchedulerConfig local4 = config("measured", "auto").onHostCores(4);
        assertEquals(2, HostSlots.of(local4, LOCAL), "4 slots less the 2 local drives");
        Placement[] threeOnHost = Planner.filled(14, Placement.DEVICE);
        threeOnHost[11] = threeOnHost[12] = threeOnHost[13] = Placement.HOST;

        OffloadScheduler twoCores = measuredScheduler(local4, 2, LOCAL, splits, device, 380_000_000L);
        assertEquals((11 * 260_000_000L + 3 * 380_000_000L) / 2, twoCores.evaluate(splits, threeOnHost).makespanNs(),
                28_000_000L, "the mix's work over the machine's 2 cores, not the 4 slots");
        List<Decision> planned = twoCores.plan(splits);
        assertEquals(0, onHost(planned), planned.toString());

        OffloadScheduler fourCores = measuredScheduler(local4, 4, LOCAL, splits, device, 380_000_000L);
        assertTrue(onHost(fourCores.plan(splits)) > 0, "on 4 real cores the host's 2 lanes beside the drives win");
    }

    /**
     * Two in-JVM twins on the shared cores, drive 0 measured while the cores were busy at twice
     * drive 1's time a chunk (0.52 s against 0.26 s), the host at 0.38 s. Each drive's own wall
     * clock priced drive 0's chunks above the host's and moved 6 of its 7 there; pooled, both drives are
     * priced at the twins' geometric mean, 0.368 s, and every chunk stays in the drives. Drives on
     * other machines keep their own: one of them may well be slower.
     */
    @Test
    void drivesOnTheHostsCoresArePricedByTheirPooledWallClocks() {
        List<SplitWork> splits = q1AtScale1();
        long[] device = {520_000_000L, 260_000_000L};
        OffloadScheduler shared = measuredScheduler("measured", LOCAL, splits, device, 380_000_000L);
        SplitWork onDrive0 = splits.get(0);
        SplitWork onDrive1 = splits.get(1);
        long pooled = Math.round(Math.sqrt(520_000_000.0 * 260_000_000.0));
        assertEquals(pooled, shared.predict(onDrive0).device().timeNs(), 2_000_000L);
        assertEquals(shared.predict(onDrive0).device().timeNs(), shared.predict(onDrive1).device().timeNs());
        List<Decision> local = shared.plan(splits);
        assertEquals(0, onHost(local), local.toString());

        OffloadScheduler separate = measuredScheduler("measured", REMOTE, splits, device, 380_000_000L);
        assertEquals(520_000_000L, separate.predict(onDrive0).device().timeNs(), 2_000_000L);
        assertEquals(260_000_000L, separate.predict(onDrive1).device().timeNs(), 2_000_000L);
    }

    /**
     * Issue 24 point 3, the Spark WorldCup benchmark: 28 chunks on two in-JVM drives, each cheaper
     * in its drive, planned in every fastest query. No plan can be 10% sooner than every split in
     * the drives there, so fastest takes that plan without the planner's search (whose work, and
     * the JIT's compiling of it, was most of what fastest cost beyond device-only), and says why.
     */
    @Test
    void noSearchWhereNoPlanCanWinTheMarginOverTheDrives() {
        Meter m = q1(CHUNK);
        List<SplitWork> splits = IntStream.range(0, 28).mapToObj(i -> new SplitWork(i, i < 14 ? 0 : 1, CHUNK, m))
                .toList();
        OffloadScheduler s = measuredScheduler("measured", LOCAL, splits, new long[] {120_000_000L, 120_000_000L},
                280_000_000L);
        List<Decision> ds = s.plan(splits);
        assertEquals(0, onHost(ds), ds.toString());
        long devices = s.evaluate(splits, Planner.filled(28, Placement.DEVICE)).makespanNs();
        long floor = s.planModel().floorNs(splits, s.predictAll(splits));
        assertEquals("every split on the device (plan makespan " + Format.seconds(devices) + "): no plan can be 10% "
                + "sooner on the measured basis (none under " + Format.seconds(floor) + ")", ds.get(0).reason());
    }

    /**
     * Leaving the search out changes no plan: with random wall clocks of each drive and of the
     * host, drives on the host's cores or not, fastest's placements are those of the planner's
     * search under the margin's rule (the planner's plan if it equals the trusted static plan or
     * is 10% sooner, else the trusted static plan); and the search is left out in some cases and
     * not in others.
     */
    @Test
    void leavingTheSearchOutChangesNoPlan() {
        java.util.Random random = new java.util.Random(18);
        int skipped = 0;
        int searched = 0;
        for (int c = 0; c < 200; c++) {
            List<String> drives = random.nextBoolean() ? LOCAL : REMOTE;
            int n = 2 + random.nextInt(20);
            Meter m = q1(CHUNK);
            List<SplitWork> splits = IntStream.range(0, n).mapToObj(i -> new SplitWork(i, i % 2, CHUNK, m)).toList();
            long[] device = {Math.round(300_000_000L * Math.exp(random.nextGaussian())),
                    Math.round(300_000_000L * Math.exp(random.nextGaussian()))};
            long host = Math.round(300_000_000L * Math.exp(random.nextGaussian()));
            OffloadScheduler s = measuredScheduler(config("measured"), 1 + random.nextInt(4), drives, splits, device,
                    host);
            List<Decision> ds = s.plan(splits);
            Placement[] chosen = ds.stream().map(Decision::placement).toArray(Placement[]::new);
            Placement[] searched0 = new Planner(s.planModel()).plan(Policy.FASTEST, 0.5, splits, s.predictAll(splits));
            Placement[] hosts = Planner.filled(n, Placement.HOST);
            Placement[] devices = Planner.filled(n, Placement.DEVICE);
            Placement[] trusted = s.evaluate(splits, hosts).makespanNs() < 0.9 * s.evaluate(splits, devices).makespanNs()
                    ? hosts : devices;
            long trustedNs = s.evaluate(splits, trusted).makespanNs();
            Placement[] expected = java.util.Arrays.equals(searched0, trusted)
                    || s.evaluate(splits, searched0).makespanNs() < 0.9 * trustedNs ? searched0 : trusted;
            assertArrayEquals(expected, chosen, "case " + c);
            if (ds.get(0).reason().contains("no plan can be 10% sooner")) {
                skipped++;
            } else {
                searched++;
            }
        }
        assertTrue(skipped > 0 && searched > 0, skipped + " left out, " + searched + " searched");
    }

    /**
     * A paced drive daemon on this machine (its executions end at its profile's time) beside an
     * unpaced in-JVM one (at the cores' speed, 0.05 of the profile): pooled, the paced drive was
     * priced at the pair's mean, 0.22 of its profile, and given work it runs 4.5 times slower than
     * priced, the unpaced one at 4.5 times its own time. Ratios more than {@value CorrectionBook#KIN}
     * times apart are not one processor's contention: each drive keeps its own; within that they
     * pool (a drive measured at a busy moment, 2.5 times its twin).
     */
    @Test
    void aPacedAndAnUnpacedDriveOnTheHostsCoresAreNotPooled() {
        CorrectionBook book = new CorrectionBook();
        book.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(0)), 1_000_000_000L, 1_000_000_000L);
        book.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(1)), 1_000_000_000L, 50_000_000L);
        CorrectionBook.MeasuredCorrection paced = book.measuredDevice(SHAPE, LOCAL.get(0), LOCAL);
        CorrectionBook.MeasuredCorrection unpaced = book.measuredDevice(SHAPE, LOCAL.get(1), LOCAL);
        assertEquals(1.0, paced.correction().time(), 1e-9);
        assertEquals(1, paced.drives());
        assertEquals(0.05, unpaced.correction().time(), 1e-9);
        assertEquals(1, unpaced.drives());

        CorrectionBook busy = new CorrectionBook();
        busy.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(0)), 1_000_000_000L, 250_000_000L);
        busy.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(1)), 1_000_000_000L, 100_000_000L);
        CorrectionBook.MeasuredCorrection pooled = busy.measuredDevice(SHAPE, LOCAL.get(0), LOCAL);
        assertEquals(Math.sqrt(0.25 * 0.1), pooled.correction().time(), 1e-9);
        assertEquals(2, pooled.drives());
    }

    /** Explain names the pool a drive's measured wall clock is taken from. */
    @Test
    void explainSaysADrivesWallClockIsPooledOverTheDrivesOnTheHostsCores() {
        CorrectionBook book = new CorrectionBook();
        book.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(0)), 1_000_000_000L, 400_000_000L);
        book.observeMeasured(CorrectionBook.measuredDeviceKey(SHAPE, LOCAL.get(1)), 1_000_000_000L, 100_000_000L);
        PlacementExplainer explainer = new PlacementExplainer(config("measured"), book, SHAPE, SHAPE);
        assertEquals("measured time x0.200 (2 samples of 2 drives)", explainer.basis(Placement.DEVICE, LOCAL.get(0),
                LOCAL));
        assertEquals("measured time x0.400 (1 samples)", explainer.basis(Placement.DEVICE, LOCAL.get(0)));
    }

    /** The modeled basis prices the profiles' separate drives and host: the same plan whatever the drives' addresses. */
    @Test
    void theModeledBasisSharesNothing() {
        assertFalse(SharedCores.of(config("modeled"), LOCAL, 2).any());
        List<SplitWork> splits = q1AtScale1();
        long[] device = {260_000_000L, 260_000_000L};
        List<Placement> local = measuredScheduler("modeled", LOCAL, splits, device, 380_000_000L).plan(splits).stream()
                .map(Decision::placement).toList();
        List<Placement> remote = measuredScheduler("modeled", REMOTE, splits, device, 380_000_000L).plan(splits)
                .stream().map(Decision::placement).toList();
        assertEquals(remote, local);
    }

    @Test
    void theMeasuredBasisSharesTheCoresWithTheDrivesOnThisMachine() {
        SharedCores s = SharedCores.of(config("measured"), List.of("unix:/tmp/d.sock", "tcp:10.0.0.1:7000",
                "tcp:localhost:7000"), 4);
        assertTrue(s.any());
        assertEquals(4, s.cores());
        assertEquals(2, s.drives());
        assertTrue(s.shares(0));
        assertFalse(s.shares(1), "a drive on another machine has its own processor");
        assertTrue(s.shares(2));
        assertEquals("its 4 core(s) shared with 2 drive(s) on this machine", s.note());
        assertFalse(SharedCores.of(config("measured"), REMOTE, 4).any());
    }

    /** Two 1 s device splits on sharing drives and a 1 s host split on 2 cores: 3 s of work, 1.5 s; apart, 1 s. */
    @Test
    void thePlanModelBoundsTheMakespanByTheSharedWorkOverTheCores() {
        SplitWork[] w = {new SplitWork(0, 0, 1, q1(1)), new SplitWork(1, 1, 1, q1(1)), new SplitWork(2, 0, 1, q1(1))};
        Cost second = new Cost(1_000_000_000L, 0);
        SplitCosts c = new SplitCosts(second, 0, second, null);
        SplitCosts[] costs = {c, c, c};
        Placement[] plan = {Placement.DEVICE, Placement.DEVICE, Placement.HOST};
        long[] flash = {1L << 40, 1L << 40};
        PlanModel apart = new PlanModel(1, new long[2], flash, 0);
        PlanModel together = new PlanModel(1, new long[2], flash, 0, SharedCores.of(config("measured"), LOCAL, 2));
        assertEquals(1_000_000_000L, apart.evaluate(List.of(w), costs, plan).makespanNs());
        assertEquals(1_500_000_000L, together.evaluate(List.of(w), costs, plan).makespanNs());
    }
}
