package dev.ispd.offload.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Chooses a placement per split for a cost-based policy, on the {@link PlanModel}. Three starting
 * plans (a greedy list schedule in split order, all-host, all-device) are each improved by local
 * search, moving one split (or, when no single move helps, two) to its other placement while that
 * strictly improves the policy's objective; the best result wins (ties: the earlier start). Starting from both static
 * plans means the result is never worse than either on the model. Deterministic.
 *
 * <p>The greedy step places each split where the policy prefers the partial plan: fastest, where
 * the split finishes earlier (ties: less energy, then host); least-energy and weighted, where the
 * partial plan's objective is lower.
 */
final class Planner {
    /** Pair moves cost n^3 per round; past this many splits only single moves are tried. */
    static final int PAIR_MOVES_MAX_SPLITS = 128;

    private final PlanModel model;

    Planner(PlanModel model) {
        this.model = model;
    }

    /** The objective of a policy: a key compared lexicographically, lower is better. */
    interface Objective {
        double[] key(long makespanNs, long energyNj, long totalFinishNs);

        default int compare(double[] a, double[] b) {
            return Arrays.compare(a, b);
        }
    }

    /** The objective {@code policy} minimises; weighted normalises by the all-host plan's figures. */
    Objective objective(Policy policy, double weight, List<SplitWork> splits, SplitCosts[] costs) {
        return switch (policy) {
            case FASTEST, HOST_ONLY, DEVICE_ONLY -> (m, e, f) -> new double[] {m, e, f};
            case LEAST_ENERGY -> (m, e, f) -> new double[] {e, m, f};
            case WEIGHTED -> {
                PlanModel.Evaluation host = model.evaluate(splits, costs, filled(splits.size(), Placement.HOST));
                double m0 = Math.max(1, host.makespanNs());
                double e0 = Math.max(1, host.energyNj());
                yield (m, e, f) -> new double[] {weight * m / m0 + (1 - weight) * e / e0, m, e};
            }
        };
    }

    Placement[] plan(Policy policy, double weight, List<SplitWork> splits, SplitCosts[] costs) {
        int n = splits.size();
        if (policy == Policy.HOST_ONLY) {
            return filled(n, Placement.HOST);
        }
        if (policy == Policy.DEVICE_ONLY) {
            return filled(n, Placement.DEVICE);
        }
        Objective objective = objective(policy, weight, splits, costs);
        Placement[] best = null;
        double[] bestKey = null;
        List<Placement[]> starts = new ArrayList<>();
        for (Placement[] start : List.of(greedy(policy, objective, splits, costs), filled(n, Placement.HOST),
                filled(n, Placement.DEVICE))) {
            if (starts.stream().noneMatch(earlier -> Arrays.equals(earlier, start))) {
                starts.add(start); // a start equal to an earlier one (greedy put all on one side) searches alike
            }
        }
        for (Placement[] start : starts) {
            double[] key = improve(start, objective, splits, costs);
            if (best == null || objective.compare(key, bestKey) < 0) {
                best = start;
                bestKey = key;
            }
        }
        return best;
    }

    double[] key(Objective objective, PlanModel.Evaluation e) {
        return objective.key(e.makespanNs(), e.energyNj(), e.totalFinishNs());
    }

    private Placement[] greedy(Policy policy, Objective objective, List<SplitWork> splits, SplitCosts[] costs) {
        Placement[] out = new Placement[splits.size()];
        PlanModel.State state = model.start(splits.size());
        for (int i = 0; i < out.length; i++) {
            PlanModel.State onHost = state.copy();
            PlanModel.State onDevice = state.copy();
            long hostEnd = onHost.add(i, splits.get(i), costs[i], Placement.HOST);
            long deviceEnd = onDevice.add(i, splits.get(i), costs[i], Placement.DEVICE);
            int cmp;
            if (policy == Policy.FASTEST) {
                cmp = deviceEnd != hostEnd ? Long.compare(deviceEnd, hostEnd)
                        : Long.compare(onDevice.energyNj(), onHost.energyNj());
            } else {
                cmp = objective.compare(objective.key(onDevice.makespanNs(), onDevice.energyNj(), 0),
                        objective.key(onHost.makespanNs(), onHost.energyNj(), 0));
            }
            out[i] = cmp < 0 ? Placement.DEVICE : Placement.HOST;
            state = out[i] == Placement.DEVICE ? onDevice : onHost;
        }
        return out;
    }

