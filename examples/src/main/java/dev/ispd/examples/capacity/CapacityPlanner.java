package dev.ispd.examples.capacity;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.tasklet.Meter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds a {@link CapacityReport}: csdplan's own jobs on the paper's inputs, or one workload on our
 * profiles (priced by {@link ProfileInputs}), or measured costs given directly.
 */
public final class CapacityPlanner {
    private CapacityPlanner() {
    }

    /** What a plan sweeps and how the host is loaded: core counts, 1..maxDrives, slow-down factors a and b. */
    public record Sweep(List<Integer> cores, int maxDrives, double dataSlowdown, double computeSlowdown) {
        public Sweep {
            cores = List.copyOf(cores);
        }
    }

    /** TCO prices: the host's CPU, an SSD and a CSD, and cheaper CPUs. */
    public record Prices(double cpuUsd, double ssdUsd, double csdUsd, List<CheaperCpu> cheaperCpus) {
        public Prices {
            cheaperCpus = List.copyOf(cheaperCpus);
        }
    }

    /** A cheaper host CPU: its price and how many times slower it computes than the host's. */
    public record CheaperCpu(double usd, double slowdown) {
    }

    /** csdplan's published jobs and points, from its own inputs (the {@code --paper} run). */
    public static CapacityReport paper() {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("source", "csdplan (papers/csdplan-capacity-planning.txt), its own inputs");
        run.put("timeUnit", "Host(1, 1) = 1");
        run.put("busDrives", (int) PaperInputs.BUS_DRIVES.value());
        run.put("maxDrives", PaperPoints.MAX_DRIVES);
        return new CapacityReport(run, PaperPoints.jobs(), PaperInputs.ALL, PaperPoints.points(),
                Tco.price(PaperPoints.TABLE4), List.of());
    }

    /**
     * One workload on a device and a host profile; {@code busDrives} 0 takes K from the profiles;
     * {@code checkSplitBytes} above 0 also has the offload scheduler plan the job in splits of that
     * size and sets its makespan beside the planner's time ({@link SchedulerAgreement}).
     */
    public static CapacityReport profiles(DeviceProfile device, HostProfile host, Workload w, Sweep sweep, int busDrives,
                                          Prices prices, long checkSplitBytes) {
        CsdPlan base = ProfileInputs.plan(device, host, w);
        CsdPlan plan = new CsdPlan(base.hostDataS(), base.hostComputeS(), base.driveDataS(), base.driveComputeS(),
                busDrives > 0 ? busDrives : base.busDrives(), sweep.dataSlowdown(), sweep.computeSlowdown());
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("source", "profiles");
        run.put("workload", w.name());
        run.put("bytes", w.bytes());
        run.put("work", counts(w.work()));
        run.put("deviceProfile", device.name());
        run.put("hostProfile", host.name());
        run.put("timeUnit", "s");
        run.put("busDrives", plan.busDrives());
        run.put("busDrivesFrom", busDrives > 0 ? "--bus-drives" : "io.busBytesPerSec / link.bandwidthBytesPerSec");
        run.put("maxDrives", sweep.maxDrives());
        List<ProfileNumber> inputs = new ArrayList<>();
        device.parameters().forEach(p -> inputs.add(ProfileNumber.of(device.name(), p)));
        host.parameters().forEach(p -> inputs.add(ProfileNumber.of(host.name(), p)));
        JobPlan job = new JobPlan(slug(w.name()), w.name() + " on " + device.name() + " vs " + host.name(), plan,
                sweep.cores(), sweep.maxDrives());
        List<SchedulerAgreement.Case> scheduler = List.of();
        if (checkSplitBytes > 0) {
            run.put("checkSplitBytes", checkSplitBytes);
            scheduler = SchedulerAgreement.compare(device, host, w, plan, checkSplitBytes,
                    SchedulerAgreement.driveCounts(sweep.maxDrives()), sweep.cores());
        }
        return new CapacityReport(run, List.of(job), inputs, List.of(), tco(job, prices), scheduler);
    }

    /** Measured costs given directly (seconds), with K given. */
    public static CapacityReport measured(CsdPlan measured, Sweep sweep) {
        CsdPlan plan = measured.withHostSlowdown(sweep.dataSlowdown(), sweep.computeSlowdown());
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("source", "measured costs (--measured)");
        run.put("timeUnit", "s");
        run.put("busDrives", plan.busDrives());
        run.put("maxDrives", sweep.maxDrives());
        JobPlan job = new JobPlan("measured", "measured costs", plan, sweep.cores(), sweep.maxDrives());
        return new CapacityReport(run, List.of(job), List.of(), List.of(), List.of(), List.of());
    }

    /**
     * The TCO of csdplan 4.5 for our job: an SSD-system with the first core count's break-even
     * number of SSDs, the same host with as many CSDs, and each cheaper CPU with the CSDs eq. 8
     * gives when its compute is that much slower. Empty without prices or a break-even.
     */
    static List<Tco.Row> tco(JobPlan job, Prices prices) {
        int cores = job.cores().get(0);
        Integer drives = job.breakEven(cores);
        if (prices == null || drives == null) {
            return List.of();
        }
        List<Tco.System> systems = new ArrayList<>();
        systems.add(new Tco.System("SSD-system", "host CPU", 0, 1, prices.cpuUsd(), "SSD", drives, prices.ssdUsd()));
        systems.add(new Tco.System("CSD-system", "host CPU", 0, 1, prices.cpuUsd(), "CSD", drives, prices.csdUsd()));
        for (CheaperCpu cpu : prices.cheaperCpus()) {
            CsdPlan slower = job.plan().withHostSlowdown(job.plan().dataSlowdown(),
                    job.plan().computeSlowdown() * cpu.slowdown());
            Integer n = JobPlan.boxed(slower.breakEven(cores, job.maxDrives()));
            systems.add(new Tco.System("CSD-system, CPU $" + (long) cpu.usd() + " (" + cpu.slowdown() + "x slower)",
                    "cheaper CPU", 0, cpu.slowdown(), cpu.usd(), "CSD", n == null ? job.maxDrives() : n,
                    prices.csdUsd()));
        }
        return Tco.price(systems);
    }

    /** The meter's counts by name, for the report. */
    private static Map<String, Long> counts(Meter m) {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("records", m.records());
        out.put("dramAccesses", m.dramAccesses());
        out.put("compares", m.compares());
        out.put("hashUpdates", m.hashUpdates());
        out.put("bytesOut", m.bytesOut());
        out.put("instructions", m.instructions());
        return out;
    }

    private static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.length() > 40 ? s.substring(0, 40).replaceAll("-$", "") : s;
    }
}
