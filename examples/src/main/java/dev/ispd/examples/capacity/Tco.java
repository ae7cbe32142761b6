package dev.ispd.examples.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * Total cost of ownership as csdplan counts it (4.5, Table 4): the host CPU and the drives, no
 * recurring cost, each system sized for the same throughput. The first system is the baseline;
 * every system's mark per dollar is the baseline's CPU mark over its own cost (the table's
 * column: equal throughput), and its saving is 1 - its cost over the baseline's.
 */
public final class Tco {
    private Tco() {
    }

    /** One system: its CPU (name, benchmark mark, slow-down against the baseline's, price) and its drives. */
    public record System(String name, String cpu, int mark, double cpuSlowdown, double cpuUsd, String driveKind,
                         int drives, double driveUsd) {
        public double totalUsd() {
            return cpuUsd + drives * driveUsd;
        }
    }

    /** A system priced against the baseline; {@code markPerDollar} is null when the baseline's mark is not known (0). */
    public record Row(System system, double totalUsd, Double markPerDollar, double saved) {
    }

    public static List<Row> price(List<System> systems) {
        System base = systems.get(0);
        List<Row> out = new ArrayList<>();
        for (System s : systems) {
            Double markPerDollar = base.mark() == 0 ? null : base.mark() / s.totalUsd();
            out.add(new Row(s, s.totalUsd(), markPerDollar, 1 - s.totalUsd() / base.totalUsd()));
        }
        return out;
    }
}
