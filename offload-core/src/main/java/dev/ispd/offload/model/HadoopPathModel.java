package dev.ispd.offload.model;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Units;
import dev.ispd.tasklet.Meter;
import java.math.RoundingMode;

/**
 * Prices a stock Hadoop job on the host (the paper's host-normal version, kang2013 V-C-1) from
 * its task counters: the input crosses the drive's link exactly as for {@link HostModel} (same
 * read path, same kernel cost), then Hadoop's record path runs on one core at the profile's
 * {@code hadoop} cycles per counted event (reading and mapping records, collecting and sorting
 * map output, merging in combiner and reducer, spilling), and the intermediate files go to and
 * come back from the local disk. That last part is I/O, priced like the transfer (whole-system
 * power while moving data, kernel copy per byte). Pure and deterministic.
 */
public final class HadoopPathModel {
    private final HostProfile host;
    private final HostModel transfer;

    public HadoopPathModel(HostProfile host) {
        this.host = host;
        this.transfer = new HostModel(host);
    }

    public HostCost price(LinkSpec link, HadoopTaskCounts c) {
        HostProfile.Hadoop h = host.hadoop();
        HostProfile.Cpu cpu = host.cpu();
        HostCost input = transfer.price(link, new Meter(), c.inputBytes());

        long diskNs = Units.transferNs(c.localFileBytes(), h.localDiskBytesPerSec());
        long diskKernelNs = Units.mulDiv(c.localFileBytes(), host.io().kernelCyclesPerByte() * Units.NS_PER_SECOND,
                cpu.clockHz(), RoundingMode.CEILING);
        long transferNs = input.transferNs() + Math.max(diskNs, diskKernelNs);

        long cycles = Math.multiplyExact(c.mapInputRecords(), h.cyclesPerMapInputRecord());
        cycles = Math.addExact(cycles, Math.multiplyExact(c.mapOutputRecords(), h.cyclesPerMapOutputRecord()));
        cycles = Math.addExact(cycles, Math.multiplyExact(c.mapOutputBytes(), h.cyclesPerMapOutputByte()));
        cycles = Math.addExact(cycles, Math.multiplyExact(c.mergeRecords(), h.cyclesPerMergeRecord()));
        cycles = Math.addExact(cycles, Math.multiplyExact(c.spilledRecords(), h.cyclesPerSpilledRecord()));
        cycles = Math.addExact(cycles, Math.multiplyExact(c.localFileBytes(), h.cyclesPerLocalFileByte()));
        long computeNs = Units.cyclesNs(cycles, cpu.clockHz());

        HostProfile.HostPower p = host.power();
        long transferIdle = Units.energyNj(p.idleNw(), transferNs);
        long computeIdle = Units.energyNj(p.idleNw(), computeNs);
        long transferEnergy = transferIdle + Units.energyNj(p.transferActiveNw(), transferNs);
        long computeEnergy = computeIdle + Units.energyNj(p.computeActiveNw(), computeNs);
        long kernelNs = input.cpuNs() + diskKernelNs;
        return new HostCost(transferNs + computeNs, transferEnergy + computeEnergy, transferNs, transferEnergy,
                computeNs, computeEnergy, transferIdle + computeIdle, kernelNs + computeNs);
    }
}
