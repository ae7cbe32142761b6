package dev.ispd.examples.reproduce;

import dev.ispd.cli.CliErrors;
import dev.ispd.profile.Profiles;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ispd reproduce}: reruns the Smart SSD paper's experiments (Fig. 6, 8, 9, 10 and the
 * filter) on an in-JVM drive and writes report.md, report.json and a PNG and SVG plot per figure.
 */
@Command(name = "ispd reproduce", mixinStandardHelpOptions = true,
        description = "Reruns the Smart SSD paper's experiments (kang2013 V-B, V-C) in the model and writes "
                + "report.md, report.json and PNG/SVG plots, each figure beside the paper's claim.")
public final class Reproduce implements Callable<Integer> {
    @Option(names = "--out", description = "directory for the report and plots (default: ${DEFAULT-VALUE})")
    Path out = Path.of("reproduce-report");

    @Option(names = "--entries", description = "WorldCup98 entries per dataset; the microbenchmark's and filter's "
            + "1 GB scale alike (default: ${DEFAULT-VALUE}, a tenth of the paper)")
    long entries = Settings.DEFAULT_ENTRIES;

    @Option(names = "--full", description = "the paper's size: 7,000,000 entries and 1 GB (overrides --entries)")
    boolean full;

    @Option(names = "--seed", description = "seed of the generated data (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    @Option(names = "--profile", description = "device profile (default: ${DEFAULT-VALUE})")
    String profile = "smartssd-2013";

    @Option(names = "--host-profile", description = "host profile (default: ${DEFAULT-VALUE})")
    String hostProfile = "host-i5-2500";

    @Spec
    CommandSpec spec;

    private final PrintStream stdout = System.out;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(new CommandLine(new Reproduce()).setExecutionExceptionHandler(CliErrors.handler()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        if (!Profiles.deviceNames().contains(profile)) {
            throw new CommandLine.ParameterException(cmd, "--profile: no device profile '" + profile + "' (known: "
                    + String.join(", ", Profiles.deviceNames()) + ")");
        }
        if (!Profiles.hostNames().contains(hostProfile)) {
            throw new CommandLine.ParameterException(cmd, "--host-profile: no host profile '" + hostProfile
                    + "' (known: " + String.join(", ", Profiles.hostNames()) + ")");
        }
        Settings settings;
        try {
            settings = new Settings(full ? Settings.PAPER_ENTRIES : entries, seed, profile, hostProfile);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, "--entries: " + e.getMessage());
        }
        Files.createDirectories(out);
        long start = System.nanoTime();
        Reproduction r = new Reproducer().run(settings, step -> stdout.printf("[%6.1f s] %s%n",
                (System.nanoTime() - start) / 1e9, step));
        MarkdownReport.write(r, out);
        JsonReport.write(r, out);
        Plots.write(r, out);
        stdout.printf("%nclaims (paper / ours / holds):%n");
        for (Claim c : r.allClaims()) {
            stdout.printf("  %-4s %-26s %s%n", c.holds() ? "yes" : "NO", c.id(), c.ours());
        }
        stdout.printf("%nwrote %s, %s and plots to %s in %.0f s%n", MarkdownReport.FILE, JsonReport.FILE, out,
                (System.nanoTime() - start) / 1e9);
        return 0;
    }
}
