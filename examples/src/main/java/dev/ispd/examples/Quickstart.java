package dev.ispd.examples;

import dev.ispd.client.Binding;
import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.examples.cli.CliErrors;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.model.HostCost;
import dev.ispd.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.profile.Units;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.tasklet.Extent;
import dev.ispd.tasklet.Params;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.worldcup.WorldCup98;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The embedded default: starts a simulated drive in this JVM, loads generated WorldCup98 data
 * into it through the native library, runs Q1 (accesses per region) split by split on the drive
 * and the same tasklet on the host over the same bytes, and prints both answers with modeled
 * time and energy.
 */
@Command(name = "ispd quickstart", mixinStandardHelpOptions = true,
        description = "Runs WorldCup98 Q1 on an in-JVM simulated drive and on the host, and prints "
                + "the answers with modeled time and energy.")
public final class Quickstart implements Callable<Integer> {
    @Option(names = "--entries", description = "WorldCup98 entries to generate (default: ${DEFAULT-VALUE})")
    long entries = 200_000;

    @Option(names = "--entry-size", description = "bytes per entry: 20, 32, 64, 128 or 256 (default: ${DEFAULT-VALUE})")
    int entrySize = 256;

    @Option(names = "--splits", description = "splits the data is cut into, one drive execution each (default: ${DEFAULT-VALUE})")
    int splits = 4;

    @Option(names = "--profile", description = "device profile (default: ${DEFAULT-VALUE})")
    String profile = "smartssd-2013";

    @Option(names = "--host-profile", description = "host profile (default: ${DEFAULT-VALUE})")
    String hostProfile = "host-i5-2500";

    @Option(names = "--binding", description = "native binding: JNI or JNA (default: ${DEFAULT-VALUE})")
    Binding binding = Binding.JNI;

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    private final PrintStream out = System.out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Quickstart()).setExecutionExceptionHandler(CliErrors.handler()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (!WorldCup98.isEntrySize(entrySize)) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--entry-size must be one of " + WorldCup98.ENTRY_SIZES + ", got " + entrySize);
        }
        DeviceProfile device = Profiles.device(profile);
        HostProfile host = Profiles.host(hostProfile);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().profile(profile).start();
             Drive drive = Drive.connect(drives.address(0), binding)) {
            DeviceInfo info = drive.deviceInfo();
            out.printf("drive %s (profile %s) at %s, %s binding%n", info.driveName(), info.profileName(),
                    drives.address(0), binding);

            long object = drive.createObject();
            long bytes = load(drive, object);
            List<Extent> extents = splitsOf(object, bytes);
            Params params = Params.of("entrySize", Integer.toString(entrySize));

            List<Q1Result> deviceParts = new ArrayList<>();
            long deviceNs = 0;
            long deviceNj = 0;
            long tasklet = drive.createTasklet("q1", params);
            TaskletRunner runner = new TaskletRunner(drive);
            for (Extent split : extents) {
                TaskletResult r = runner.run(tasklet, 0, Params.EMPTY, List.of(split));
                deviceParts.add(Q1Result.decode(r.result()));
                deviceNs += r.modeledNs();
                deviceNj += r.modeledEnergyNj();
            }

            // The host path: the bytes cross the link, then the same tasklet runs on the host.
            ByteBuffer copy = ByteBuffer.allocateDirect((int) bytes);
            drive.read(object, 0, copy);
            InMemoryPageSource source = InMemoryPageSource.of(object, copy.flip());
            HostRunner hostRunner = new HostRunner(device.pageSizeBytes(), device.pagesPerBatch());
            HostModel hostModel = new HostModel(host);
            List<Q1Result> hostParts = new ArrayList<>();
            long hostNs = 0;
            long hostNj = 0;
            for (Extent split : extents) {
                HostRunner.Result r = hostRunner.run("q1", params, Params.EMPTY, List.of(split), source);
                hostParts.add(Q1Result.decode(r.bytes()));
                HostCost cost = hostModel.price(device.link(), r.meter(), split.length());
                hostNs += cost.timeNs();
                hostNj += cost.energyNj();
            }

            Q1Result onDevice = Q1Result.merge(deviceParts);
            Q1Result onHost = Q1Result.merge(hostParts);
            printAnswer(onDevice, onHost);
            // While the drive works the host idles: the system's energy is the drive's plus idle host power.
            long deviceSystemNj = deviceNj + Units.energyNj(host.power().idleNw(), deviceNs);
            printCosts(deviceNs, deviceNj, deviceSystemNj, hostNs, hostNj);
            if (!onDevice.equals(onHost)) {
                out.println("ERROR: the drive's and the host's answers differ");
                return 1;
            }
            out.println("the drive's and the host's answers are identical");
            return 0;
        }
    }

    /** Generates the entries straight into direct buffers and writes them to the drive in MAX_IO chunks. */
    private long load(Drive drive, long object) throws Exception {
        WorldCupGenerator generator = WorldCupGenerator.withDefaults(seed, entries);
        int perChunk = Drive.MAX_IO / entrySize;
        ByteBuffer chunk = ByteBuffer.allocateDirect(perChunk * entrySize);
        long offset = 0;
        long started = System.nanoTime();
        while (generator.produced() < entries) {
            chunk.clear();
            generator.fill(chunk, (int) Math.min(perChunk, entries - generator.produced()), entrySize);
            chunk.flip();
            drive.write(object, offset, chunk);
            offset += chunk.limit();
        }
        out.printf("loaded %,d WorldCup98 entries of %d B (%.1f MB) in %.2f s wall%n", entries, entrySize,
                offset / 1e6, (System.nanoTime() - started) / 1e9);
        return offset;
    }

    /** Cuts the object into {@code splits} extents of whole entries. */
    private List<Extent> splitsOf(long object, long bytes) {
        long perSplit = (entries + splits - 1) / splits * entrySize;
        List<Extent> extents = new ArrayList<>();
        for (long offset = 0; offset < bytes; offset += perSplit) {
            extents.add(new Extent(object, offset, Math.min(perSplit, bytes - offset)));
        }
        return extents;
    }

    private void printAnswer(Q1Result onDevice, Q1Result onHost) {
        out.printf("%nQ1: accesses per region%n%-12s %14s %14s%n", "region", "drive", "host");
        for (int region = 0; region < WorldCup98.REGIONS; region++) {
            if (onDevice.count(region) > 0 || onHost.count(region) > 0) {
                out.printf("%-12s %,14d %,14d%n", WorldCup98.regionName(region), onDevice.count(region),
                        onHost.count(region));
            }
        }
        out.printf("%-12s %,14d %,14d%n", "total", onDevice.total(), onHost.total());
    }

    private void printCosts(long deviceNs, long deviceNj, long deviceSystemNj, long hostNs, long hostNj) {
        out.printf("%nmodeled cost (%s drive, %s host)%n", profile, hostProfile);
        out.printf("%-8s %12s %14s %15s%n", "where", "time", "drive energy", "system energy");
        out.printf("%-8s %10.3f s %12.3f J %13.3f J%n", "drive", deviceNs / 1e9, deviceNj / 1e9, deviceSystemNj / 1e9);
        out.printf("%-8s %10.3f s %14s %13.3f J%n", "host", hostNs / 1e9, "-", hostNj / 1e9);
        out.printf("the drive is %.2fx faster than the host and uses %.0f%% of its system energy%n",
                (double) hostNs / deviceNs, 100.0 * deviceSystemNj / hostNj);
    }
}
