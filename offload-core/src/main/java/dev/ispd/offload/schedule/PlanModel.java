package dev.ispd.offload.schedule;

import dev.ispd.profile.Units;
import java.util.Arrays;
import java.util.List;

/**
 * The one model that prices a whole plan (the scheduler's search and the benchmark's oracle both
 * use it): the job's modeled makespan and whole-system energy for an assignment of splits.
 *
 * <p>Splits are taken in list order. A host split takes the earliest free of the host's slots,
 * then waits for its drive's link (host reads of one drive share it), moves its bytes, and
 * computes on its slot. A device split queues on its drive behind the drive's reported backlog
 * and the device splits placed there before it (a drive runs one execution at a time). A drive's
 * flash serves both kinds: the work on a drive cannot end before its backlog plus all its splits'
 * bytes at {@code flash.readBytesPerSec}. Drives that run on the host's own cores
 * ({@link SharedCores}) share them with the host's splits: the plan cannot end before the host
 * splits' time plus those drives' device splits' time, spread over the shared cores. Energy: the
 * idle power of the host and of every drive over the makespan, plus each split's added energy
 * ({@link CostModel}).
 */
final class PlanModel {
    private final int hostSlots;
    private final long[] backlogNs;
    private final long[] flashBytesPerSec;
    private final long idleNw;
    private final SharedCores shared;

    /** A plan model whose drives each have their own processor. */
    PlanModel(int hostSlots, long[] backlogNs, long[] flashBytesPerSec, long idleNw) {
        this(hostSlots, backlogNs, flashBytesPerSec, idleNw, SharedCores.NONE);
    }

    /** A plan model in which the drives {@code shared} names run on the host's cores. */
    PlanModel(int hostSlots, long[] backlogNs, long[] flashBytesPerSec, long idleNw, SharedCores shared) {
        if (hostSlots < 1) {
            throw new IllegalArgumentException("host slots must be at least 1, got " + hostSlots);
        }
        this.hostSlots = hostSlots;
        this.backlogNs = backlogNs.clone();
        this.flashBytesPerSec = flashBytesPerSec.clone();
        this.idleNw = idleNw;
        this.shared = shared;
    }

    /** A plan's figures: makespan, energy, and per split (list order) when its service starts and ends. */
    record Evaluation(long makespanNs, long energyNj, long[] startNs, long[] finishNs) {
        /** Sum of the splits' finish times: a tie-breaker that prefers plans finishing work sooner. */
        long totalFinishNs() {
            return Arrays.stream(finishNs).sum();
        }
    }

    Evaluation evaluate(List<SplitWork> splits, SplitCosts[] costs, Placement[] placement) {
        State s = start(splits.size());
        for (int i = 0; i < placement.length; i++) {
            s.add(i, splits.get(i), costs[i], placement[i]);
        }
        return s.evaluation();
    }

    /**
     * A makespan no placement of {@code splits} beats, whichever side each split takes: each split
     * costs at least its cheaper side's time, on one lane (a host slot or its drive) or, for a drive
     * on the host's cores, on those cores; each drive's flash reads its splits' bytes either way.
     * So the plan lasts at least the longest split, the least work over all lanes, the least work
     * on the shared cores over them, and each drive's backlog and reads.
     */
    long floorNs(List<SplitWork> splits, SplitCosts[] costs) {
        long leastWork = 0;
        long leastSharedWork = 0;
        long longest = 0;
        long[] flash = new long[backlogNs.length];
        boolean[] holds = new boolean[backlogNs.length];
        for (int i = 0; i < costs.length; i++) {
            int d = splits.get(i).drive();
            long least = Math.min(costs[i].host().timeNs(), costs[i].device().timeNs());
            leastWork += least;
            leastSharedWork += shared.shares(d) ? least : 0;
            longest = Math.max(longest, least);
            flash[d] += Units.transferNs(splits.get(i).bytes(), flashBytesPerSec[d]);
            holds[d] = true;
        }
        long floor = Math.max(longest, leastWork / (hostSlots + backlogNs.length));
        if (shared.any()) {
            floor = Math.max(floor, leastSharedWork / shared.cores());
        }
        for (int d = 0; d < holds.length; d++) {
            if (holds[d]) {
                floor = Math.max(floor, backlogNs[d] + flash[d]);
            }
        }
        return floor;
    }

