package dev.ispd.examples;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.cli.OffloadOptions;
import dev.ispd.examples.bench.Q1Jobs;
import dev.ispd.examples.cli.FailedJob;
import dev.ispd.examples.worldcup.LoadProgress;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
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
    @Option(names = "--entries", description = "WorldCup98 entries to generate (default: ${DEFAULT-VALUE})")
    long entries = 200_000;

    @Option(names = "--entry-size", description = "bytes per entry: 20, 32, 64, 128 or 256 (default: ${DEFAULT-VALUE})")
    int entrySize = 256;

    @Option(names = "--drives", description = "simulated drives (default: ${DEFAULT-VALUE})")
    int drives = 1;

    @Option(names = "--chunk-size", description = "bytes per osd:// chunk, a piece the scheduler places (default: ${DEFAULT-VALUE})")
    long chunkSize = 8L << 20;

    @Option(names = "--policy", description = "offload policy: fastest, least-energy, weighted, host-only, "
            + "device-only (default: ${DEFAULT-VALUE})")
    String policy = "fastest";

    @Option(names = "--profile", description = "device profile (default: ${DEFAULT-VALUE})")
    String profile = "smartssd-2013";

    @Option(names = "--host-profile", description = "host profile (default: ${DEFAULT-VALUE})")
    String hostProfile = "host-i5-2500";

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

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
        OptionChecks checks = OptionChecks.of(spec.commandLine()).atLeast("--entries", entries, 1)
                .oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES).atLeast("--drives", drives, 1)
                .atLeast("--chunk-size", chunkSize, entrySize).oneOf("--profile", profile, Profiles.deviceNames());
        OffloadOptions.check(checks, policy, hostProfile);
        Path work = Files.createTempDirectory("ispd-quickstart-");
        try (EmbeddedDrives started = EmbeddedDrives.builder().drives(drives).profile(profile).start()) {
            Configuration conf = WorldCupDrives.configuration(started, chunkSize, entrySize, hostProfile);
            out.printf("%d simulated %s drive(s): %s%n", drives, profile, started.addresses());
            org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("osd:///worldcup/wc-" + entrySize + ".bin");
            FileSystem fs = FileSystem.get(URI.create("osd:///"), conf);
            long loadStart = System.nanoTime();
            WorldCupLoader loader = logs == null ? new WorldCupLoader(seed, entries, entrySize)
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
        List<Decision> decisions = job.decisions();
        return new JobRun(jobPolicy, decisions, Files.readString(outDir.resolve("part-r-00000")),
                job.counter(IspdCounter.SPLITS_ON_DEVICE), job.counter(IspdCounter.SPLITS_ON_HOST),
                job.counter(IspdCounter.FALLBACKS), job.counter(IspdCounter.MODELED_DEVICE_NS),
                job.counter(IspdCounter.MODELED_DEVICE_ENERGY_NJ), job.counter(IspdCounter.MODELED_HOST_NS),
                job.counter(IspdCounter.MODELED_HOST_ENERGY_NJ), job.counter(IspdCounter.BYTES_READ_IN_DRIVES),
                job.counter(IspdCounter.BYTES_MOVED_TO_HOST));
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
        for (Decision d : run.decisions()) {
            out.printf("  split %2d on drive %d -> %-6s host %.3f s / %.2f J, device %.3f s / %.2f J: %s%n",
                    d.index(), d.drive(), d.placement(), d.host().timeNs() / 1e9, d.host().energyNj() / 1e9,
                    d.device().timeNs() / 1e9, d.device().energyNj() / 1e9, d.reason());
        }
    }

    private void printCosts(List<JobRun> runs) {
        out.printf("%nmodeled cost, summed over splits (%s drives, %s host)%n", profile, hostProfile);
        out.printf("  %-12s %6s %5s %9s %10s %10s %10s %10s %12s %12s%n", "policy", "device", "host", "fallbacks",
                "device s", "device J", "host s", "host J", "MB in drive", "MB to host");
        for (JobRun r : runs) {
            out.printf("  %-12s %6d %5d %9d %10.3f %10.3f %10.3f %10.3f %12.1f %12.1f%n", r.policy(), r.splitsOnDevice(),
                    r.splitsOnHost(), r.fallbacks(), r.deviceNs() / 1e9, r.deviceNj() / 1e9, r.hostNs() / 1e9,
                    r.hostNj() / 1e9, r.bytesInDrives() / 1e6, r.bytesToHost() / 1e6);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** What one job run produced and what its counters say. */
    private record JobRun(String policy, List<Decision> decisions, String output, long splitsOnDevice,
                          long splitsOnHost, long fallbacks, long deviceNs, long deviceNj, long hostNs, long hostNj,
                          long bytesInDrives, long bytesToHost) {
    }
}
