package dev.ispd.offload.schedule;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Scheduler quality on the model (docs/benchmarks.md, "Scheduler quality"): for every entry
 * size, query, number of drives and host cores, the modeled makespan and energy of the
 * cost-based plans (fastest, least-energy), host-only, device-only and an oracle, all priced by
 * the same plan model ({@link PlanModel}) the scheduler plans with.
 *
 * <p>The oracle is the best plan found by search on the same model, by each objective. With at
 * most 16 splits (one drive) it tries all 2^n assignments. Beyond, it uses that the splits are
 * identical (256 MB each, round-robin over identical smartssd-2013 drives): a plan is then
 * determined, up to the order the model dispatches splits in, by how many of each drive's splits
 * run inside it, so it tries every such count vector up to permutation of the drives, with the
 * device splits as the first and as the last of each drive's splits.
 *
 * <p>Run: {@code mvn -q -B -pl offload-core -am install -DskipTests && mvn -B -Pbench -pl offload-core verify
 * -DskipTests}
 */
public final class SchedulerBenchmark {
    private static final long SPLIT_BYTES = 256L << 20;
    private static final int[] ENTRY_SIZES = {32, 64, 128, 256};
    private static final String[] QUERIES = {"q1", "q2"};
    private static final int[] DRIVES = {1, 2, 4, 8};
    private static final int[] CORES = {1, 2, 4, 8};
    /** Up to this many splits the oracle tries all 2^n assignments. */
    private static final int EXHAUSTIVE_MAX_SPLITS = 16;
    private static final Map<String, String> DRIVE = Profiles.device("smartssd-2013").capabilities();

    private SchedulerBenchmark() {
    }

    /** One configuration's figures: makespan (ns) and energy (nJ) of each plan. */
    private record Row(int entrySize, String query, int drives, int cores, int splits, PlanModel.Evaluation hostOnly,
                       PlanModel.Evaluation deviceOnly, PlanModel.Evaluation fastest, int fastestOnDevice,
                       PlanModel.Evaluation leastEnergy, PlanModel.Evaluation oracleTime,
                       PlanModel.Evaluation oracleEnergy) {

        double timeToOracle() {
            return fastest.makespanNs() / (double) oracleTime.makespanNs();
        }

        double energyToOracle() {
            return leastEnergy.energyNj() / (double) oracleEnergy.energyNj();
        }

        double timeToBestStatic() {
            return fastest.makespanNs() / (double) Math.min(hostOnly.makespanNs(), deviceOnly.makespanNs());
        }

        double energyToBestStatic() {
            return leastEnergy.energyNj() / (double) Math.min(hostOnly.energyNj(), deviceOnly.energyNj());
        }
    }

    public static void main(String[] args) {
        long started = System.nanoTime();
        List<Row> rows = new ArrayList<>();
        System.out.println("| entry B | query | drives | cores | splits | host-only s | device-only s | fastest s (on device) "
                + "| oracle s | fastest/oracle | host-only J | device-only J | least-energy J | oracle J | least-energy/oracle |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int entrySize : ENTRY_SIZES) {
            for (String query : QUERIES) {
                for (int drives : DRIVES) {
                    for (int cores : CORES) {
                        Row r = run(entrySize, query, drives, cores);
                        rows.add(r);
                        System.out.println(format(r));
                    }
                }
            }
        }
        summary(rows);
        System.out.printf(Locale.ROOT, "%d configurations in %.1f s%n", rows.size(), (System.nanoTime() - started) / 1e9);
    }

    private static Row run(int entrySize, String query, int drives, int cores) {
        int splits = Math.min(64, 16 * drives);
        Meter work = TaskletRegistry.builtins().find(query).orElseThrow()
                .estimate(Params.of("entrySize", Integer.toString(entrySize)), SPLIT_BYTES, 8192);
        List<SplitWork> list = IntStream.range(0, splits).mapToObj(i -> new SplitWork(i, i % drives, SPLIT_BYTES, work))
                .toList();
        OffloadScheduler fastest = scheduler("fastest", drives, cores);
        OffloadScheduler leastEnergy = scheduler("least-energy", drives, cores);
        Placement[] fastPlan = fastest.placements(list);
        int onDevice = (int) java.util.Arrays.stream(fastPlan).filter(p -> p == Placement.DEVICE).count();
        // one evaluation function for every plan: the scheduler's plan model with its predictions
        PlanModel model = fastest.planModel();
        SplitCosts[] costs = fastest.predictAll(list);
        PlanModel.Evaluation[] oracle = oracle(model, list, costs, drives);
        return new Row(entrySize, query, drives, cores, splits,
                model.evaluate(list, costs, Planner.filled(splits, Placement.HOST)),
                model.evaluate(list, costs, Planner.filled(splits, Placement.DEVICE)),
                model.evaluate(list, costs, fastPlan), onDevice,
                model.evaluate(list, costs, leastEnergy.placements(list)), oracle[0], oracle[1]);
    }