    /**
     * The states of {@code placement} after its first k splits, k = 0..n: a change at split i
     * re-prices only the splits from i on ({@link #evaluateFrom}), since splits are taken in order.
     */
    State[] prefixes(List<SplitWork> splits, SplitCosts[] costs, Placement[] placement) {
        State[] prefix = new State[placement.length + 1];
        prefix[0] = start(placement.length);
        for (int i = 0; i < placement.length; i++) {
            prefix[i + 1] = prefix[i].copy();
            prefix[i + 1].add(i, splits.get(i), costs[i], placement[i]);
        }
        return prefix;
    }

    /** {@code placement}'s state, its splits before {@code from} as placed in {@code prefix} (left unchanged). */
    State continueFrom(State prefix, int from, List<SplitWork> splits, SplitCosts[] costs, Placement[] placement) {
        State s = prefix.copy();
        for (int i = from; i < placement.length; i++) {
            s.add(i, splits.get(i), costs[i], placement[i]);
        }
        return s;
    }

    State start(int splits) {
        return new State(splits);
    }

    /** A plan being built split by split, in list order. */
    final class State {
        private final long[] slotFree = new long[hostSlots];
        private final long[] linkFree = new long[backlogNs.length];
        private final long[] deviceFree = backlogNs.clone();
        private final long[] flashNs = new long[backlogNs.length];
        private final boolean[] used = new boolean[backlogNs.length];
        private final long[] startNs;
        private final long[] finishNs;
        private long addedNj;
        private long lastFinishNs;
        private long sharedWorkNs;

        private State(int splits) {
            startNs = new long[splits];
            finishNs = new long[splits];
        }

        private State(State o) {
            System.arraycopy(o.slotFree, 0, slotFree, 0, slotFree.length);
            System.arraycopy(o.linkFree, 0, linkFree, 0, linkFree.length);
            System.arraycopy(o.deviceFree, 0, deviceFree, 0, deviceFree.length);
            System.arraycopy(o.flashNs, 0, flashNs, 0, flashNs.length);
            System.arraycopy(o.used, 0, used, 0, used.length);
            startNs = o.startNs.clone();
            finishNs = o.finishNs.clone();
            addedNj = o.addedNj;
            lastFinishNs = o.lastFinishNs;
            sharedWorkNs = o.sharedWorkNs;
        }

        State copy() {
            return new State(this);
        }

        /** Places split {@code i} (list position); returns when it finishes. */
        long add(int i, SplitWork split, SplitCosts cost, Placement p) {
            int d = split.drive();
            if (d >= deviceFree.length) {
                throw new IllegalArgumentException("split " + split.index() + " names drive " + d + ", but the plan has "
                        + deviceFree.length + " drive(s)");
            }
            long start;
            long finish;
            if (p == Placement.HOST) {
                int slot = 0;
                for (int k = 1; k < slotFree.length; k++) {
                    if (slotFree[k] < slotFree[slot]) {
                        slot = k;
                    }
                }
                start = Math.max(slotFree[slot], linkFree[d]);
                linkFree[d] = start + cost.hostLinkNs();
                finish = start + cost.host().timeNs();
                slotFree[slot] = finish;
            } else {
                start = deviceFree[d];
                finish = start + cost.device().timeNs();
                deviceFree[d] = finish;
            }
            if (p == Placement.HOST || shared.shares(d)) {
                sharedWorkNs += cost.of(p).timeNs();
            }
            flashNs[d] += Units.transferNs(split.bytes(), flashBytesPerSec[d]);
            used[d] = true;
            addedNj += cost.of(p).energyNj();
            startNs[i] = start;
            finishNs[i] = finish;
            lastFinishNs = Math.max(lastFinishNs, finish);
            return finish;
        }

        long makespanNs() {
            long m = lastFinishNs;
            for (int d = 0; d < used.length; d++) {
                if (used[d]) {
                    m = Math.max(m, backlogNs[d] + flashNs[d]);
                }
            }
            return shared.any() ? Math.max(m, sharedWorkNs / shared.cores()) : m;
        }

        long energyNj() {
            return addedNj + Units.energyNj(idleNw, makespanNs());
        }

        /** Sum of the finish times of the splits placed so far ({@link Evaluation#totalFinishNs()}). */
        long totalFinishNs() {
            return Arrays.stream(finishNs).sum();
        }

        Evaluation evaluation() {
            return new Evaluation(makespanNs(), energyNj(), startNs.clone(), finishNs.clone());
        }
    }
}
