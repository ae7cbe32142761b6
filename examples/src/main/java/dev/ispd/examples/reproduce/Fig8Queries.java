package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.Variant;
import java.util.ArrayList;
import java.util.List;

/** Fig. 8: the modeled time of Q1 and Q2 per entry size and version, and the device's speedups. */
final class Fig8Queries {
    private Fig8Queries() {
    }

    /** One bar group: the three versions' modeled times and host / device for each host version. */
    record Row(Query query, int entrySize, long hostNormalNs, long hostOptimizedNs, long deviceNs,
               double speedupOverHostNormal, double speedupOverHostOptimized) {
    }

    static List<Row> rows(QueryExperiments.Result r) {
        List<Row> rows = new ArrayList<>();
        for (Query q : Settings.QUERIES) {
            for (int size : Settings.ENTRY_SIZES) {
                long normal = r.run(q, size, Variant.HOST_NORMAL).cost().timeNs();
                long optimized = r.run(q, size, Variant.HOST_OPTIMIZED).cost().timeNs();
                long device = r.run(q, size, Variant.DEVICE).cost().timeNs();
                rows.add(new Row(q, size, normal, optimized, device, normal / (double) device,
                        optimized / (double) device));
            }
        }
        return List.copyOf(rows);
    }

    static Row row(List<Row> rows, Query q, int entrySize) {
        return rows.stream().filter(x -> x.query() == q && x.entrySize() == entrySize).findFirst().orElseThrow();
    }
}
