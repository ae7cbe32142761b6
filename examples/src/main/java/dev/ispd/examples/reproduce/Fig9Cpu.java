package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.Variant;
import java.util.ArrayList;
import java.util.List;

/**
 * Fig. 9: host CPU use of the three versions of Q1 at 256-byte entries, as percentages of all
 * cores over each version's own run: user (the application), kernel (the I/O path) and idle.
 */
final class Fig9Cpu {
    static final int ENTRY_SIZE = 256;

    private Fig9Cpu() {
    }

    record Row(Variant version, double userPercent, double kernelPercent, double idlePercent) {
    }

    static List<Row> rows(QueryExperiments.Result r, int cores) {
        List<Row> rows = new ArrayList<>();
        for (Variant v : Variant.values()) {
            VersionCost c = r.run(Query.Q1, ENTRY_SIZE, v).cost();
            double all = (double) c.timeNs() * cores;
            double user = 100 * c.hostUserNs() / all;
            double kernel = 100 * c.hostKernelNs() / all;
            rows.add(new Row(v, user, kernel, 100 - user - kernel));
        }
        return List.copyOf(rows);
    }
}
