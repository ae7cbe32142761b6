package dev.ispd.examples;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.bench.Q1Jobs;
import dev.ispd.examples.cli.FailedJob;
import dev.ispd.examples.cli.QuickstartOptions;
import dev.ispd.examples.cli.WorkloadOptions;
import dev.ispd.examples.report.ModeledCostTable;
import dev.ispd.examples.report.SplitPlacements;
import dev.ispd.examples.worldcup.LoadProgress;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The embedded default: starts simulated drives in this JVM, writes generated WorldCup98 data
 * into the osd:// file system on them, runs Q1 (accesses per region) as a DeviceJob in Hadoop's
 * local runner with the chosen offload policy, and the same job host-only for comparison; prints
 * the answer, where each split ran and why, and the modeled time and energy.
 */
@Command(name = "ispd quickstart", mixinStandardHelpOptions = true,
        description = "Runs WorldCup98 Q1 as a DeviceJob on in-JVM simulated drives and prints the answer "
                + "with each split's placement and the modeled time and energy.")
public final class Quickstart implements Callable<Integer> {
    @Mixin
    QuickstartOptions options = new QuickstartOptions();

    @Option(names = "--logs", arity = "1..*", paramLabel = "FILE", description = "load these published WorldCup98 "
            + "logs (wc_dayX_Y.gz, gzip or raw, - for standard input), padded to --entry-size, instead of "
            + "generating --entries; wc_dayX_Y names load in chronological order")
    List<String> logs;

    @Spec
    CommandSpec spec;

    private final PrintStream out = System.out;

    public static void main(String[] args) {
        CommandLines.exit(new Quickstart(), args);
    }

    @Override
    public Integer call() throws Exception {
        options.check(spec.commandLine());
        Path work = Files.createTempDirectory("ispd-quickstart-");
        WorkloadOptions workload = options.workload();
        int entrySize = workload.entrySize();
        String policy = options.policy();
        try (EmbeddedDrives started = options.startDrives()) {
            Configuration conf = options.configuration(started);
            out.printf("%d simulated %s drive(s): %s%n", workload.drives(), workload.profile(), started.addresses());
            org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("osd:///worldcup/wc-" + entrySize + ".bin");
            FileSystem fs = FileSystem.get(URI.create("osd:///"), conf);
            long loadStart = System.nanoTime();
            WorldCupLoader loader = logs == null ? new WorldCupLoader(workload.seed(), workload.entries(), entrySize)
                    : WorldCupLoader.ofLogs(logs, entrySize).progress(LoadProgress.Mode.AUTO);
            long bytes = loader.load(fs, input);
            out.printf("wrote %,d WorldCup98 entries of %d B (%.1f MB) %s to %s in %.2f s%n", bytes / entrySize,
                    entrySize, bytes / 1e6, logs == null ? "generated" : "from " + logs.size() + " log file(s)", input,
                    (System.nanoTime() - loadStart) / 1e9);

            JobRun chosen = runQ1(conf, input, policy, work.resolve("q1-" + policy));
            JobRun hostOnly = runQ1(conf, input, "host-only", work.resolve("q1-host-only"));
            printAnswer(chosen.output());
            printPlacements(chosen);
            printCosts(List.of(chosen, hostOnly));
            if (!chosen.output().equals(hostOnly.output())) {
                out.println("ERROR: the " + policy + " and host-only runs gave different answers");
                return 1;
            }
            out.println("the " + policy + " and host-only runs gave identical answers");
            return 0;
        } finally {
            deleteTree(work);
        }
    }

    private JobRun runQ1(Configuration base, org.apache.hadoop.fs.Path input, String jobPolicy, Path outDir)
            throws Exception {
        DeviceJob job = Q1Jobs.deviceJob(base, jobPolicy, input, outDir);
        FailedJob.watchLocalRunner();
        if (!job.waitForCompletion(false)) {
            throw FailedJob.error(job.job(), "the " + jobPolicy + " job");
        }
        Map<SplitMetric, Long> metrics = new EnumMap<>(SplitMetric.class);
        for (SplitMetric m : ModeledCostTable.COLUMNS) {
            metrics.put(m, job.counter(IspdCounter.valueOf(m.name())));
        }
        return new JobRun(jobPolicy, job.decisions(), Files.readString(outDir.resolve("part-r-00000")), metrics);
    }

    private void printAnswer(String output) {
        out.printf("%nQ1: accesses per region (reducer output)%n");
        output.lines().forEach(line -> {
            String[] kv = line.split("\t");
            out.printf("  %-12s %,12d%n", kv[0], Long.parseLong(kv[1]));
        });
    }

    private void printPlacements(JobRun run) {
        out.printf("%nwhere each split ran (policy %s): predicted host vs device cost%n", run.policy());
        SplitPlacements.print(out, run.decisions());
    }

    private void printCosts(List<JobRun> runs) {
        WorkloadOptions workload = options.workload();
        out.printf("%nmodeled cost, summed over splits (%s drives, %s host)%n", workload.profile(),
                workload.hostProfile());
        Map<String, Map<SplitMetric, Long>> rows = new LinkedHashMap<>();
        runs.forEach(r -> rows.put(r.policy(), r.metrics()));
        ModeledCostTable.print(out, rows);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** What one job run produced and what its counters say (the cost table's). */
    private record JobRun(String policy, List<Decision> decisions, String output, Map<SplitMetric, Long> metrics) {
    }
}