    /**
     * Local search in place: single-split moves while they strictly improve; when none does, one
     * improving move of two splits at once (which gets past plateaus where one move alone changes
     * nothing, or trades a queue on one side for one on the other), then single moves again. Pair
     * moves only up to {@link #PAIR_MOVES_MAX_SPLITS} splits. Returns the final key.
     */
    private double[] improve(Placement[] plan, Objective objective, List<SplitWork> splits, SplitCosts[] costs) {
        double[] best = key(objective, model.evaluate(splits, costs, plan));
        for (int round = 0; round <= plan.length; round++) {
            best = singleMoves(plan, best, objective, splits, costs);
            if (plan.length > PAIR_MOVES_MAX_SPLITS) {
                break;
            }
            double[] paired = pairMove(plan, best, objective, splits, costs);
            if (paired == best) {
                break;
            }
            best = paired;
        }
        return best;
    }

    private double[] singleMoves(Placement[] plan, double[] start, Objective objective, List<SplitWork> splits,
                                 SplitCosts[] costs) {
        double[] best = start;
        boolean improved = true;
        for (int pass = 0; improved && pass <= plan.length; pass++) {
            improved = false;
            PlanModel.State[] prefix = model.prefixes(splits, costs, plan);
            for (int i = 0; i < plan.length; i++) {
                plan[i] = plan[i].other();
                double[] k = keyFrom(prefix[i], i, plan, objective, splits, costs);
                if (objective.compare(k, best) < 0) {
                    best = k;
                    improved = true;
                    for (int j = i; j < plan.length; j++) { // the prefixes from the moved split on
                        prefix[j + 1] = prefix[j].copy();
                        prefix[j + 1].add(j, splits.get(j), costs[j], plan[j]);
                    }
                } else {
                    plan[i] = plan[i].other();
                }
            }
        }
        return best;
    }

    /** The first move of two splits that strictly improves, applied; returns its key, or {@code best} if none. */
    private double[] pairMove(Placement[] plan, double[] best, Objective objective, List<SplitWork> splits,
                              SplitCosts[] costs) {
        PlanModel.State[] prefix = model.prefixes(splits, costs, plan);
        for (int i = 0; i < plan.length; i++) {
            plan[i] = plan[i].other();
            PlanModel.State upTo = prefix[i].copy(); // the plan up to split j (excluded), split i moved
            upTo.add(i, splits.get(i), costs[i], plan[i]);
            for (int j = i + 1; j < plan.length; j++) {
                plan[j] = plan[j].other();
                double[] k = keyFrom(upTo, j, plan, objective, splits, costs);
                if (objective.compare(k, best) < 0) {
                    return k;
                }
                plan[j] = plan[j].other();
                upTo.add(j, splits.get(j), costs[j], plan[j]);
            }
            plan[i] = plan[i].other();
        }
        return best;
    }

    /** The objective's key of {@code plan}, its splits before {@code from} as placed in {@code prefix} (left unchanged). */
    private double[] keyFrom(PlanModel.State prefix, int from, Placement[] plan, Objective objective,
                             List<SplitWork> splits, SplitCosts[] costs) {
        PlanModel.State s = model.continueFrom(prefix, from, splits, costs, plan);
        return objective.key(s.makespanNs(), s.energyNj(), s.totalFinishNs());
    }

    static Placement[] filled(int n, Placement p) {
        Placement[] out = new Placement[n];
        Arrays.fill(out, p);
        return out;
    }
}
