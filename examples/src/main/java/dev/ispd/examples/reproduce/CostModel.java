package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Variant;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.model.HadoopPathModel;
import dev.ispd.offload.model.HadoopTaskCounts;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Units;
import dev.ispd.tasklet.Meter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * Turns a finished job into its modeled {@link VersionCost}, each version from what describes it:
 * <ul>
 *   <li>host-normal: Hadoop's own task counters priced by {@link HadoopPathModel};</li>
 *   <li>host-optimized: the IspdCounter host time and added energy (HostModel per map task); its CPU
 *       split is the kernel's per-byte copy and the time beyond the transfer;</li>
 *   <li>device: the IspdCounter device time; the host only issues commands and polls, each call
 *       costing the profile's {@code hadoop.deviceCallCpuNs}, one poll per {@code hadoop.pollIntervalNs}.</li>
 * </ul>
 * The drive's energy in the host versions is its model replaying the reads ({@link DriveReplay}),
 * idle for the rest of the phase (the host is slower than the drive's reads). In the device
 * version it is the drive's idle power over the run plus the energy the drive charged to the
 * executions (IspdCounter); the host side of polling is priced on the host.
 */
final class CostModel {
    private final DeviceProfile device;
    private final HostProfile host;
    private final HadoopPathModel hadoop;
    private final HostModel hostModel;
    private final long driveIdleNw;
    private final DriveReplay replay;

    CostModel(DeviceProfile device, HostProfile host) {
        this.device = device;
        this.host = host;
        this.hadoop = new HadoopPathModel(host);
        this.hostModel = new HostModel(host);
        this.replay = new DriveReplay(device);
        this.driveIdleNw = replay.idleNw();
    }

    /** The wr phase of a dataset of {@code bytes}: the drive's write, replayed on its model. */
    DriveReplay.Io write(long bytes) {
        return replay.write(bytes);
    }

    /** The drive's idle power in nanowatts. */
    long driveIdleNw() {
        return driveIdleNw;
    }

    /** The host's idle (whole-system) power in nanowatts. */
    long hostIdleNw() {
        return host.power().idleNw();
    }

    VersionCost cost(Variant version, int entrySize, Counters counters) {
        return switch (version) {
            case HOST_NORMAL -> hostNormal(entrySize, counters);
            case HOST_OPTIMIZED -> hostOptimized(counters);
            case DEVICE -> device(counters);
        };
    }

    private VersionCost hostNormal(int entrySize, Counters counters) {
        HadoopTaskCounts counts = countsOf(entrySize, counters);
        HostCost c = hadoop.price(device.link(), counts);
        return new VersionCost(c.timeNs(), c.computeNs(), c.cpuNs() - c.computeNs(), c.energyNj(),
                replay.readEnergy(counts.inputBytes(), c.timeNs()));
    }

    /**
     * Hadoop's task counters as the Hadoop path model reads them. The input is whole fixed-length
     * entries. The intermediate files are the map output as materialized on disk, written by the
     * map and read back by the shuffle (the local file system's byte counters would do, but in
     * the local runner they also count the job's own files and grow from job to job).
     */
    static HadoopTaskCounts countsOf(int entrySize, Counters counters) {
        long inputRecords = value(counters, TaskCounter.MAP_INPUT_RECORDS);
        return new HadoopTaskCounts(inputRecords * entrySize, inputRecords,
                value(counters, TaskCounter.MAP_OUTPUT_RECORDS), value(counters, TaskCounter.MAP_OUTPUT_BYTES),
                value(counters, TaskCounter.COMBINE_INPUT_RECORDS) + value(counters, TaskCounter.REDUCE_INPUT_RECORDS),
                value(counters, TaskCounter.SPILLED_RECORDS),
                2 * value(counters, TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES));
    }

    private VersionCost hostOptimized(Counters counters) {
        long timeNs = value(counters, IspdCounter.MODELED_HOST_NS) + value(counters, IspdCounter.MODELED_DEVICE_NS);
        long bytes = value(counters, IspdCounter.BYTES_MOVED_TO_HOST);
        long splits = Math.max(1, value(counters, JobCounter.TOTAL_LAUNCHED_MAPS));
        HostCost transfer = hostModel.price(device.link(), new Meter(), bytes);
        long transferNs = transfer.transferNs() + (splits - 1) * device.link().commandLatencyNs();
        long kernelNs = transfer.cpuNs();
        long userNs = Math.max(0, timeNs - transferNs);
        long hostNj = Units.energyNj(host.power().idleNw(), timeNs) + value(counters, IspdCounter.MODELED_HOST_ENERGY_NJ)
                + value(counters, IspdCounter.MODELED_DEVICE_ENERGY_NJ);
        return new VersionCost(timeNs, userNs, kernelNs, hostNj, replay.readEnergy(bytes, timeNs));
    }

    private VersionCost device(Counters counters) {
        long timeNs = value(counters, IspdCounter.MODELED_DEVICE_NS) + value(counters, IspdCounter.MODELED_HOST_NS);
        long splits = value(counters, IspdCounter.SPLITS_ON_DEVICE);
        HostProfile.Hadoop h = host.hadoop();
        long polls = splits + timeNs / h.pollIntervalNs();
        long calls = 2 * splits + polls;
        long userNs = Math.multiplyExact(calls, h.deviceCallCpuNs());
        long hostNj = Units.energyNj(host.power().idleNw(), timeNs)
                + Units.energyNj(host.power().computeActiveNw(), userNs)
                + value(counters, IspdCounter.MODELED_HOST_ENERGY_NJ);
        long driveNj = Units.energyNj(driveIdleNw, timeNs) + value(counters, IspdCounter.MODELED_DEVICE_ENERGY_NJ);
        return new VersionCost(timeNs, userNs, 0, hostNj, driveNj);
    }

    private static long value(Counters counters, Enum<?> key) {
        return counters.findCounter(key).getValue();
    }
}
