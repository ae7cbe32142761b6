package dev.ispd.examples.report;

import dev.ispd.offload.schedule.Decision;
import java.io.PrintStream;
import java.util.List;

/** Where each split was placed and why, with the scheduler's predicted host and device costs: one line a split. */
public final class SplitPlacements {
    private SplitPlacements() {
    }

    public static void print(PrintStream out, List<Decision> decisions) {
        for (Decision d : decisions) {
            out.printf("  split %2d on drive %d -> %-6s host %.3f s / %.2f J, device %.3f s / %.2f J: %s%n",
                    d.index(), d.drive(), d.placement(), d.host().timeNs() / 1e9, d.host().energyNj() / 1e9,
                    d.device().timeNs() / 1e9, d.device().energyNj() / 1e9, d.reason());
        }
    }
}
