package dev.ispd.examples.capacity;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ErrorText;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.cli.ProfileOptions;
import dev.ispd.examples.sql.SqlTranslator;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.builtin.Q1Factory;
import dev.ispd.tasklet.builtin.Q2Factory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ispd plan-capacity}: csdplan's capacity planner. For a workload (a built-in query, a SQL
 * plan, or measured costs) on a device and a host profile, or for csdplan's own jobs
 * ({@code --paper}), prints the time table over drives and host cores with each host's break-even
 * drive count, and writes capacity.json and a plot per job (docs/capacity.md).
 */
@Command(name = "ispd plan-capacity", mixinStandardHelpOptions = true,
        description = "csdplan's capacity planner: how many computational drives break even with a host reading "
                + "plain SSDs, for a workload on our profiles or csdplan's own jobs (--paper); writes capacity.json "
                + "and a plot per job.")
public final class PlanCapacity implements Callable<Integer> {
    /** The built-in queries a plan can be made for. */
    static final Map<String, TaskletFactory> QUERIES = Map.of("q1", new Q1Factory(), "q2", new Q2Factory());

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static final class Source {
        @Option(names = "--paper", description = "csdplan's own jobs from its own inputs, beside its published points")
        boolean paper;

        @Option(names = "--query", description = "a built-in query: q1 or q2")
        String query;

        @Option(names = "--sql", description = "a SELECT over WorldCup98 entries, planned as a declarative plan")
        String sql;

        @Option(names = "--measured", split = ",", paramLabel = "T_D,T_C,T'_D,T'_C",
                description = "measured costs in seconds: the host's data and one-core compute time, one drive's "
                        + "data and compute time")
        List<Double> measured;
    }

    @Option(names = "--entries", description = "WorldCup98 entries the workload scans (default: ${DEFAULT-VALUE})")
    long entries = 7_000_000;

    @Option(names = "--entry-size", description = "bytes per entry: 20, 32, 64, 128 or 256 (default: ${DEFAULT-VALUE})")
    int entrySize = 256;

    @Mixin
    ProfileOptions profiles = new ProfileOptions();

    @Option(names = "--cores", split = ",", description = "host core counts, one series each (default: 1,4,16,64)")
    List<Integer> cores = new ArrayList<>(PaperPoints.CORES);

    @Option(names = "--max-drives", description = "plan 1 to this many drives (default: ${DEFAULT-VALUE})")
    int maxDrives = PaperPoints.MAX_DRIVES;

    @Option(names = "--bus-drives", description = "K, the drives at which the host bus saturates (default: the host "
            + "profile's io.busBytesPerSec over the drive's link rate)")
    int busDrives;

    @Option(names = "--slowdown-data", description = "a: the host's data-time slow-down under load (default: 1)")
    double slowdownData = 1;

    @Option(names = "--slowdown-compute", description = "b: the host's compute slow-down under load (default: 1)")
    double slowdownCompute = 1;

    @Option(names = "--price-cpu", description = "TCO: the host CPU's price in dollars")
    Double priceCpu;

    @Option(names = "--price-ssd", description = "TCO: one SSD's price in dollars")
    Double priceSsd;

    @Option(names = "--price-csd", description = "TCO: one computational drive's price in dollars")
    Double priceCsd;

    @Option(names = "--cheaper-cpu", paramLabel = "PRICE@SLOWDOWN",
            description = "TCO: a cheaper host CPU, its price and how many times slower it computes (repeatable)")
    List<String> cheaperCpus = new ArrayList<>();

    @Option(names = "--check-scheduler", description = "also have the offload scheduler plan the job host-only and "
            + "device-only in splits of --split-bytes, for 1, 2, 4 .. --max-drives drives and each --cores, and set "
            + "its makespan beside the planner's time")
    boolean checkScheduler;

    @Option(names = "--split-bytes", description = "--check-scheduler: bytes per split (default: the file system's "
            + "chunk size, ${DEFAULT-VALUE})")
    long splitBytes = SchedulerAgreement.DEFAULT_SPLIT_BYTES;

    @Option(names = "--out", description = "directory for capacity.json and the plots (default: ${DEFAULT-VALUE})")
    Path out = Path.of("capacity-report");

    @Spec
    CommandSpec spec;

