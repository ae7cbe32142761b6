package dev.ispd.offload.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * Which drives run their executions on the cores the host's splits run on, and how many cores
 * that is: this machine's, not the engine's slots. On the measured basis the host is this machine, and a drive on it (an in-JVM drive, a
 * {@code unix:} or loopback address: {@link HostSlots#onThisMachine}) computes on its cores: its
 * executions and the host's splits then share those cores rather than run beside each other, so
 * a mix of host and device splits gains no parallelism over the shared cores and moving a split
 * to the side that is slower per byte only adds work ({@link PlanModel} bounds the makespan by
 * the shared work over the cores). The modeled basis prices the profiles' separate drives and
 * host, so nothing is shared there (the workbench's and the reproduction's plans stay the same on
 * every machine).
 */
final class SharedCores {
    /** Nothing shared: every drive has its own processor. */
    static final SharedCores NONE = new SharedCores(0, new boolean[0]);

    private final int cores;
    private final boolean[] drives;

    private SharedCores(int cores, boolean[] drives) {
        this.cores = cores;
        this.drives = drives;
    }

    /**
     * What a plan with {@code config} over drives at {@code driveAddresses} (index = drive number)
     * shares on a machine of {@code cores} cores: on the measured basis the drives on this machine,
     * else none.
     */
    static SharedCores of(SchedulerConfig config, List<String> driveAddresses, int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
        if (config.basis() != CostBasis.MEASURED) {
            return NONE;
        }
        boolean[] local = new boolean[driveAddresses.size()];
        boolean any = false;
        for (int d = 0; d < local.length; d++) {
            local[d] = HostSlots.onThisMachine(driveAddresses.get(d));
            any |= local[d];
        }
        return any ? new SharedCores(cores, local) : NONE;
    }

    /**
     * As {@link #of(SchedulerConfig, List, int)} on this machine's cores, whatever the engine's
     * slots: the drives and the host's splits share the processors there are, and Spark's
     * {@code local[4]} on 2 cores runs its 4 tasks on those 2 ({@link HostSlots} counts the
     * engine's lanes, this counts what they run on).
     */
    static SharedCores of(SchedulerConfig config, List<String> driveAddresses) {
        return of(config, driveAddresses, machineCores());
    }

    /** The cores of this machine: the JVM's available processors. */
    static int machineCores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Whether any drive shares the host's cores. */
    boolean any() {
        return cores > 0;
    }

    /** Whether drive {@code drive}'s executions run on the host's cores. */
    boolean shares(int drive) {
        return drive < drives.length && drives[drive];
    }

    /** The cores the host's splits and the sharing drives' executions run on (0 if none share). */
    int cores() {
        return cores;
    }

    /**
     * The addresses of the drives whose measured wall clocks price drive {@code drive}'s
     * ({@link CorrectionBook#measuredDevice(String, String, List)}): the drives sharing the host's
     * cores if it is one of them, else its own; {@code addresses} by drive number, as this was made of.
     */
    List<String> pool(List<String> addresses, int drive) {
        if (!shares(drive)) {
            return List.of(addresses.get(drive));
        }
        List<String> pool = new ArrayList<>();
        for (int d = 0; d < drives.length; d++) {
            if (drives[d]) {
                pool.add(addresses.get(d));
            }
        }
        return pool;
    }

    /** How many drives share the host's cores. */
    int drives() {
        int n = 0;
        for (boolean d : drives) {
            n += d ? 1 : 0;
        }
        return n;
    }

    /** What the host's cores run beside its splits, for the plan's log line and explain's header. */
    String note() {
        return "its " + cores + " core(s) shared with " + drives() + " drive(s) on this machine";
    }
}
