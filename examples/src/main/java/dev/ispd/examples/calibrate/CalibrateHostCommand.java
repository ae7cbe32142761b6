package dev.ispd.examples.calibrate;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.offload.model.LocalHost;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/ispd calibrate-host}: measures this machine (the host scan path's cost per byte,
 * record, DRAM access, compare, hash update and result byte; osd:// read throughput; cores) and
 * writes a host profile that {@code ispd.offload.host.profile} can name (docs/model.md,
 * "Calibrating a host").
 */
@Command(name = "ispd calibrate-host", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Measures this machine's host scan path (built-ins and the plan interpreter over generated "
                + "WorldCup98 entries, TPC-H-shaped rows and strings), osd:// read throughput and cores, and writes a "
                + "host profile whose measured numbers say 'measured' and the date; ispd.offload.host.profile can name "
                + "the file.")
public final class CalibrateHostCommand implements Callable<Integer> {
    private static final int READS = 3;

    @Option(names = "--out", paramLabel = "FILE", description = "the profile to write (default: ${DEFAULT-VALUE})")
    Path out = Path.of("host-measured.yaml");

    @Option(names = "--megabytes", description = "data each workload scans (default: ${DEFAULT-VALUE})")
    int megabytes = 64;

    @Option(names = "--base", description = "host profile the numbers Java cannot measure (power, the Hadoop record "
            + "path) are carried from (default: ${DEFAULT-VALUE})")
    String base = "host-i5-2500";

    @Option(names = "--drive-profile", description = "device profile whose page size, batch and link the host runs "
            + "with (default: ${DEFAULT-VALUE})")
    String driveProfile = "smartssd-2013";

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    @Option(names = "--check", description = "with the fit's workloads, measure the plans over other data (WorldCup "
            + "Q1, Q2 and two plans run record by record, TPC-H Q1 and Q6 over records and over Parquet, Q6 over Parquet "
            + "without dictionaries in every codec, TPC-H string predicates, one of them over Parquet too) and print each one's time as the written profile predicts it beside the time measured and how far its rounds spread; the verdict "
            + "judges only the plans whose rounds spread by 10%% or less, or says the measurement is too noisy to judge")
    boolean check;

    @Spec
    CommandSpec spec;

    private final PrintStream print;
    /** The clock runs are timed by, in nanoseconds: this thread's CPU time. */
    private final LongSupplier clock;

    public CalibrateHostCommand() {
        this(System.out);
    }

    CalibrateHostCommand(PrintStream print) {
        this(print, HostCalibration.THREAD_CPU);
    }

    CalibrateHostCommand(PrintStream print, LongSupplier clock) {
        this.print = print;
        this.clock = clock;
    }

    public static void main(String[] args) {
        CommandLines.exit(new CalibrateHostCommand(), args);
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        OptionChecks.of(cmd).atLeast("--megabytes", megabytes, 1).oneOf("--base", base, Profiles.hostNames())
                .oneOf("--drive-profile", driveProfile, Profiles.deviceNames());
        DeviceProfile drive = Profiles.device(driveProfile);
        HostProfile baseProfile = Profiles.host(base);
        long bytes = (long) megabytes << 20;
        int cores = Runtime.getRuntime().availableProcessors();

        HostCalibration calibration = new HostCalibration(drive.pageSizeBytes(), drive.pagesPerBatch(), clock);
        HostCalibration.Result fit;
        List<HostCalibration.Run> checked;
        try {
            HostCalibration.Measured measured = calibration.measure(bytes, seed, check);
            fit = measured.fit();
            checked = measured.checked();
        } catch (HostCalibration.ClockJumpException e) {
            return spoiled(e);
        }
        long readBytesPerSec = osdReadBytesPerSec(bytes);
        String machine = LocalHost.name();
        LocalDate today = LocalDate.now();
        String yaml = MeasuredHostProfile.yaml("measured-" + machine, machine, today, cores, fit, readBytesPerSec,
                drive.link().bandwidthBytesPerSec(), megabytes, baseProfile);
        HostProfile written = Profiles.readHost(out.toString(),
                new java.io.ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
        Files.writeString(out, yaml, StandardCharsets.UTF_8);

        print.printf("%s, %d core(s), %s%n", machine, cores, today);
        print.printf("%-24s %14s %14s %8s %8s%n", "workload", "measured ms", "fitted ms", "error", "spread");
        for (HostCalibration.Run r : fit.runs()) {
            double fitted = fit.fittedNs(r);
            print.printf("%-24s %14.2f %14.2f %7.1f%% %7.1f%%%n", r.name(), r.medianNs() / 1e6, fitted / 1e6,
                    100 * (fitted - r.medianNs()) / r.medianNs(), 100 * r.spread());
        }
        StringBuilder costs = new StringBuilder("ns per");
        for (int i = 0; i < HostCalibration.UNITS.size(); i++) {
            costs.append(i == 0 ? " " : ", ").append(HostCalibration.UNITS.get(i))
                    .append(String.format(" %.3f", fit.costs().ns()[i]));
        }
        print.println(costs);
        String fitNote = ProfileCheck.fitNote(fit.runs());
        if (!fitNote.isEmpty()) {
            print.println(fitNote);
        }
        print.printf("osd:// read from an in-JVM drive: %d MB/s%n", readBytesPerSec / 1_000_000);
        print.printf("wrote %s: use it with -D ispd.offload.host.profile=%s%n", out, out.toAbsolutePath());
        if (check) {
            List<ProfileCheck.Row> rows = ProfileCheck.rows(written, drive.link(), checked);
            print.printf("%ncheck: the plans over other data (seed %d), measured in the fit's rounds, as %s predicts "
                    + "them%n", seed + 1, out);
            print.printf("%-24s %14s %14s %8s %8s%n", "plan", "measured ms", "predicted ms", "error", "spread");
            for (ProfileCheck.Row r : rows) {
                print.printf("%-24s %14.2f %14.2f %7.1f%% %7.1f%%%s%n", r.name(), r.measuredNs() / 1e6,
                        r.predictedNs() / 1e6, 100 * r.error(), 100 * r.spread(), r.steady() ? "" : " too noisy");
            }
            print.println(ProfileCheck.verdict(rows));
        }
        return 0;
    }

    /** A measurement the clock spoiled: a warning naming the file, which is left as it was. */
    private int spoiled(HostCalibration.ClockJumpException e) {
        spec.commandLine().getErr().printf("ispd calibrate-host: warning: %s not written: %s; host splits stay priced "
                + "by the profile they were (ispd.offload.host.profile, default host-i5-2500); run it again on a "
                + "quiet machine%n", out, e.getMessage());
        spec.commandLine().getErr().flush();
        return ExitStatus.ANSWERS_DIFFER.code();
    }

    /** The median rate of reading {@code bytes} back through osd:// from one in-JVM drive. */
    private long osdReadBytesPerSec(long bytes) throws IOException {
        try (EmbeddedDrives started = EmbeddedDrives.builder().drives(1).profile(driveProfile).start()) {
            Configuration conf = WorldCupDrives.configuration(started, 64L << 20, 1, base);
            FileSystem fs = FileSystem.newInstance(URI.create("osd:///"), conf);
            try {
                org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("osd:///calibrate/read.bin");
                byte[] buf = new byte[1 << 20];
                try (OutputStream o = fs.create(file, true)) {
                    for (long left = bytes; left > 0; left -= buf.length) {
                        o.write(buf, 0, (int) Math.min(buf.length, left));
                    }
                }
                long[] ns = new long[READS];
                for (int i = 0; i < READS; i++) {
                    long start = System.nanoTime();
                    try (InputStream in = fs.open(file)) {
                        while (in.read(buf) >= 0) {
                            // the bytes themselves are not needed: only how fast they come
                        }
                    }
                    ns[i] = System.nanoTime() - start;
                }
                Arrays.sort(ns);
                return Math.round(bytes * 1e9 / Math.max(1, ns[READS / 2]));
            } finally {
                fs.close();
            }
        }
    }
}
