package dev.ispd.examples.cli;

import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.schedule.Decision;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * What one finished DeviceJob did, as the quickstart and {@code query --sql} report it: where
 * each split ran and why, and the modeled cost summed over its splits.
 */
public record DeviceJobRun(String policy, List<Decision> decisions, long splitsOnDevice, long splitsOnHost,
                           long fallbacks, long deviceNs, long deviceNj, long hostNs, long hostNj, long bytesInDrives,
                           long bytesToHost) {

    /** The decisions and counters of {@code job}, which ran with {@code policy}. */
    public static DeviceJobRun of(String policy, DeviceJob job) throws IOException {
        return new DeviceJobRun(policy, job.decisions(), job.counter(IspdCounter.SPLITS_ON_DEVICE),
                job.counter(IspdCounter.SPLITS_ON_HOST), job.counter(IspdCounter.FALLBACKS),
                job.counter(IspdCounter.MODELED_DEVICE_NS), job.counter(IspdCounter.MODELED_DEVICE_ENERGY_NJ),
                job.counter(IspdCounter.MODELED_HOST_NS), job.counter(IspdCounter.MODELED_HOST_ENERGY_NJ),
                job.counter(IspdCounter.BYTES_READ_IN_DRIVES), job.counter(IspdCounter.BYTES_MOVED_TO_HOST));
    }

    /** Each split's placement with the predicted host and device costs and the reason. */
    public void printPlacements(PrintStream out) {
        out.printf("%nwhere each split ran (policy %s): predicted host vs device cost%n", policy);
        for (Decision d : decisions) {
            out.printf("  split %2d on drive %d -> %-6s host %.3f s / %.2f J, device %.3f s / %.2f J: %s%n",
                    d.index(), d.drive(), d.placement(), d.host().timeNs() / 1e9, d.host().energyNj() / 1e9,
                    d.device().timeNs() / 1e9, d.device().energyNj() / 1e9, d.reason());
        }
    }

    /** One line per run: splits per side, fallbacks, modeled time and energy, bytes in drives and to the host. */
    public static void printCosts(PrintStream out, String profile, String hostProfile, List<DeviceJobRun> runs) {
        out.printf("%nmodeled cost, summed over splits (%s drives, %s host)%n", profile, hostProfile);
        out.printf("  %-12s %6s %5s %9s %10s %10s %10s %10s %12s %12s%n", "policy", "device", "host", "fallbacks",
                "device s", "device J", "host s", "host J", "MB in drive", "MB to host");
        for (DeviceJobRun r : runs) {
            out.printf("  %-12s %6d %5d %9d %10.3f %10.3f %10.3f %10.3f %12.1f %12.1f%n", r.policy(), r.splitsOnDevice(),
                    r.splitsOnHost(), r.fallbacks(), r.deviceNs() / 1e9, r.deviceNj() / 1e9, r.hostNs() / 1e9,
                    r.hostNj() / 1e9, r.bytesInDrives() / 1e6, r.bytesToHost() / 1e6);
        }
    }
}
