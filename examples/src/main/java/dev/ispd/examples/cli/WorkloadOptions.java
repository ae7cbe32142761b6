package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The generated WorldCup98 workload, the in-JVM drives that hold it and the profiles they are modeled with: the
 * options of the quickstarts and of {@code bench-wallclock}, declared once. A command that wants other defaults
 * makes its instance with them. The drive count is {@code --drive-count} as in {@code query}, where {@code --drives}
 * names running drives; {@code --drives} stays its other name for the scripts that count drives with it.
 */
public final class WorkloadOptions {
    @Option(names = "--entries", description = "WorldCup98 entries to generate (default: ${DEFAULT-VALUE})")
    long entries;

    @Option(names = "--entry-size", description = "bytes per entry: 20, 32, 64, 128 or 256 (default: ${DEFAULT-VALUE})")
    int entrySize = 256;

    @Option(names = {"--drive-count", "--drives"}, description = "simulated drives (default: ${DEFAULT-VALUE})")
    int drives;

    @Option(names = "--chunk-size", description = "bytes per osd:// chunk, a piece the scheduler places (default: ${DEFAULT-VALUE})")
    long chunkSize;

    @Mixin
    ProfileOptions profiles = new ProfileOptions();

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    /** The quickstarts' defaults: 200,000 entries on one drive in 8 MiB chunks. */
    public WorkloadOptions() {
        this(200_000, 1, 8L << 20);
    }

    public WorkloadOptions(long entries, int drives, long chunkSize) {
        this.entries = entries;
        this.drives = drives;
        this.chunkSize = chunkSize;
    }

    /** Adds these options' checks to {@code checks}. */
    public OptionChecks check(OptionChecks checks) {
        checks.atLeast("--entries", entries, 1).oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES)
                .atLeast("--drive-count", drives, 1).atLeast("--chunk-size", chunkSize, entrySize);
        return profiles.check(checks);
    }

    /** {@code --drive-count} simulated drives of {@code --profile} in this JVM, not yet started. */
    public EmbeddedDrives.Builder drivesBuilder() {
        return EmbeddedDrives.builder().drives(drives).profile(profiles.profile());
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

    public long chunkSize() {
        return chunkSize;
    }

    public String profile() {
        return profiles.profile();
    }

    public String hostProfile() {
        return profiles.hostProfile();
    }

    public long seed() {
        return seed;
    }
}
