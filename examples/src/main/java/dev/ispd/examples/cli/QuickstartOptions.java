package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options both quickstarts take (MapReduce's {@code bin/ispd quickstart} and the Spark
 * connector's {@code spark-quickstart}): the workload ({@link WorkloadOptions}: the generated WorldCup98 data, the
 * in-JVM drives that hold it and the profiles) and the offload policy.
 */
public final class QuickstartOptions {
    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--policy", description = "offload policy: fastest, least-energy, weighted, host-only, "
            + "device-only (default: ${DEFAULT-VALUE})")
    String policy = "fastest";

    @Mixin
    HadoopConfOptions hadoop = new HadoopConfOptions();

    /** Checks these options before any work starts; the checks go on with the command's own. */
    public OptionChecks check(CommandLine cmd) {
        OptionChecks checks = workload.check(OptionChecks.of(cmd));
        OffloadOptions.check(checks, policy, workload.hostProfile());
        return checks;
    }

    /** Starts {@code --drives} simulated drives of {@code --profile} in this JVM. */
    public EmbeddedDrives startDrives() throws IOException {
        return workload.drivesBuilder().start();
    }

    /**
     * osd:// over {@code started} with {@code --chunk-size}, the entry size and {@code --host-profile},
     * over the Hadoop configuration of {@code --conf-dir} and {@code -D}.
     */
    public Configuration configuration(EmbeddedDrives started) {
        return WorldCupDrives.configuration(hadoop.configuration(), started, workload.chunkSize(),
                workload.entrySize(), workload.hostProfile());
    }

    /** The workload: the generated data, the drives and the profiles. */
    public WorkloadOptions workload() {
        return workload;
    }

    public String policy() {
        return policy;
    }
}
