package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.tasklet.Meter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanModel#floorNs}: no placement of the splits ends sooner, on drives of their own or on
 * the host's cores, with backlogs and flash floors; fastest's search is left out only where the
 * floor says no plan can win its margin, so a floor above a real plan would change its choice.
 */
class PlanModelFloorTest {
    private static final List<String> LOCAL = List.of("unix:/tmp/drive0.sock", "tcp:127.0.0.1:7001",
            "tcp:localhost:7002");
    private static final List<String> REMOTE = List.of("tcp:10.0.0.1:7000", "tcp:10.0.0.2:7000", "tcp:10.0.0.3:7000");

    private static SharedCores shared(boolean local, int drives, int cores) {
        SchedulerConfig measured = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "fastest",
                OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured")).scheduler();
        return SharedCores.of(measured, (local ? LOCAL : REMOTE).subList(0, drives), cores);
    }

    private static SplitCosts costs(long hostNs, long deviceNs) {
        Cost host = new Cost(hostNs, 1_000);
        Cost device = new Cost(deviceNs, 100);
        return new SplitCosts(host, hostNs / 4, device, new Baseline(host, device, device));
    }

    /**
     * Random jobs (1 to 3 drives, local or not, 1 to 4 host slots and 1 to 4 cores, backlogs, 1 to
     * 30 splits of random sizes and costs): the floor is at most the makespan of every static plan,
     * of fastest's plan by the search, and of random placements; and over all cases it is reached
     * at times (a floor of 0 would pass the rest).
     */
    @Test
    void noPlacementEndsBeforeTheFloor() {
        Random random = new Random(18);
        int reached = 0;
        for (int c = 0; c < 400; c++) {
            int drives = 1 + random.nextInt(3);
            long[] backlog = new long[drives];
            long[] flash = new long[drives];
            for (int d = 0; d < drives; d++) {
                backlog[d] = random.nextInt(4) == 0 ? random.nextInt(2_000_000_000) : 0;
                flash[d] = 500_000_000L + random.nextInt(2_000_000_000);
            }
            PlanModel model = new PlanModel(1 + random.nextInt(4), backlog, flash, 50_000_000_000L,
                    shared(random.nextBoolean(), drives, 1 + random.nextInt(4)));
            int n = 1 + random.nextInt(30);
            List<SplitWork> splits = new ArrayList<>();
            SplitCosts[] costs = new SplitCosts[n];
            for (int i = 0; i < n; i++) {
                long bytes = (1L + random.nextInt(64)) << 20;
                splits.add(new SplitWork(i, random.nextInt(drives), bytes, new Meter()));
                costs[i] = costs(10_000_000L + random.nextInt(900_000_000), 10_000_000L + random.nextInt(900_000_000));
            }
            long floor = model.floorNs(splits, costs);
            List<Placement[]> plans = new ArrayList<>(List.of(Planner.filled(n, Placement.HOST),
                    Planner.filled(n, Placement.DEVICE), new Planner(model).plan(Policy.FASTEST, 0.5, splits, costs)));
            for (int r = 0; r < 20; r++) {
                Placement[] p = new Placement[n];
                for (int i = 0; i < n; i++) {
                    p[i] = random.nextBoolean() ? Placement.HOST : Placement.DEVICE;
                }
                plans.add(p);
            }
            long best = Long.MAX_VALUE;
            for (Placement[] p : plans) {
                long makespan = model.evaluate(splits, costs, p).makespanNs();
                assertTrue(floor <= makespan, "case " + c + ": floor " + floor + " ns above a plan's " + makespan + " ns");
                best = Math.min(best, makespan);
            }
            reached += best == floor ? 1 : 0;
        }
        assertTrue(reached > 0, "the floor is some plan's makespan in some case");
    }

    /**
     * WorldCup's 28 chunks on the two in-JVM drives of a 2-core machine, each cheaper in its drive:
     * every split in the drives is within the margin of the floor, so no plan can win it.
     */
    @Test
    void cheaperDrivesOnTheHostsCoresLeaveNoPlanTheMarginOverTheDrives() {
        PlanModel model = new PlanModel(1, new long[2], new long[] {1_000_000_000_000L, 1_000_000_000_000L},
                50_000_000_000L, shared(true, 2, 2));
        List<SplitWork> splits = new ArrayList<>();
        SplitCosts[] costs = new SplitCosts[28];
        for (int i = 0; i < 28; i++) {
            splits.add(new SplitWork(i, i < 14 ? 0 : 1, 64L << 20, new Meter()));
            costs[i] = costs(280_000_000L, 120_000_000L);
        }
        long devices = model.evaluate(splits, costs, Planner.filled(28, Placement.DEVICE)).makespanNs();
        assertEquals(14 * 120_000_000L, devices);
        assertEquals(28 * 120_000_000L / 2, model.floorNs(splits, costs), "the drives' work over the 2 cores");
    }
}
