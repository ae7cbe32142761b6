package dev.ispd.examples.bench;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.cli.WorkloadOptions;
import dev.ispd.examples.bench.Q1Jobs.TimedRun;
import dev.ispd.examples.queries.Query;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.mapreduce.LocalRunnerPolling;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Wall-clock benchmark of issue 3 point 9 and issue 24 point 3: WorldCup98 Q1 and Q2 as DeviceJobs
 * against the stock Hadoop jobs ({@link dev.ispd.examples.queries.HostNormalQ1}) over the same osd:// file. Starts simulated
 * drives in this JVM (objects on disk under {@code --dir}), writes the entries once, then runs the
 * stock job and then the DeviceJob with the default policy, device-only and host-only in the
 * order {@link RunOrder} gives, {@code --runs} times or until the default policy's verdict settles
 * ({@link Rounds}; the default policy after {@value #FASTEST_WARM_UPS} untimed jobs its measured cost
 * basis learns from), all in Hadoop's local runner with the same settings. Prints each job's
 * median wall time (only {@code waitForCompletion} is timed), its speed-up over the stock job,
 * whether its reducer output equals the stock job's, the policies' medians side by side with the
 * default policy's verdict against the best static one ({@link PolicyVerdict}), and the counters
 * (modeled figures) for context.
 * Exit status 1 if any output differs.
 */
@Command(name = "ispd bench-wallclock", mixinStandardHelpOptions = true,
        description = "Times WorldCup98 Q1 and Q2 each as a stock Hadoop job and as a DeviceJob (default policy, "
                + "device-only and host-only) over the same osd:// file on in-JVM simulated drives.")
public final class WallClockQ1 implements Callable<Integer> {
    /** Jobs of the default policy run untimed first, so that its measured cost basis has learnt. */
    static final int FASTEST_WARM_UPS = 3;

    /** The paper's two counting queries, each timed in full before the next. */
    static final List<Query> QUERIES = List.of(Query.Q1, Query.Q2);

    @Mixin
    WorkloadOptions workload = new WorkloadOptions(7_000_000, 2, 64L << 20);

    @Mixin
    RoundsOptions timing = new RoundsOptions(9);

    @Option(names = "--map-slots", description = "map tasks the local runner runs at once "
            + "(mapreduce.local.map.tasks.maximum; default: the cores available, ${DEFAULT-VALUE})")
    int mapSlots = Runtime.getRuntime().availableProcessors();

    @Option(names = "--dir", description = "where the drives keep their objects and Hadoop its local files; "
            + "a new directory is made in it and deleted at the end (default: ${DEFAULT-VALUE})")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Spec
    CommandSpec spec;

    private final PrintStream out;

    public WallClockQ1() {
        this(System.out);
    }

    WallClockQ1(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        CommandLines.exit(new WallClockQ1(), args);
    }

    private Rounds rounds;

    @Override
    public Integer call() throws Exception {
        validate();
        Path work = Files.createTempDirectory(Files.createDirectories(dir), "ispd-wallclock-");
        try (EmbeddedDrives started = workload.drivesBuilder()
                .directory(work.resolve("drives")).start()) {
            try {
                return benchmark(started, work);
            } finally {
                FileSystem.closeAll(); // the jobs' cached osd:// clients, before their drives stop
            }
        } finally {
            deleteTree(work);
        }
    }

    private int benchmark(EmbeddedDrives started, Path work) throws Exception {
        out.printf("%d simulated %s drive(s) under %s; %d cores, %d map slots; load average %.2f%n", workload.drives(),
                workload.profile(), work, Runtime.getRuntime().availableProcessors(), mapSlots, loadAverage());
        Configuration conf = configuration(started, work);
        long entries = workload.entries();
        int entrySize = workload.entrySize();
        org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("osd:///worldcup/wc-" + entrySize + ".bin");
        long loadStart = System.nanoTime();
        long bytes = new WorldCupLoader(workload.seed(), entries, entrySize).load(FileSystem.get(URI.create("osd:///"), conf), input);
        out.printf("wrote %,d entries of %d B (%.2f GB) to %s in %.1f s%n", entries, entrySize, bytes / 1e9, input,
                (System.nanoTime() - loadStart) / 1e9);

        List<String> policies = Stream.of(defaultPolicy(conf), "device-only", "host-only").distinct().toList();
        out.printf("timed: %s per query%n", rounds.describe("runs"));
        boolean identical = true;
        for (Query query : QUERIES) {
            identical &= benchmark(query, conf, input, policies, work);
        }
        return identical ? 0 : 1;
    }

    /**
     * The stock job and the DeviceJob under each policy for {@code query}, after the default
     * policy's warm-ups of that query (the measured basis learns per plan shape); prints the
     * tables; true if every output equals the stock job's.
     */
    private boolean benchmark(Query query, Configuration conf, org.apache.hadoop.fs.Path input, List<String> policies,
                              Path work) throws Exception {
        out.printf("%n%s%n", query);
        int entrySize = workload.entrySize();
        Map<String, List<TimedRun>> byJob = new LinkedHashMap<>();
        Map<String, List<TimedRun>> warmUps = new LinkedHashMap<>();
        for (int w = 1; w <= FASTEST_WARM_UPS; w++) { // the measured basis learns from each (issue 24, point 3)
            record(warmUps, w, query + " warm-up " + policies.get(0),
                    output -> Q1Jobs.device(conf, query, policies.get(0), input, output), work);
        }
        for (int run = 1; !rounds.enough(run - 1, n -> verdict(query, byJob, policies)); run++) {
            record(byJob, run, query + " " + Q1Jobs.STOCK,
                    output -> Q1Jobs.stock(conf, query, entrySize, input, output), work);
            for (String policy : RunOrder.of(policies, run)) {
                record(byJob, run, query + " DeviceJob " + policy,
                        output -> Q1Jobs.device(conf, query, policy, input, output), work);
            }
        }
        String stock = query + " " + Q1Jobs.STOCK;
        boolean identical = printTimes(byJob, stock);
        printPolicies(query, byJob, policies);
        printAnswer(query, byJob.get(stock).get(0).output());
        printCounters(byJob, stock);
        return identical;
    }

    private void validate() {
        rounds = timing.rounds(workload.check(OptionChecks.of(spec.commandLine())).atLeast("--map-slots", mapSlots, 1));
    }

    /**
     * One Configuration for every job: the drives, the local runner with all cores, fast client
     * polling, and the measured cost basis (the scheduler a user on this machine gets; every
     * DeviceJob records its wall clock alike).
     */
    private Configuration configuration(EmbeddedDrives started, Path work) {
        Configuration conf = WorldCupDrives.configuration(started, workload.chunkSize(), workload.entrySize(),
                workload.hostProfile());
        conf.set(OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MEASURED.key());
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
        conf.setInt("mapreduce.local.map.tasks.maximum", mapSlots);
        conf.setInt(OffloadKeys.OFFLOAD_HOST_SLOTS.name(), mapSlots);
        // both kinds of job poll for completion as a local DeviceJob does
        LocalRunnerPolling.apply(conf);
        return conf;
    }

    private static String defaultPolicy(Configuration conf) {
        return HadoopSettings.resolve(conf).scheduler().policy().key();
    }

    /** Builds, runs and times one job, prints its line and adds it to {@code byJob}. */
    private void record(Map<String, List<TimedRun>> byJob, int run, String name, JobBuilder builder, Path work)
            throws Exception {
        Path output = work.resolve("out").resolve(name.replace(' ', '-') + "-" + run);
        Q1Jobs.Q1Job job = builder.build(output);
        JvmTimes before = JvmTimes.now();
        TimedRun r = Q1Jobs.run(name, job, output);
        JvmTimes inside = JvmTimes.now().since(before);
        out.printf("run %d: %-28s %8.2f s wall, %6.2f s JVM CPU, %s (load average %.2f)%n", run, name, r.wallNs() / 1e9,
                r.cpuNs() / 1e9, inside, loadAverage());
        byJob.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
    }

    /** A job writing its output to a given local directory. */
    private interface JobBuilder {
        Q1Jobs.Q1Job build(Path output) throws IOException;
    }

    /** The table of medians; true if every run's output equals the first stock run's. */
    private boolean printTimes(Map<String, List<TimedRun>> byJob, String stock) {
        String reference = byJob.get(stock).get(0).output();
        double stockMedian = median(byJob.get(stock).stream().mapToDouble(r -> r.wallNs() / 1e9));
        boolean allIdentical = true;
        out.printf("%nwall clock, median of %d run(s) (System.nanoTime around waitForCompletion); JVM CPU: this process's "
                + "CPU time over the same interval, host and in-JVM drives together (median)%n", byJob.get(stock).size());
        out.printf("  %-25s %10s %14s %12s %18s%n", "job", "wall s", "stock / this", "JVM CPU s", "output = stock's");
        for (Map.Entry<String, List<TimedRun>> e : byJob.entrySet()) {
            boolean identical = e.getValue().stream().allMatch(r -> r.output().equals(reference));
            allIdentical &= identical;
            double median = median(e.getValue().stream().mapToDouble(r -> r.wallNs() / 1e9));
            double cpu = median(e.getValue().stream().mapToDouble(r -> r.cpuNs() / 1e9));
            out.printf("  %-25s %10.2f %13.1fx %12.2f %18s%n", e.getKey(), median, stockMedian / median, cpu,
                    identical ? "yes" : "NO");
        }
        return allIdentical;
    }

    /**
     * The default policy's median over the best static policy's and whether the runs settle that it
     * is within 10% (issue 24 point 3; {@link PolicyVerdict}), the policies' medians beside it.
     */
    private void printPolicies(Query query, Map<String, List<TimedRun>> byJob, List<String> policies) {
        PolicyVerdict verdict = verdict(query, byJob, policies);
        if (verdict == null) {
            return;
        }
        double[] fastest = walls(byJob, query, policies.get(0));
        out.printf("  %s DeviceJob, median wall s (measured basis, %s after %d warm-up jobs): %s %.2f, %s%n", query,
                policies.get(0), FASTEST_WARM_UPS, policies.get(0), median(DoubleStream.of(fastest)),
                String.join(", ", policies.subList(1, policies.size()).stream().map(p -> String.format("%s %.2f", p,
                        median(DoubleStream.of(walls(byJob, query, p))))).toList()));
        out.println("  " + verdict.line(query.toString(), fastest.length));
    }

    /**
     * The default policy's verdict against the best static one over the runs so far, as
     * {@link Rounds#verdict} judges it; null where the default policy is a static one.
     */
    private PolicyVerdict verdict(Query query, Map<String, List<TimedRun>> byJob, List<String> policies) {
        if (policies.size() < 3) {
            return null;
        }
        Map<String, double[]> statics = new LinkedHashMap<>();
        policies.subList(1, policies.size()).forEach(p -> statics.put(p, walls(byJob, query, p)));
        return rounds.verdict(policies.get(0), walls(byJob, query, policies.get(0)), statics);
    }

    /** The wall clocks of {@code policy}'s DeviceJob runs of {@code query}, s, by run. */
    private static double[] walls(Map<String, List<TimedRun>> byJob, Query query, String policy) {
        return byJob.get(query + " DeviceJob " + policy).stream().mapToDouble(r -> r.wallNs() / 1e9).toArray();
    }

    /** Q1's accesses per region; Q2's (region, type) pairs are many, so only their count. */
    private void printAnswer(Query query, String output) {
        if (query == Query.Q2) {
            out.printf("%nQ2: %d (region, type) pairs with accesses (reducer output)%n", output.lines().count());
            return;
        }
        out.printf("%nQ1: accesses per region (reducer output)%n");
        output.lines().map(line -> line.split("\t"))
                .forEach(kv -> out.printf("  %-12s %,12d%n", kv[0], Long.parseLong(kv[1])));
    }

    /** Counters of each job's last run: Hadoop's record path for the stock job, the modeled figures for the DeviceJobs. */
    private void printCounters(Map<String, List<TimedRun>> byJob, String stock) {
        out.printf("%ncounters of the last run%n");
        for (Map.Entry<String, List<TimedRun>> e : byJob.entrySet()) {
            Counters c = e.getValue().get(e.getValue().size() - 1).counters();
            if (e.getKey().equals(stock)) {
                out.printf("  %-25s map input records %,d, map output records %,d, spilled records %,d, "
                                + "GC in tasks %.1f s%n", e.getKey(),
                        c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue(),
                        c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
                        c.findCounter(TaskCounter.SPILLED_RECORDS).getValue(),
                        c.findCounter(TaskCounter.GC_TIME_MILLIS).getValue() / 1e3);
            } else {
                out.printf("  %-25s splits on device %d, on host %d, fallbacks %d; modeled device %.3f s / %.2f J, "
                                + "host %.3f s / %.2f J (summed over splits); MB read in drives %.1f, moved to host %.1f%n",
                        e.getKey(), value(c, IspdCounter.SPLITS_ON_DEVICE), value(c, IspdCounter.SPLITS_ON_HOST),
                        value(c, IspdCounter.FALLBACKS), value(c, IspdCounter.MODELED_DEVICE_NS) / 1e9,
                        value(c, IspdCounter.MODELED_DEVICE_ENERGY_NJ) / 1e9, value(c, IspdCounter.MODELED_HOST_NS) / 1e9,
                        value(c, IspdCounter.MODELED_HOST_ENERGY_NJ) / 1e9,
                        value(c, IspdCounter.BYTES_READ_IN_DRIVES) / 1e6, value(c, IspdCounter.BYTES_MOVED_TO_HOST) / 1e6);
            }
        }
    }

    private static long value(Counters c, IspdCounter counter) {
        return c.findCounter(counter).getValue();
    }

    static double median(DoubleStream values) {
        double[] s = values.sorted().toArray();
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
