package dev.ispd.offload.schedule;

import java.util.List;

/**
 * How many host splits a plan runs at once (ispd.offload.host.slots). A number set is taken as it
 * is. {@code auto} follows the basis: the modeled basis prices the host the profile describes, so
 * it has the profile's cores (deterministic: the same plan on every machine); the measured basis
 * prices this machine, so it has the cores a task of the engine gets ({@link SchedulerConfig#hostCores}:
 * Spark's executor cores over its task CPUs; else this machine's), less one for each drive that runs on this
 * machine (a {@code unix:} or loopback address: an in-JVM or local drive's executions take a core
 * the host's splits then do not have), and at least one. Pricing the host as more lanes than the
 * machine has put TPC-H scans on 4 host slots of a 2-core machine whose cores the drives used.
 */
public final class HostSlots {
    private HostSlots() {
    }

    /** The host slots of a plan with {@code config} over drives at {@code driveAddresses}, on a machine of {@code cores}. */
    public static int of(SchedulerConfig config, List<String> driveAddresses, int cores) {
        if (config.hostSlots() != SchedulerConfig.AUTO_HOST_SLOTS) {
            return config.hostSlots();
        }
        if (config.basis() == CostBasis.MODELED) {
            return Math.max(1, config.hostProfile().cpu().cores());
        }
        long local = driveAddresses.stream().filter(HostSlots::onThisMachine).count();
        return (int) Math.max(1, cores - local);
    }

    /**
     * The host slots of a plan with {@code config} over drives at {@code driveAddresses}, on the
     * cores the config names, else on this machine's.
     */
    public static int of(SchedulerConfig config, List<String> driveAddresses) {
        return of(config, driveAddresses, cores(config));
    }

    /** The cores the config names ({@link SchedulerConfig#hostCores}), else this machine's. */
    static int cores(SchedulerConfig config) {
        return config.hostCores() != SchedulerConfig.THIS_MACHINES_CORES ? config.hostCores()
                : Runtime.getRuntime().availableProcessors();
    }

    /** Whether a drive at {@code address} ({@code unix:/path} or {@code tcp:host:port}) runs on this machine. */
    static boolean onThisMachine(String address) {
        return address.startsWith("unix:") || address.startsWith("tcp:localhost:") || address.startsWith("tcp:127.")
                || address.startsWith("tcp:[::1]:");
    }
}