    private final PrintStream stdout = System.out;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        CommandLines.exit(new PlanCapacity(), args);
    }

    @Override
    public Integer call() throws Exception {
        CapacityReport report = report();
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new IOException("--out " + out + " cannot be created: " + ErrorText.of(e), e);
        }
        CapacityText.print(report, stdout);
        CapacityJson.write(report, out);
        CapacityPlots.write(report, out);
        stdout.printf("%nwrote %s and %d plot(s) to %s%n", CapacityJson.FILE, 2 * report.jobs().size(), out);
        return 0;
    }

    /** The report the options ask for; a bad option is a usage error naming it. */
    CapacityReport report() {
        String profile = profiles.profile();
        String hostProfile = profiles.hostProfile();
        OptionChecks checks = OptionChecks.of(spec.commandLine()).atLeast("--max-drives", maxDrives, 1)
                .atLeast("--bus-drives", busDrives, 0)
                .require(slowdownData >= 1, "--slowdown-data", slowdownData, "at least 1")
                .require(slowdownCompute >= 1, "--slowdown-compute", slowdownCompute, "at least 1")
                .require(!cores.isEmpty() && cores.stream().allMatch(c -> c >= 1), "--cores", cores,
                        "core counts of at least 1");
        if (source.paper) {
            return CapacityPlanner.paper();
        }
        CapacityPlanner.Sweep sweep = new CapacityPlanner.Sweep(cores, maxDrives, slowdownData, slowdownCompute);
        if (source.measured != null) {
            checks.require(source.measured.size() == 4 && source.measured.stream().allMatch(t -> t >= 0),
                    "--measured", source.measured, "four non-negative times in seconds: T_D,T_C,T'_D,T'_C");
            if (busDrives == 0) {
                checks.oneOf("--profile", profile, Profiles.deviceNames()).oneOf("--host-profile", hostProfile,
                        Profiles.hostNames());
            }
            int k = busDrives > 0 ? busDrives : checks.valid("--host-profile", hostProfile,
                    () -> ProfileInputs.busDrives(Profiles.device(profile), Profiles.host(hostProfile)));
            List<Double> t = source.measured;
            CsdPlan measured = checks.valid("--measured", t, () -> CsdPlan.of(t.get(0), t.get(1), t.get(2), t.get(3), k));
            return CapacityPlanner.measured(measured, sweep);
        }
        checks.oneOf("--profile", profile, Profiles.deviceNames()).oneOf("--host-profile", hostProfile,
                Profiles.hostNames()).atLeast("--entries", entries, 1);
        DeviceProfile device = Profiles.device(profile);
        HostProfile host = Profiles.host(hostProfile);
        Workload w = workload(checks, device);
        CapacityPlanner.Prices prices = prices(checks);
        if (busDrives == 0) {
            checks.valid("--host-profile", hostProfile, () -> ProfileInputs.busDrives(device, host));
        }
        checks.atLeast("--split-bytes", splitBytes, 1);
        return CapacityPlanner.profiles(device, host, w, sweep, busDrives, prices, checkScheduler ? splitBytes : 0);
    }

    private Workload workload(OptionChecks checks, DeviceProfile device) {
        long bytes = Math.multiplyExact(entries, entrySize);
        int page = device.pageSizeBytes();
        Params params = Params.of(Q1Factory.ENTRY_SIZE, Integer.toString(entrySize));
        if (source.query != null) {
            checks.oneOf("--query", source.query, QUERIES.keySet().stream().sorted().toList());
            Meter work = checks.valid("--entry-size", entrySize,
                    () -> QUERIES.get(source.query).estimate(params, bytes, page));
            return new Workload(source.query + " @" + entrySize + " B", bytes, work);
        }
        Layout layout = checks.valid("--entry-size", entrySize, () -> Layout.worldCup98(entrySize));
        PlanTaskletFactory plan = checks.valid("--sql", source.sql,
                () -> new PlanTaskletFactory("sql", SqlTranslator.translate(source.sql, layout).plan()));
        return new Workload("sql: " + source.sql, bytes, plan.estimate(Params.EMPTY, bytes, page));
    }

    private CapacityPlanner.Prices prices(OptionChecks checks) {
        boolean any = priceCpu != null || priceSsd != null || priceCsd != null || !cheaperCpus.isEmpty();
        if (!any) {
            return null;
        }
        if (priceCpu == null || priceSsd == null || priceCsd == null) {
            throw checks.usage("--price-cpu, --price-ssd and --price-csd go together: give all three");
        }
        List<CapacityPlanner.CheaperCpu> cheaper = new ArrayList<>();
        for (String c : cheaperCpus) {
            cheaper.add(checks.valid("--cheaper-cpu", c, () -> cheaperCpu(c.split("@"))));
        }
        return new CapacityPlanner.Prices(priceCpu, priceSsd, priceCsd, cheaper);
    }

    private static CapacityPlanner.CheaperCpu cheaperCpu(String[] parts) {
        if (parts.length != 2) {
            throw new IllegalArgumentException("expected PRICE@SLOWDOWN, e.g. 485@3");
        }
        try {
            double price = Double.parseDouble(parts[0]);
            double slowdown = Double.parseDouble(parts[1]);
            if (!(price >= 0) || !(slowdown >= 1)) {
                throw new IllegalArgumentException("the price must be non-negative and the slow-down at least 1");
            }
            return new CapacityPlanner.CheaperCpu(price, slowdown);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected PRICE@SLOWDOWN as two numbers, e.g. 485@3");
        }
    }
}
