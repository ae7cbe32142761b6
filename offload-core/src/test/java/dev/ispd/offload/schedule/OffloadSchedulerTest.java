package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Capabilities;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OffloadSchedulerTest {
    private static final Map<String, String> SMART = Profiles.device("smartssd-2013").capabilities();
    private static final long SPLIT = 256L << 20;

    /** The modeled basis, whose plans these tests check; {@link #measured} for the measured one. */
    private static Map<String, String> conf(String policy) {
        Map<String, String> c = new HashMap<>();
        c.put(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        c.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), "modeled");
        return c;
    }

    private static Map<String, String> measured(String policy) {
        Map<String, String> c = conf(policy);
        c.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured");
        return c;
    }

    private static OffloadScheduler scheduler(Map<String, String> conf, int drives, long... backlog) {
        long[] b = backlog.length == 0 ? new long[drives] : backlog;
        return OffloadScheduler.create(OffloadSettings.of(conf).scheduler(), java.util.Collections.nCopies(drives, SMART), b);
    }

    private static Meter work(String tasklet, Params params, long bytes) {
        return TaskletRegistry.builtins().find(tasklet).orElseThrow().estimate(params, bytes, 8192);
    }

    private static List<SplitWork> q1Splits(int n, int drives, int entrySize) {
        Meter m = work("q1", Params.of("entrySize", Integer.toString(entrySize)), SPLIT);
        return IntStream.range(0, n).mapToObj(i -> new SplitWork(i, i % drives, SPLIT, m)).toList();
    }

    private static long count(List<Decision> ds, Placement p) {
        return ds.stream().filter(d -> d.placement() == p).count();
    }

    @ParameterizedTest
    @CsvSource({"host-only, HOST", "device-only, DEVICE"})
    void staticPoliciesPlaceEverySplitAlike(String policy, Placement expected) {
        List<Decision> ds = scheduler(conf(policy), 2).plan(q1Splits(10, 2, 32));
        assertEquals(10, ds.size());
        ds.forEach(d -> assertEquals(expected, d.placement()));
        ds.forEach(d -> assertEquals(policy, d.policy()));
    }

    @Test
    void makespanOfAPlanIsThePlanModelsForItsDecisions() {
        List<SplitWork> splits = q1Splits(6, 2, 256);
        OffloadScheduler device = scheduler(conf("device-only"), 2);
        List<Decision> ds = device.plan(splits);
        // each drive runs its three splits one after the other
        assertEquals(3 * ds.get(0).device().timeNs(), device.makespanNs(splits, ds));
        OffloadScheduler host = scheduler(conf("host-only"), 2);
        List<Decision> onHost = host.plan(splits);
        assertEquals(host.evaluate(splits, onHost.stream().map(Decision::placement).toArray(Placement[]::new))
                .makespanNs(), host.makespanNs(splits, onHost));
        assertThrows(IllegalArgumentException.class, () -> host.makespanNs(splits, onHost.subList(0, 5)));
        List<Decision> reversed = new ArrayList<>(onHost);
        java.util.Collections.reverse(reversed);
        assertThrows(IllegalArgumentException.class, () -> host.makespanNs(splits, reversed));
    }

    @Test
    void fastestRunsQ1At256BytesInsideTheSmartSsd() {
        Decision d = scheduler(conf("fastest"), 1).plan(q1Splits(1, 1, 256)).get(0);
        assertEquals(Placement.DEVICE, d.placement(), d.reason());
        assertTrue(d.device().timeNs() * 2 < d.host().timeNs(), "Q1 at 256 B is about 2.3x faster inside: " + d);
        assertTrue(d.reason().contains("makespan"), d.reason());
    }

    @Test
    void fastestRunsADramHeavyMicrobenchOnTheHost() {
        Meter m = work("microbench", Params.of("accessesPerPage", "1024"), SPLIT);
        Decision d = scheduler(conf("fastest"), 1).plan(List.of(new SplitWork(0, 0, SPLIT, m))).get(0);
        assertEquals(Placement.HOST, d.placement(), d.reason());
        assertTrue(d.host().timeNs() * 5 < d.device().timeNs(), d.toString());
    }

    @Test
    void leastEnergyRunsQ1At256BytesInsideWhereTheHostIdles() {
        Decision d = scheduler(conf("least-energy"), 1).plan(q1Splits(1, 1, 256)).get(0);
        assertEquals(Placement.DEVICE, d.placement(), d.reason());
        assertTrue(d.device().energyNj() * 10 < d.host().energyNj(), d.toString());
    }

    @Test
    void queueingSpreadsManySplitsOfOneDriveOverHostAndDevice() {
        List<Decision> ds = scheduler(conf("fastest"), 1).plan(q1Splits(16, 1, 256));
        assertTrue(count(ds, Placement.DEVICE) > 0 && count(ds, Placement.HOST) > 0, "a mix, got " + ds);
        assertTrue(count(ds, Placement.DEVICE) > count(ds, Placement.HOST), "the faster device takes more");
    }

    @Test
    void aBusyDriveSendsTheSplitToTheHost() {
        Decision idle = scheduler(conf("fastest"), 1, 0).plan(q1Splits(1, 1, 256)).get(0);
        Decision busy = scheduler(conf("fastest"), 1, 60_000_000_000L).plan(q1Splits(1, 1, 256)).get(0);
        assertEquals(Placement.DEVICE, idle.placement());
        assertEquals(Placement.HOST, busy.placement(), busy.reason());
    }

    /** Q1 splits at 256 B, each held by drives {@code a} and {@code b}, {@code a} the writer's first choice. */
    private static List<SplitWork> replicatedSplits(int n, int a, int b) {
        Meter m = work("q1", Params.of("entrySize", "256"), SPLIT);
        return IntStream.range(0, n).mapToObj(i -> new SplitWork(i, a, SPLIT, m, List.of(a, b))).toList();
    }

    @Test
    void replicatedSplitsRunOnTheLeastLoadedDriveHoldingThem() {
        List<Decision> idle = scheduler(conf("device-only"), 2).plan(replicatedSplits(4, 0, 1));
        assertEquals(List.of(0, 1, 0, 1), idle.stream().map(Decision::drive).toList(),
                "idle drives share the splits, the first choice first");

        List<Decision> busy = scheduler(conf("device-only"), 2, 60_000_000_000L, 0).plan(replicatedSplits(2, 0, 1));
        assertEquals(List.of(1, 1), busy.stream().map(Decision::drive).toList(), "drive 0 has a minute of backlog");
    }

    @Test
    void aDriveThatIsDownIsSkippedAndASplitWithNoLiveReplicaIsAnError() {
        List<Map<String, String>> caps = new ArrayList<>(List.of(SMART, SMART, SMART));
        caps.set(1, null);
        OffloadScheduler s = OffloadScheduler.create(OffloadSettings.of(conf("fastest")).scheduler(), caps, new long[3]);
        List<Decision> ds = s.plan(replicatedSplits(3, 1, 2));
        ds.forEach(d -> assertEquals(2, d.drive(), "drive 1 is down: " + d));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> s.plan(List.of(new SplitWork(0, 1, SPLIT, work("q1", Params.of("entrySize", "256"), SPLIT)))));
        assertEquals("split 0: every drive holding it is down [1]", e.getMessage());
    }

    @Test
    void costBasedPlansAreNoWorseThanEitherStaticPlanOnTheModel() {
        for (String policy : List.of("fastest", "least-energy")) {
            OffloadScheduler s = scheduler(conf(policy), 2);
            List<SplitWork> splits = q1Splits(12, 2, 128);
            Placement[] chosen = s.plan(splits).stream().map(Decision::placement).toArray(Placement[]::new);
            PlanModel.Evaluation plan = s.evaluate(splits, chosen);
            for (Placement p : Placement.values()) {
                PlanModel.Evaluation stat = s.evaluate(splits, Planner.filled(splits.size(), p));
                long mine = policy.equals("fastest") ? plan.makespanNs() : plan.energyNj();
                long theirs = policy.equals("fastest") ? stat.makespanNs() : stat.energyNj();
                assertTrue(mine <= theirs, policy + " plan " + mine + " vs all-" + p + " " + theirs);
            }
        }
    }

    /**
     * On the measured basis fastest puts every split on the host only for a predicted gain of more
     * than {@link OffloadScheduler#MEASURED_MIX_MARGIN} over every split in the drives, and mixes
     * host and device only for such a gain over the static plan so chosen; a smaller gain keeps
     * that static plan (random wall clocks of host and device runs, 1 to 3 drives, 2 to 19 splits).
     */
    @Test
    void theMeasuredBasisMixesHostAndDeviceOnlyForAGainBeyondTheMargin() {
        Random random = new Random(24);
        int keptStatic = 0;
        for (int c = 0; c < 300; c++) {
            int drives = 1 + random.nextInt(3);
            List<SplitWork> splits = q1Splits(2 + random.nextInt(18), drives, 256);
            OffloadScheduler s = scheduler(measured("fastest"), drives);
            Decision d = s.plan(splits).get(0);
            Decision onHost = new Decision(d.index(), d.drive(), Placement.HOST, d.host(), d.device(), d.policy(),
                    d.reason(), d.baseline());
            Decision onDevice = new Decision(d.index(), d.drive(), Placement.DEVICE, d.host(), d.device(), d.policy(),
                    d.reason(), d.baseline());
            long hostNs = Math.round(d.baseline().host().timeNs() * Math.exp(random.nextGaussian()));
            long deviceNs = Math.round(d.baseline().device().timeNs() * Math.exp(2 * random.nextGaussian()));
            for (int sample = 0; sample < CorrectionBook.STANDING; sample++) { // both sides measured: no split re-measures
                s.observe(onHost, d.baseline().host(), hostNs);
                s.observe(onDevice, d.baseline().deviceExecution(), deviceNs);
            }

            Placement[] chosen = s.plan(splits).stream().map(Decision::placement).toArray(Placement[]::new);
            Placement[] unmargined = new Planner(s.planModel()).plan(Policy.FASTEST, 0.5, splits, s.predictAll(splits));
            long allHost = s.evaluate(splits, Planner.filled(splits.size(), Placement.HOST)).makespanNs();
            long allDevice = s.evaluate(splits, Planner.filled(splits.size(), Placement.DEVICE)).makespanNs();
            long trusted = allHost < 0.9 * allDevice ? allHost : allDevice;
            long best = s.evaluate(splits, unmargined).makespanNs();
            long mine = s.evaluate(splits, chosen).makespanNs();
            if (mixed(chosen)) {
                assertTrue(mine < 0.9 * trusted, "case " + c + ": a mix at " + mine + " vs static " + trusted);
                assertEquals(best, mine, "case " + c + ": the planner's mix");
            } else {
                assertEquals(trusted, mine, "case " + c + ": the trusted static plan");
                assertEquals(allHost < 0.9 * allDevice, chosen[0] == Placement.HOST,
                        "case " + c + ": the host only for 10%");
                assertTrue(mine <= best / 0.9 + 1, "case " + c + ": static " + mine + " vs the best plan " + best);
            }
            keptStatic += mixed(unmargined) && !mixed(chosen) ? 1 : 0;
        }
        assertTrue(keptStatic > 0, "some mix the planner found won too little to be taken");
    }

    /**
     * Issue 24 point 3, TPC-H Q14 and Q19 on a quiet machine: every split on the host was predicted
     * a little sooner than every split in the drives, and fastest took the host where the drives
     * were as fast or faster (Q19 0.231 s against device-only's 0.147 s). On the measured basis the
     * host must be predicted 10% sooner; a host 20% sooner still takes the splits.
     */
    @Test
    void theMeasuredBasisLeavesTheDrivesForTheHostOnlyForAClearGain() {
        List<String> drives = List.of("unix:/tmp/drive0.sock", "unix:/tmp/drive1.sock");
        List<SplitWork> splits = q1Splits(2, 2, 256);
        for (double hostShare : new double[] {0.95, 0.80}) {
            CorrectionBook book = new CorrectionBook();
            OffloadScheduler s = OffloadScheduler.create(OffloadSettings.of(measured("fastest")).scheduler(),
                    java.util.Collections.nCopies(2, SMART), new long[2], book, "spark-scan", "spark-scan/rows",
                    drives);
            for (String drive : drives) { // the drives' executions at 3 times the profile: well above the flash's floor
                book.observeMeasured(CorrectionBook.measuredDeviceKey("spark-scan/rows", drive), 1_000_000_000L,
                        3_000_000_000L);
            }
            long devicesNs = s.evaluate(splits, Planner.filled(2, Placement.DEVICE)).makespanNs();
            long hostAtProfileNs = s.evaluate(splits, Planner.filled(2, Placement.HOST)).makespanNs();
            // the host's wall clock: every split on it finishes at hostShare of the drives' makespan
            book.observeMeasured(CorrectionBook.measuredHostKey("spark-scan/rows", LocalHost.name()), 1_000_000_000L,
                    Math.round(1e9 * hostShare * devicesNs / hostAtProfileNs));
            long onHost = s.evaluate(splits, Planner.filled(2, Placement.HOST)).makespanNs();
            assertEquals(hostShare, onHost / (double) devicesNs, 1e-3);
            List<Decision> planned = s.plan(splits);
            Placement expected = hostShare < 0.9 ? Placement.HOST : Placement.DEVICE;
            assertEquals(List.of(expected, expected), placements(planned), () -> "host " + onHost + " ns vs drives "
                    + devicesNs + " ns: " + planned);
            if (expected == Placement.DEVICE) {
                String reason = planned.get(0).reason();
                assertEquals("every split on the device (plan makespan " + Format.seconds(devicesNs) + ") rather than "
                        + "on the host (" + Format.seconds(onHost)
                        + "): on the measured basis the host must be 10% sooner",
                        reason);
            }
        }
    }

    /**
     * Issue 24 point 3, TPC-H Q1 in Spark: the measured basis had wall clocks of the aggregation's
     * plan in the drives (device-only runs) but never on the host (Spark runs an aggregation it
     * does not gather as a scan of rows: another plan shape), so it priced the host by the profile
     * against the drives' wall clock and fastest put every split on the host in every job, taking
     * 2.18 times device-only's time. What the host measured for the rows' shape now prices it:
     * after one warm-up on the host, fastest keeps the drives.
     */
    @Test
    void aShapeNeverMeasuredOnOneSideIsPricedThereByWhatThatSideMeasuredForOtherShapes() {
        List<String> drives = List.of("unix:/tmp/drive0.sock", "unix:/tmp/drive1.sock");
        List<SplitWork> splits = IntStream.range(0, 2).mapToObj(i -> new SplitWork(i, i, 64L << 20,
                expressionAggregation(64L << 20))).toList();
        Map<String, String> c = measured("fastest");
        c.put(OffloadKeys.OFFLOAD_HOST_SLOTS.name(), "4"); // a host of 4 free cores, whatever this machine has
        SchedulerConfig fastest = OffloadSettings.of(c).scheduler();
        CorrectionBook book = new CorrectionBook();
        OffloadScheduler aggregation = OffloadScheduler.create(fastest, java.util.Collections.nCopies(2, SMART),
                new long[2], book, "spark-scan", "spark-scan/aggregate", drives);
        for (Decision d : aggregation.plan(splits)) { // three device-only runs: the drives take 0.45 of the profile
            for (int run = 0; run < 3; run++) {
                long predicted = d.baseline().deviceExecution().timeNs();
                book.observeMeasured(CorrectionBook.measuredDeviceKey("spark-scan/aggregate", drives.get(d.drive())),
                        predicted, Math.round(0.45 * predicted));
            }
        }
        List<Decision> profiled = aggregation.plan(splits);
        assertEquals(List.of(Placement.HOST, Placement.HOST), placements(profiled),
                () -> "with no wall clock of the host, the profile's host wins: " + profiled);

        // fastest's warm-ups: a job on the host runs as a scan of rows (another shape) taking 6 times
        // the profile's time; a job in the drives, the aggregation at 0.45 of it
        String rowsOnThisHost = CorrectionBook.measuredHostKey("spark-scan/rows", LocalHost.name());
        book.observeMeasured(CorrectionBook.measuredHostKey("spark-scan/rows", "another-host"), 1_000_000_000L,
                10_000_000L); // another machine's wall clock says nothing of this one's
        List<List<Placement>> jobs = new ArrayList<>();
        for (int job = 0; job < 4; job++) {
            List<Decision> planned = aggregation.plan(splits);
            jobs.add(placements(planned));
            for (Decision d : planned) {
                if (d.placement() == Placement.HOST) {
                    long predicted = d.baseline().host().timeNs();
                    book.observeMeasured(rowsOnThisHost, predicted, 6 * predicted);
                } else {
                    long predicted = d.baseline().deviceExecution().timeNs();
                    book.observeMeasured(CorrectionBook.measuredDeviceKey("spark-scan/aggregate",
                            drives.get(d.drive())), predicted, Math.round(0.45 * predicted));
                }
            }
        }
        List<Placement> inDrives = List.of(Placement.DEVICE, Placement.DEVICE);
        assertEquals(List.of(profiled.stream().map(Decision::placement).toList(), inDrives, inDrives, inDrives), jobs,
                "one job on the host teaches the measured basis what the host takes; the drives keep the rest");
        Decision d = aggregation.plan(splits).get(0);
        assertEquals((profiled.get(0).host().timeNs() + 5.0 * d.baseline().host().timeNs()) / 1e9,
                d.host().timeNs() / 1e9, 1e-6, "the host's measured part at the rows' shape's ratio, 6");
    }

    /**
     * The Spark WorldCup benchmark's Q1: the host measured faster than its profile for the scans
     * it ran (another shape: a partial aggregation in tasks of their own), the gathered
     * aggregation never; that does not draw the gathered one's splits to the host, where they
     * would run one after another beside the drives.
     */
    @Test
    void whatTheHostMeasuredFasterForOtherShapesDrawsNoSplitOfAnUnmeasuredShapeToIt() {
        List<String> drives = List.of("unix:/tmp/drive0.sock", "unix:/tmp/drive1.sock");
        List<SplitWork> splits = q1Splits(2, 2, 256);
        CorrectionBook book = new CorrectionBook();
        OffloadScheduler gathered = OffloadScheduler.create(OffloadSettings.of(measured("fastest")).scheduler(),
                java.util.Collections.nCopies(2, SMART), new long[2], book, "spark-scan", "spark-scan/gathered", drives);
        List<Placement> profiled = placements(gathered.plan(splits));
        assertEquals(List.of(Placement.DEVICE, Placement.DEVICE), profiled);
        book.observeMeasured(CorrectionBook.measuredHostKey("spark-scan/partial", LocalHost.name()), 1_000_000_000L,
                50_000_000L);
        assertEquals(profiled, placements(gathered.plan(splits)));
    }

    /**
     * The work of TPC-H Q1's plan over {@code bytes} of lineitem records (146 B): per record a
     * predicate, six sums of decimal expressions and a group of two keys.
     */
    private static Meter expressionAggregation(long bytes) {
        long records = bytes / 146;
        Meter m = new Meter();
        m.addRecords(records);
        m.addBytesScanned(bytes);
        m.addPages(bytes / 8192);
        m.addCompares(3 * records);
        m.addArithmetic(240 * records);
        m.addInstructions(600 * records);
        m.addHashUpdates(records);
        m.addDramAccesses(records);
        return m;
    }

    private static List<Placement> placements(List<Decision> decisions) {
        return decisions.stream().map(Decision::placement).toList();
    }

    private static boolean mixed(Placement[] plan) {
        return java.util.Arrays.stream(plan).anyMatch(p -> p != plan[0]);
    }

    @Test
    void weightedAtOneIsAsFastAsFastestAndAtZeroAsFrugalAsLeastEnergy() {
        List<SplitWork> splits = q1Splits(12, 2, 64);
        Map<String, String> time = conf("weighted");
        time.put(OffloadKeys.OFFLOAD_WEIGHT.name(), "1");
        Map<String, String> energy = conf("weighted");
        energy.put(OffloadKeys.OFFLOAD_WEIGHT.name(), "0");
        assertEquals(makespan(conf("fastest"), splits), makespan(time, splits));
        assertEquals(energy(conf("least-energy"), splits), energy(energy, splits));
    }

    private static long makespan(Map<String, String> c, List<SplitWork> splits) {
        return evaluation(c, splits).makespanNs();
    }

    private static long energy(Map<String, String> c, List<SplitWork> splits) {
        return evaluation(c, splits).energyNj();
    }

    private static PlanModel.Evaluation evaluation(Map<String, String> c, List<SplitWork> splits) {
        OffloadScheduler s = scheduler(c, 2);
        return s.evaluate(splits, s.plan(splits).stream().map(Decision::placement).toArray(Placement[]::new));
    }

    @Test
    void plansAreDeterministicAndInIndexOrder() {
        List<SplitWork> splits = new ArrayList<>(q1Splits(9, 3, 128));
        java.util.Collections.reverse(splits);
        List<Decision> a = scheduler(conf("fastest"), 3).plan(splits);
        List<Decision> b = scheduler(conf("fastest"), 3).plan(q1Splits(9, 3, 128));
        assertEquals(a, b);
        for (int i = 0; i < a.size(); i++) {
            assertEquals(i, a.get(i).index());
        }
    }

    @Test
    void correctionMovesPredictionsTowardObservations() {
        List<SplitWork> one = q1Splits(1, 1, 256);
        OffloadScheduler s = scheduler(conf("fastest"), 1);
        Decision first = s.plan(one).get(0);
        Cost execution = first.baseline().deviceExecution();
        Cost observed = new Cost(execution.timeNs() * 3, execution.energyNj() * 2);
        // what the device split costs once its execution is known to take 3x the time, 2x the energy
        long converged = first.device().timeNs() + 2 * execution.timeNs();
        long previous = first.device().timeNs();
        for (int i = 0; i < 5; i++) {
            s.observe(first, observed);
            Decision next = s.plan(one).get(0);
            assertTrue(next.device().timeNs() > previous && next.device().timeNs() < converged,
                    "step " + i + ": " + next.device() + " after " + previous);
            previous = next.device().timeNs();
            assertEquals(first.host(), next.host(), "host predictions have their own correction");
            assertEquals(first.baseline(), next.baseline(), "the baseline stays uncorrected");
        }
        Decision last = s.plan(one).get(0);
        // five samples: the ratio is 1 + 2 x (1 - 0.7^5) for time, 1 + (1 - 0.7^5) for energy
        double timeRatio = 1 + 2 * (1 - Math.pow(1 - Correction.WEIGHT, 5));
        assertEquals(first.device().timeNs() + Math.round(execution.timeNs() * (timeRatio - 1)), last.device().timeNs(),
                1);
        double energyRatio = 1 + (1 - Math.pow(1 - Correction.WEIGHT, 5));
        assertEquals(first.device().energyNj() + Math.round(execution.energyNj() * (energyRatio - 1)),
                last.device().energyNj(), 1);

        Map<String, String> off = conf("fastest");
        off.put(OffloadKeys.OFFLOAD_CORRECTION.name(), "false");
        OffloadScheduler fixed = scheduler(off, 1);
        Decision d = fixed.plan(one).get(0);
        fixed.observe(d, observed);
        assertEquals(d, fixed.plan(one).get(0));
    }

    @Test
    void enoughSlowObservationsOfADriveMoveItsSplitsToTheHost() {
        List<SplitWork> one = q1Splits(1, 1, 256);
        OffloadScheduler s = scheduler(conf("fastest"), 1);
        Decision d = s.plan(one).get(0);
        assertEquals(Placement.DEVICE, d.placement());
        for (int i = 0; i < 10; i++) {
            Cost execution = d.baseline().deviceExecution();
            s.observe(d, new Cost(execution.timeNs() * 4, execution.energyNj()));
        }
        assertEquals(Placement.HOST, s.plan(one).get(0).placement());
    }

    @Test
    void theMeasuredBasisMovesSplitsByTheWallClockTheyTook() {
        List<SplitWork> one = q1Splits(1, 1, 256);
        OffloadScheduler s = scheduler(measured("fastest"), 1);
        Decision d = s.plan(one).get(0);
        assertEquals(Placement.DEVICE, d.placement(), "the premise: on the profiles the drive is faster");
        Cost execution = d.baseline().deviceExecution();
        // the device split really took 20x its whole prediction; its modeled cost was as predicted
        s.observe(d, execution, d.baseline().device().timeNs() * 20);
        Decision next = s.plan(one).get(0);
        assertEquals(Placement.HOST, next.placement(), next.toString());
        assertEquals(20 * d.device().timeNs(), next.device().timeNs(), 1,
                "a measured correction takes its first sample whole, and scales the device split whole");
        assertEquals(d.device().energyNj(), next.device().energyNj(), "energy is corrected by modeled costs only");
        assertEquals(d.host(), next.host(), "no host run measured yet");

        // a host run measured 4x faster than the host profile prices it
        s.observe(next, next.baseline().host(), next.baseline().host().timeNs() / 4);
        Decision third = s.plan(one).get(0);
        assertEquals(next.host().timeNs() - next.baseline().host().timeNs() * 3 / 4, third.host().timeNs(),
                next.host().timeNs() / 1000);
    }

    /**
     * Issue 24 point 3, TPC-H Q1 at SF 1 on a quiet machine: the profiles price a device split's
     * result read from the plan's largest result ({@code PlanTasklet.estimate}: every group an
     * aggregation could have), 8.93 s a 64 MiB split against about 0.2 s real. The measured basis
     * corrected only the execution's share, so the device split stayed priced at seconds and
     * fastest ran Q1 on the host at 2.5x device-only's time. Measured whole, EXECUTE to its result
     * read, a device split corrects its whole prediction: the first job runs on the host with one
     * split re-measuring the drives, the second in the drives.
     */
    @Test
    void aDeviceSplitMeasuredWholeCorrectsTheResultReadPricedFromTheLargestResult() {
        Meter work = expressionAggregation(SPLIT);
        work.addBytesOut(SPLIT / 2); // the largest result the plan could give, priced over the link
        List<SplitWork> splits = IntStream.range(0, 8).mapToObj(i -> new SplitWork(i, 0, SPLIT, work)).toList();
        OffloadScheduler s = scheduler(measured("fastest"), 1);
        List<Decision> first = s.plan(splits);
        Baseline b = first.get(0).baseline();
        assertTrue(b.device().timeNs() - b.deviceExecution().timeNs() > b.host().timeNs(),
                "the premise: the commands and result read alone are priced above the host split " + b);
        assertEquals(7, count(first, Placement.HOST), "the profiles put the job on the host: " + first);
        Decision probe = first.stream().filter(d -> d.placement() == Placement.DEVICE).findFirst().orElseThrow();
        assertTrue(probe.reason().startsWith("re-measures the device: 0 measured sample(s) of this plan shape there "
                + "against 0 on the host"), probe.reason());

        // what the job took: each host split its prediction; the device split, whole, a tenth of that (a few rows)
        long hostNs = b.host().timeNs();
        for (Decision d : first) {
            s.observe(d, d.baseline().of(d.placement()), d.placement() == Placement.HOST ? hostNs : hostNs / 10);
        }
        List<Decision> second = s.plan(splits);
        assertEquals(8, count(second, Placement.DEVICE), second.toString());
        assertEquals(hostNs / 10, second.get(0).device().timeNs(), 1, "the device split whole, as measured");
    }

    /**
     * A side fastest stops using is measured again: the drives measured slow (a busy moment)
     * and the host used ever since, every plan of 4 splits or more puts one split in the drives
     * while they have fewer than 2 samples plus one per 128 of the host's, and takes its wall clock
     * whole, each drive in turn; measured fast, the plan moves to them. Jobs of fewer splits are not
     * probed.
     */
    @Test
    void aSideFastestStoppedUsingIsMeasuredAgainAtABoundedRate() {
        List<SplitWork> splits = q1Splits(8, 2, 256);
        CorrectionBook book = new CorrectionBook();
        String host = LocalHost.name();
        String shape = "q1";
        List<String> drives = List.of("drive0", "drive1");
        OffloadScheduler s = OffloadScheduler.create(OffloadSettings.of(measured("fastest")).scheduler(),
                List.of(SMART, SMART), new long[2], book, shape, drives);
        Decision d = s.plan(splits).get(0);
        long hostNs = d.baseline().host().timeNs();
        for (int i = 0; i < 256; i++) {
            book.observeMeasured(CorrectionBook.measuredHostKey(shape, host), hostNs, hostNs);
        }
        for (String drive : drives) { // each drive measured 50x slower than its profile once
            book.observeMeasured(CorrectionBook.measuredDeviceKey(shape, drive), d.baseline().device().timeNs(),
                    d.baseline().device().timeNs() * 50);
        }
        List<Decision> locked = s.plan(splits);
        assertEquals(7, count(locked, Placement.HOST), locked.toString());
        Decision probe = locked.stream().filter(x -> x.placement() == Placement.DEVICE).findFirst().orElseThrow();
        assertTrue(probe.reason().startsWith("re-measures the device: 2 measured sample(s) of this plan shape there "
                + "against 256 on the host, fewer than 2 + 1 per 128"), probe.reason());
        assertEquals(0, count(s.plan(q1Splits(3, 2, 256)), Placement.DEVICE), "a job of 3 splits is not probed");

        int jobs = 0;
        List<Decision> plan = locked;
        while (count(plan, Placement.DEVICE) < 8 && jobs++ < 10) { // the drives are really 20x faster than the host
            for (Decision x : plan) {
                s.observe(x, x.baseline().of(x.placement()), x.placement() == Placement.HOST ? hostNs : hostNs / 20);
            }
            plan = s.plan(splits);
        }
        assertEquals(2, jobs, "one split a job re-measured each drive in turn; then the job moved to them");
        assertEquals(8, count(plan, Placement.DEVICE), plan.toString());
    }

    /** The first wall clock of a shape is cold (a JIT compiling its loops, a first connection): the second replaces it. */
    @Test
    void aColdFirstSampleStandsInOnlyUntilTheSecond() {
        List<SplitWork> one = q1Splits(1, 1, 256);
        OffloadScheduler s = scheduler(measured("fastest"), 1);
        Decision d = s.plan(one).get(0);
        long wholeNs = d.baseline().device().timeNs();
        s.observe(d, d.baseline().deviceExecution(), wholeNs * 6); // cold
        assertEquals(6 * d.device().timeNs(), s.plan(one).get(0).device().timeNs(), 6, "the first stands in");
        s.observe(d, d.baseline().deviceExecution(), wholeNs / 2);
        assertEquals(d.device().timeNs() / 2, s.plan(one).get(0).device().timeNs(), 1, "the second replaces it");
        s.observe(d, d.baseline().deviceExecution(), wholeNs);
        assertEquals(Math.round(d.device().timeNs() * (0.5 + Correction.WEIGHT * 0.5)),
                s.plan(one).get(0).device().timeNs(), 1, "then a running mean");
    }

    @Test
    void theModeledBasisIgnoresTheWallClock() {
        List<SplitWork> one = q1Splits(1, 1, 256);
        OffloadScheduler s = scheduler(conf("fastest"), 1);
        Decision d = s.plan(one).get(0);
        Cost execution = d.baseline().deviceExecution();
        s.observe(d, execution, execution.timeNs() * 20);
        assertEquals(d, s.plan(one).get(0), "the same decision, to the nanosecond");
    }

    @Test
    void theMeasuredBasisIsTheDefault() {
        assertEquals(CostBasis.MEASURED, OffloadSettings.of(Map.of()).scheduler().basis());
        assertEquals(CostBasis.MODELED, OffloadSettings.of(conf("fastest")).scheduler().basis());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ispd.offload.cost.basis|wall|'wall' is not a cost basis; use one of modeled, measured",
            "ispd.offload.policy|fast|'fast' is not a policy",
            "ispd.offload.weight|1.5|'1.5' must be a number from 0 to 1",
            "ispd.offload.weight|half|'half' must be a number from 0 to 1",
            "ispd.offload.host.slots|0|'0' must be auto or a whole number of at least 1",
            "ispd.offload.correction|yes|'yes' must be true or false",
            "ispd.offload.host.profile|/no/such/host.yaml|'/no/such/host.yaml' is neither a shipped host profile"})
    void badSettingsNameTheKeyAndValue(String key, String value, String message) {
        Map<String, String> c = new HashMap<>();
        c.put(key, value);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> scheduler(c, 1));
        assertEquals(key + ": " + message, e.getMessage().substring(0, key.length() + 2 + message.length()), e.getMessage());
    }

    @Test
    void badCapabilitiesNameTheDriveAndKey() {
        Map<String, String> missing = new HashMap<>(SMART);
        missing.remove(Capabilities.SCAN_READ_BANDWIDTH);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OffloadScheduler.create(OffloadSettings.of(conf("fastest")).scheduler(), List.of(SMART, missing), new long[2]));
        assertEquals("drive 1: capability 'scan.readBytesPerSec' is missing from its DEVICE_INFO", e.getMessage());

        Map<String, String> bad = new HashMap<>(SMART);
        bad.put(Capabilities.NS_PER_RECORD, "fast");
        e = assertThrows(IllegalArgumentException.class,
                () -> OffloadScheduler.create(OffloadSettings.of(conf("fastest")).scheduler(), List.of(bad), new long[1]));
        assertEquals("drive 0: capability 'compute.nsPerRecord' must be a non-negative decimal, got 'fast'", e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> OffloadScheduler.create(OffloadSettings.of(conf("fastest")).scheduler(), List.of(SMART), new long[2]));
        assertTrue(e.getMessage().contains("1 drive(s) reported capabilities but 2 backlog(s)"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> scheduler(conf("fastest"), 1).plan(q1Splits(2, 2, 32)));
        assertTrue(e.getMessage().contains("drive 1"), e.getMessage());
    }
}
