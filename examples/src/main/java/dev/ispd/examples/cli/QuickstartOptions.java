package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options both quickstarts take (MapReduce's {@code bin/ispd quickstart} and the Spark
 * connector's {@code spark-quickstart}): the generated WorldCup98 data, the in-JVM drives that
 * hold it, the offload policy and the profiles.
 */
public final class QuickstartOptions {
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

    @Mixin
    HadoopConfOptions hadoop = new HadoopConfOptions();

    /** Checks these options before any work starts; the checks go on with the command's own. */
    public OptionChecks check(CommandLine cmd) {
        OptionChecks checks = OptionChecks.of(cmd).atLeast("--entries", entries, 1)
                .oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES).atLeast("--drives", drives, 1)
                .atLeast("--chunk-size", chunkSize, entrySize).oneOf("--profile", profile, Profiles.deviceNames());
        OffloadOptions.check(checks, policy, hostProfile);
        return checks;
    }

    /** Starts {@code --drives} simulated drives of {@code --profile} in this JVM. */
    public EmbeddedDrives startDrives() throws IOException {
        return EmbeddedDrives.builder().drives(drives).profile(profile).start();
    }

    /**
     * osd:// over {@code started} with {@code --chunk-size}, the entry size and {@code --host-profile},
     * over the Hadoop configuration of {@code --conf-dir} and {@code -D}.
     */
    public Configuration configuration(EmbeddedDrives started) {
        return WorldCupDrives.configuration(hadoop.configuration(), started, chunkSize, entrySize, hostProfile);
    }

    public long entries() {
        return entries;
    }

    public int entrySize() {
        return entrySize;
    }

    public int drives() {
        return drives;
    }

    public String policy() {
        return policy;
    }

    public String profile() {
        return profile;
    }

    public String hostProfile() {
        return hostProfile;
    }

    public long seed() {
        return seed;
    }
}
