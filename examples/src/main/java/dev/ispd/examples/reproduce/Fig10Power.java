package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.Variant;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Units;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Fig. 10: whole-system power of Q1 over time, per version: for each entry size, the wr phase
 * (the host writes the dataset to the drive: host idle + the host's data-moving power, the drive
 * as its DEVICE_LOG says), a 5 s pause (host and drive idle), the exec phase ({@link VersionCost}),
 * and another pause before the next dataset (kang2013 V-C-3).
 */
final class Fig10Power {
    private Fig10Power() {
    }

    enum Phase { WR, IDLE, EXEC }

    /** One stretch of constant (average) power. */
    record Segment(Variant version, int entrySize, Phase phase, long startNs, long durationNs, double watts,
                   long energyNj) {
    }

    /** A version's energy per phase kind over all entry sizes, and what its exec phases add to an idle system. */
    record Totals(Variant version, long wrNj, long idleNj, long execNj, double minExecAddedWatts,
                  double maxExecAddedWatts) {
        long totalNj() {
            return wrNj + idleNj + execNj;
        }
    }

    record Result(List<Segment> segments, List<Totals> totals, double idleSystemWatts) {
        Totals totals(Variant v) {
            return totals.stream().filter(t -> t.version() == v).findFirst().orElseThrow();
        }
    }

    static Result compute(QueryExperiments.Result r, HostProfile host, CostModel costs) {
        long idleNw = host.power().idleNw() + costs.driveIdleNw();
        double idleWatts = idleNw / 1e9;
        List<Segment> segments = new ArrayList<>();
        Map<Variant, Totals> totals = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            long t = 0;
            long wr = 0;
            long idle = 0;
            long exec = 0;
            double minAdded = Double.MAX_VALUE;
            double maxAdded = 0;
            for (int size : Settings.ENTRY_SIZES) {
                QueryExperiments.WritePhase w = r.write(size);
                long wrNj = Units.energyNj(host.power().idleNw() + host.power().transferActiveNw(), w.timeNs())
                        + w.driveEnergyNj();
                t = add(segments, v, size, Phase.WR, t, w.timeNs(), wrNj);
                wr += wrNj;
                long pauseNj = Units.energyNj(idleNw, Settings.PAUSE_NS);
                t = add(segments, v, size, Phase.IDLE, t, Settings.PAUSE_NS, pauseNj);
                VersionCost c = r.run(Query.Q1, size, v).cost();
                t = add(segments, v, size, Phase.EXEC, t, c.timeNs(), c.systemEnergyNj());
                exec += c.systemEnergyNj();
                t = add(segments, v, size, Phase.IDLE, t, Settings.PAUSE_NS, pauseNj);
                idle += 2 * pauseNj;
                double added = c.systemWatts() - idleWatts;
                minAdded = Math.min(minAdded, added);
                maxAdded = Math.max(maxAdded, added);
            }
            totals.put(v, new Totals(v, wr, idle, exec, minAdded, maxAdded));
        }
        return new Result(List.copyOf(segments), List.copyOf(totals.values()), idleWatts);
    }

    private static long add(List<Segment> out, Variant v, int size, Phase phase, long start, long ns, long nj) {
        out.add(new Segment(v, size, phase, start, ns, ns == 0 ? 0 : nj / (double) ns, nj));
        return start + ns;
    }
}
