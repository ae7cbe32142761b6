package dev.ispd.examples.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A capacity plan for one job: its CsdPlan inputs and, for 1 to {@code maxDrives} drives, the
 * array's time beside the host's with each core count, and where each host breaks even.
 */
public record JobPlan(String id, String title, CsdPlan plan, List<Integer> cores, int maxDrives) {
    public JobPlan {
        cores = List.copyOf(cores);
        if (cores.isEmpty() || maxDrives < 1) {
            throw new IllegalArgumentException("a plan needs at least one core count and one drive");
        }
    }

    /** Times with {@code drives} drives: the CSD array's, and the host's per core count (in {@link #cores} order). */
    public record Row(int drives, double arrayS, List<Double> hostS) {
    }

    /** Where a host with {@code cores} cores breaks even: the drive count, or null if not within the plan's drives. */
    public record BreakEven(int cores, Integer drives) {
    }

    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (int n = 1; n <= maxDrives; n++) {
            int drives = n;
            out.add(new Row(n, plan.arrayS(n), cores.stream().map(p -> plan.hostS(drives, p)).toList()));
        }
        return out;
    }

    public List<BreakEven> breakEvens() {
        return cores.stream().map(p -> new BreakEven(p, boxed(plan.breakEven(p, maxDrives)))).toList();
    }

    /** The break-even drive count against {@code cores} host cores, or null. */
    public Integer breakEven(int cores) {
        return boxed(plan.breakEven(cores, maxDrives));
    }

    static Integer boxed(OptionalInt n) {
        return n.isPresent() ? n.getAsInt() : null;
    }
}
