package dev.ispd.examples.capacity;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.OffloadScheduler;
import dev.ispd.offload.schedule.Policy;
import dev.ispd.offload.schedule.SchedulerConfig;
import dev.ispd.offload.schedule.SplitWork;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The planner against the offload scheduler on the same job: the job is cut into splits of
 * {@code splitBytes} (the file system's chunks, dealt over the drives in turn, each with its share
 * of the workload's estimated work), the scheduler plans them all on the host and all in the
 * drives for {@code n} drives and {@code p} host slots, and its modeled makespan is set beside
 * the planner's time for the same {@code n} and {@code p}: within {@link #TOLERANCE}, or with
 * what the two models price differently.
 */
final class SchedulerAgreement {
    /** How close the two must be to agree. */
    static final double TOLERANCE = 0.10;
    /** The file system's default chunk, and so split, size. */
    static final long DEFAULT_SPLIT_BYTES = Long.parseLong(IspdKeys.FS_CHUNK_SIZE.defaultValue());

    private SchedulerAgreement() {
    }

    /** One comparison: placement (host or device), drives, cores, splits, both times, and the differences. */
    public record Case(String placement, int drives, int cores, int splits, double plannerS, double schedulerS,
                double difference, boolean within, List<String> pricedDifferently) {
    }

    static List<Case> compare(DeviceProfile device, HostProfile host, Workload w, CsdPlan plan, long splitBytes,
                              List<Integer> drives, List<Integer> cores) {
        List<Case> out = new ArrayList<>();
        for (int n : drives) {
            List<SplitWork> splits = splits(w, splitBytes, n);
            for (int p : cores) {
                double hostS = makespanNs(device, host, splits, n, p, Policy.HOST_ONLY) / 1e9;
                out.add(compared("host", n, p, splits.size(), plan.hostS(n, p), hostS, hostNotes(plan, splits.size(), n, p)));
            }
            double arrayS = makespanNs(device, host, splits, n, 1, Policy.DEVICE_ONLY) / 1e9;
            out.add(compared("device", n, 0, splits.size(), plan.arrayS(n), arrayS, deviceNotes(splits.size(), n)));
        }
        return out;
    }

    /** The drive counts compared: 1, 2, 4 .. up to {@code maxDrives}. */
    static List<Integer> driveCounts(int maxDrives) {
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n <= maxDrives; n *= 2) {
            out.add(n);
        }
        return out;
    }

    /** The job's splits: chunks of {@code splitBytes}, chunk i on drive i mod n, each with its share of the work. */
    static List<SplitWork> splits(Workload w, long splitBytes, int drives) {
        List<SplitWork> out = new ArrayList<>();
        for (long at = 0; at < w.bytes(); at += splitBytes) {
            long end = Math.min(w.bytes(), at + splitBytes);
            int i = out.size();
            out.add(new SplitWork(i, i % drives, end - at, w.between(at, end)));
        }
        return out;
    }

    private static long makespanNs(DeviceProfile device, HostProfile host, List<SplitWork> splits, int drives, int slots,
                                   Policy policy) {
        SchedulerConfig config = new SchedulerConfig(policy, 0.5, host, slots, false);
        List<Map<String, String>> caps = Collections.nCopies(drives, device.capabilities());
        OffloadScheduler scheduler = OffloadScheduler.create(config, caps, new long[drives]);
        List<Decision> decisions = scheduler.plan(splits);
        return scheduler.makespanNs(splits, decisions);
    }

    private static Case compared(String placement, int n, int p, int splits, double plannerS, double schedulerS,
                                 List<String> notes) {
        double difference = plannerS / schedulerS - 1;
        boolean within = Math.abs(difference) <= TOLERANCE;
        return new Case(placement, n, p, splits, plannerS, schedulerS, difference, within, within ? List.of() : notes);
    }

    /** What the host sides price differently for this case (the scheduler: PlanModel over HostModel per split). */
    private static List<String> hostNotes(CsdPlan plan, int splits, int n, int p) {
        List<String> out = new ArrayList<>();
        int reading = Math.min(n, plan.busDrives());
        if (p < reading) {
            out.add(f("a host split holds its slot through its transfer and its compute, so %d slot(s) read at most %d "
                    + "drive(s) at once; CsdPlan reads min(n, K) = %d at once whatever the cores and hides one split's "
                    + "compute under another's transfer (eq. 6)", p, p, reading));
        }
        if (n > plan.busDrives()) {
            out.add(f("the scheduler has no shared bus: each of the %d drives' links runs at its full rate; CsdPlan "
                    + "stops the host's reads scaling at K = %d drives", n, plan.busDrives()));
        }
        if (splits % n != 0 || splits % p != 0) {
            out.add(f("%d splits do not divide evenly over %d drive(s) and %d slot(s): the last round leaves some idle; "
                    + "CsdPlan divides the time evenly", splits, n, p));
        }
        if (p > n && plan.hostComputeS() < plan.hostDataS()) {
            out.add(f("with more slots (%d) than drives (%d), host splits queue on their drive's link; CsdPlan divides "
                    + "the compute over all the cores, the reads over the drives", p, n));
        }
        return out;
    }

    /** What the device sides price differently (the scheduler: CostModel from the drive's capabilities, per split). */
    private static List<String> deviceNotes(int splits, int n) {
        List<String> out = new ArrayList<>();
        out.add("the scheduler prices each split on its own from the drive's capabilities (CostModel): five command "
                + "latencies, the result's program and read back, and a first batch whose read nothing overlaps; the "
                + "planner prices the whole scan on the drive's own model (ModeledDrive) with no commands, as "
                + "csdplan leaves offloading overhead out (4.2)");
        if (splits % n != 0) {
            out.add(f("%d splits do not divide evenly over %d drives: the busiest drive runs %d of them; CsdPlan "
                    + "divides the data evenly", splits, n, (splits + n - 1) / n));
        }
        return out;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
