package dev.ispd.examples.reproduce;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ErrorText;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.reproduce.spu.SpuReport;
import dev.ispd.examples.reproduce.spu.SpuReproducer;
import dev.ispd.examples.reproduce.spu.SpuReproduction;
import dev.ispd.examples.reproduce.spu.SpuSettings;
import dev.ispd.profile.Profiles;
import java.io.IOException;
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
 * filter) on an in-JVM drive and writes report.md, report.json and a PNG and SVG plot per figure;
 * with {@code --spu}, the SPU thesis's Tables 3.4-3.6 instead.
 */
@Command(name = "ispd reproduce", mixinStandardHelpOptions = true,
        description = "Reruns the Smart SSD paper's experiments (kang2013 V-B, V-C) in the model and writes "
                + "report.md, report.json and PNG/SVG plots, each figure beside the paper's claim; with --spu, the "
                + "SPU thesis's applications (minglani2018 Tables 3.4-3.6).")
public final class Reproduce implements Callable<Integer> {
    @Option(names = "--out", description = "directory for the report and plots (default: ${DEFAULT-VALUE})")
    Path out = Path.of("reproduce-report");

    @Option(names = "--entries", description = "WorldCup98 entries per dataset, " + Settings.MIN_ENTRIES + " to "
            + Settings.PAPER_ENTRIES * 10 + "; the microbenchmark's and filter's 1 GB scale alike (default: "
            + "${DEFAULT-VALUE}, a tenth of the paper)")
    long entries = Settings.DEFAULT_ENTRIES;

    @Option(names = "--full", description = "the paper's size: 7,000,000 entries and 1 GB (overrides --entries)")
    boolean full;

    @Option(names = "--seed", description = "seed of the generated data (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    @Option(names = "--spu", description = "reproduce the SPU thesis's Tables 3.4, 3.5 and 3.6 (kNN, SpMV) instead "
            + "of the Smart SSD paper; --entries and --full do not apply")
    boolean spu;

    @Option(names = "--profile", description = "device profile (default: smartssd-2013; spu-2018 with --spu)")
    String profile;

    @Option(names = "--host-profile", description = "host profile (default: ${DEFAULT-VALUE})")
    String hostProfile = "host-i5-2500";

    @Spec
    CommandSpec spec;

    private final PrintStream stdout = System.out;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        CommandLines.exit(new Reproduce(), args);
    }

    @Override
    public Integer call() throws Exception {
        if (profile == null) {
            profile = spu ? "spu-2018" : "smartssd-2013";
        }
        OptionChecks checks = OptionChecks.of(spec.commandLine()).oneOf("--profile", profile, Profiles.deviceNames())
                .oneOf("--host-profile", hostProfile, Profiles.hostNames());
        if (spu) {
            return spu();
        }
        long n = full ? Settings.PAPER_ENTRIES : entries;
        Settings settings = checks.valid("--entries", n, () -> new Settings(n, seed, profile, hostProfile));
        createOut();
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

    private Integer spu() throws IOException {
        if (full || entries != Settings.DEFAULT_ENTRIES) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--entries and --full do not apply to --spu");
        }
        createOut();
        long start = System.nanoTime();
        SpuReproduction r = SpuReproducer.run(new SpuSettings(profile, hostProfile, seed),
                step -> stdout.printf("[%6.1f s] %s%n", (System.nanoTime() - start) / 1e9, step));
        SpuReport.write(r, out);
        stdout.printf("%nclaims (thesis / ours / holds):%n");
        for (Claim c : r.allClaims()) {
            stdout.printf("  %-4s %-26s %s%n", c.holds() ? "yes" : "NO", c.id(), c.ours());
        }
        stdout.printf("%nwrote %s, %s and plots to %s in %.0f s%n", SpuReport.MARKDOWN, SpuReport.JSON, out,
                (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private void createOut() throws IOException {
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new IOException("--out " + out + " cannot be created: " + ErrorText.of(e), e);
        }
    }
}