    private static OffloadScheduler scheduler(String policy, int drives, int cores) {
        Map<String, String> conf = new HashMap<>();
        conf.put(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        conf.put(OffloadKeys.OFFLOAD_HOST_SLOTS.name(), Integer.toString(cores));
        // the planner judged on the plan model: the measured basis's margin would keep static plans
        conf.put(OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MODELED.key());
        return OffloadScheduler.create(OffloadSettings.of(conf).scheduler(), Collections.nCopies(drives, DRIVE), new long[drives]);
    }

    /** The best plans by makespan (ties: energy) and by energy (ties: makespan) over every count vector. */
    private static PlanModel.Evaluation[] oracle(PlanModel model, List<SplitWork> splits, SplitCosts[] costs, int drives) {
        int perDrive = splits.size() / drives;
        PlanModel.Evaluation[] best = new PlanModel.Evaluation[2];
        if (splits.size() <= EXHAUSTIVE_MAX_SPLITS) {
            for (long mask = 0; mask < 1L << splits.size(); mask++) {
                Placement[] p = new Placement[splits.size()];
                for (int i = 0; i < p.length; i++) {
                    p[i] = (mask >> i & 1) != 0 ? Placement.DEVICE : Placement.HOST;
                }
                keepBest(model.evaluate(splits, costs, p), best);
            }
            return best;
        }
        int[] counts = new int[drives];
        search(model, splits, costs, drives, perDrive, counts, 0, 0, best);
        return best;
    }

    private static void keepBest(PlanModel.Evaluation e, PlanModel.Evaluation[] best) {
        if (best[0] == null || e.makespanNs() < best[0].makespanNs()
                || e.makespanNs() == best[0].makespanNs() && e.energyNj() < best[0].energyNj()) {
            best[0] = e;
        }
        if (best[1] == null || e.energyNj() < best[1].energyNj()
                || e.energyNj() == best[1].energyNj() && e.makespanNs() < best[1].makespanNs()) {
            best[1] = e;
        }
    }

    /** Non-decreasing count vectors: every multiset of per-drive device counts once. */
    private static void search(PlanModel model, List<SplitWork> splits, SplitCosts[] costs, int drives, int perDrive, int[] counts,
                               int d, int min, PlanModel.Evaluation[] best) {
        if (d == drives) {
            for (boolean first : new boolean[] {true, false}) {
                keepBest(model.evaluate(splits, costs, assignment(splits, drives, perDrive, counts, first)), best);
            }
            return;
        }
        for (int k = min; k <= perDrive; k++) {
            counts[d] = k;
            search(model, splits, costs, drives, perDrive, counts, d + 1, k, best);
        }
    }

    /** Drive d's device splits are its first (or last) counts[d] splits in index order. */
    private static Placement[] assignment(List<SplitWork> splits, int drives, int perDrive, int[] counts, boolean first) {
        Placement[] p = new Placement[splits.size()];
        for (int i = 0; i < p.length; i++) {
            int d = splits.get(i).drive();
            int rank = i / drives;
            boolean device = first ? rank < counts[d] : rank >= perDrive - counts[d];
            p[i] = device ? Placement.DEVICE : Placement.HOST;
        }
        return p;
    }

    private static String format(Row r) {
        return String.format(Locale.ROOT, "| %d | %s | %d | %d | %d | %.2f | %.2f | %.2f (%d) | %.2f | %.3f | %.0f | %.0f | %.0f | %.0f | %.3f |",
                r.entrySize, r.query, r.drives, r.cores, r.splits, s(r.hostOnly), s(r.deviceOnly), s(r.fastest),
                r.fastestOnDevice, s(r.oracleTime), r.timeToOracle(), j(r.hostOnly), j(r.deviceOnly), j(r.leastEnergy),
                j(r.oracleEnergy), r.energyToOracle());
    }

    private static double s(PlanModel.Evaluation e) {
        return e.makespanNs() / 1e9;
    }

    private static double j(PlanModel.Evaluation e) {
        return e.energyNj() / 1e9;
    }

    private static void summary(List<Row> rows) {
        System.out.println();
        System.out.println("| objective | mean ratio to oracle | worst ratio to oracle | within 5% of oracle | worst ratio to best static | "
                + "better than best static by >5% |");
        System.out.println("|---|---|---|---|---|---|");
        line(rows, "makespan (fastest)", Row::timeToOracle, Row::timeToBestStatic);
        line(rows, "energy (least-energy)", Row::energyToOracle, Row::energyToBestStatic);
        Row worstTime = Collections.max(rows, java.util.Comparator.comparingDouble(Row::timeToOracle));
        Row worstEnergy = Collections.max(rows, java.util.Comparator.comparingDouble(Row::energyToOracle));
        System.out.println();
        System.out.println("worst makespan case: " + format(worstTime));
        System.out.println("worst energy case:   " + format(worstEnergy));
    }

    private static void line(List<Row> rows, String name, java.util.function.ToDoubleFunction<Row> toOracle,
                             java.util.function.ToDoubleFunction<Row> toStatic) {
        double mean = rows.stream().mapToDouble(toOracle).average().orElseThrow();
        double worst = rows.stream().mapToDouble(toOracle).max().orElseThrow();
        long within = rows.stream().filter(r -> toOracle.applyAsDouble(r) <= 1.05).count();
        double worstStatic = rows.stream().mapToDouble(toStatic).max().orElseThrow();
        long better = rows.stream().filter(r -> toStatic.applyAsDouble(r) < 0.95).count();
        System.out.printf(Locale.ROOT, "| %s | %.4f | %.4f | %d / %d | %.4f | %d / %d |%n", name, mean, worst, within,
                rows.size(), worstStatic, better, rows.size());
    }
}
