package dev.ispd.offload.schedule;

import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.Units;
import dev.ispd.tasklet.Meter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Predicts what one split costs on the host and inside its drive, from the drive's reported
 * capabilities and the host profile, by the formulas of docs/model.md. Costs are service costs:
 * time from the split's first command (or read) to its result, and the energy the split adds to
 * the system; waiting behind other work is the plan model's business ({@link PlanModel}).
 *
 * <p>Host: {@link HostModel} prices the bytes over the drive's link and the metered work on one
 * host core, exactly as host splits are counted; energy is what the host adds over idle
 * ({@link HostCost#addedEnergyNj()}) plus the drive's active energy to read the bytes out
 * (dies, DRAM fill, link).
 *
 * <p>Device: {@link #COMMANDS} command latencies (create the tasklet instance and the output
 * object, execute, the last poll, read the result), the execution's batches (each read at the
 * scan rate after a page-read latency, then computed on the tasklet cores, with DRAM loads
 * holding the DRAM; with {@code scan.overlapsFlashRead} the read of batch i+1 overlaps the compute
 * of batch i, so the steady step is the slowest of read, compute and DRAM), the result's program
 * and its read back over the link. Energy: the active energy of the dies, DRAM, cores and link
 * the split keeps busy, as the drive charges an execution. The controller's per-page and
 * per-command work is not in the capabilities and is left out (a few mJ per GB).
 */
final class CostModel {
    /**
     * Commands a device split sends besides its result read when it makes its own tasklet instance
     * and output object: create tasklet, create output, execute, last poll. A job's splits now
     * share one instance per drive and name no output object, so they send two of these; the
     * prediction keeps four (docs/hadoop.md, "Predicted cost of one split").
     */
    static final int COMMANDS = 4;

    private final HostModel host;
    private final List<DriveCapabilities> drives;

    /** @param drives per drive number, its capabilities, or {@code null} for a drive that is down */
    CostModel(HostModel host, List<DriveCapabilities> drives) {
        this.host = host;
        this.drives = Collections.unmodifiableList(new ArrayList<>(drives));
    }

    int driveCount() {
        return drives.size();
    }

    DriveCapabilities drive(int drive) {
        if (!isUp(drive)) {
            throw new IllegalArgumentException("split names drive " + drive + ", which is down");
        }
        return drives.get(drive);
    }

    /** Whether drive {@code drive} answered (a drive that is down has no capabilities); an unknown drive is an error. */
    boolean isUp(int drive) {
        if (drive < 0 || drive >= drives.size()) {
            throw new IllegalArgumentException("split names drive " + drive + ", but " + drives.size()
                    + " drive(s) reported capabilities");
        }
        return drives.get(drive) != null;
    }

    HostModel hostModel() {
        return host;
    }

    /** Both uncorrected predictions for {@code split}. */
    SplitCosts predict(SplitWork split) {
        DriveCapabilities c = drive(split.drive());
        HostCost hc = host.price(c.link(), split.predictedWork(), split.bytes());
        long hostNj = hc.addedEnergyNj() + readOutNj(c, split.bytes());
        DeviceCost device = device(c, split);
        return new SplitCosts(new Cost(hc.timeNs(), hostNj), hc.transferNs(), device.total(),
                new Baseline(new Cost(hc.timeNs(), hc.addedEnergyNj()), device.execution(), device.total()));
    }

    /** The drive's active energy to read {@code bytes} out to the host: every page sensed and moved, DRAM fill, link. */
    private static long readOutNj(DriveCapabilities c, long bytes) {
        long pages = DriveCapabilities.ceilDiv(bytes, c.pageSizeBytes());
        long dieNs = pages * (c.readLatencyNs() + c.pageBusNs());
        return Units.energyNj(c.dieActiveNw(), dieNs)
                + Units.energyNj(c.dramActiveNw(), Units.transferNs(bytes, c.dramBandwidthBytesPerSec()))
                + Units.energyNj(c.link().power().activeNw(), Units.transferNs(bytes, c.link().bandwidthBytesPerSec()));
    }

    /** A device split's whole cost, and its execution's share: the part POLL reports. */
    private record DeviceCost(Cost total, Cost execution) {
    }

    private static DeviceCost device(DriveCapabilities c, SplitWork split) {
        Meter m = split.predictedWork();
        long bytes = split.bytes();
        double workNs = m.records() * c.nsPerRecord() + m.compares() * c.nsPerCompare()
                + m.hashUpdates() * c.nsPerHashUpdate() + m.bytesOut() * c.nsPerByteOut()
                + m.instructions() * c.nsPerInstruction();
        double loadsNs = m.dramAccesses() * c.nsPerDramAccess();
        long scanNs = scanNs(c, bytes, workNs, loadsNs);

        long cmd = c.link().commandLatencyNs();
        long result = m.bytesOut();
        long resultPages = DriveCapabilities.ceilDiv(result, c.pageSizeBytes());
        long resultTransferNs = Units.transferNs(result, c.link().bandwidthBytesPerSec());
        long programNs = result == 0 ? 0 : c.programLatencyNs() + resultPages * c.pageBusNs();
        long readBackNs = result == 0 ? 0 : c.readLatencyNs() + resultPages * c.pageBusNs() + resultTransferNs;
        long timeNs = (COMMANDS + 1) * cmd + scanNs + programNs + readBackNs;

        long pages = DriveCapabilities.ceilDiv(bytes, c.pageSizeBytes());
        long executionDieNs = pages * (c.readLatencyNs() + c.pageBusNs())
                + resultPages * (c.programLatencyNs() + c.pageBusNs());
        long readBackDieNs = resultPages * (c.readLatencyNs() + c.pageBusNs());
        long dramNs = Units.transferNs(bytes, c.dramBandwidthBytesPerSec()) + (long) Math.ceil(loadsNs);
        long coreNs = (long) Math.ceil(workNs + loadsNs);
        long linkNs = (COMMANDS + 1) * cmd + resultTransferNs;
        long executionNj = Units.energyNj(c.dieActiveNw(), executionDieNs) + Units.energyNj(c.dramActiveNw(), dramNs)
                + Units.energyNj(c.coreActiveNw(), coreNs);
        long energyNj = executionNj + Units.energyNj(c.dieActiveNw(), readBackDieNs)
                + Units.energyNj(c.link().power().activeNw(), linkNs);
        return new DeviceCost(new Cost(timeNs, energyNj), new Cost(scanNs + programNs, executionNj));
    }

    /**
     * The execution's scan, batch by batch, each batch carrying its share of the work. Overlapped:
     * the first read, then per later batch the slowest of its read, the previous batch's compute
     * and the DRAM's fill-plus-loads, then the last compute. Not overlapped: read then compute.
     */
    private static long scanNs(DriveCapabilities c, long bytes, double workNs, double loadsNs) {
        if (bytes == 0) {
            return 0;
        }
        long batchBytes = (long) c.pagesPerBatch() * c.pageSizeBytes();
        long batches = DriveCapabilities.ceilDiv(bytes, batchBytes);
        double total = 0;
        double prevCompute = 0;
        double prevLoads = 0;
        for (long j = 0; j < batches; j++) {
            long b = Math.min(batchBytes, bytes - j * batchBytes);
            double share = b / (double) bytes;
            double read = Units.transferNs(b, c.scanReadBytesPerSec());
            double fill = Units.transferNs(b, c.dramBandwidthBytesPerSec());
            double loads = loadsNs * share;
            double compute = Math.max((workNs * share + loads) / c.cores(), loads);
            if (!c.overlapsFlashRead()) {
                total += c.readLatencyNs() + read + compute;
            } else if (j == 0) {
                total += c.readLatencyNs() + read;
            } else {
                total += Math.max(read, Math.max(prevCompute, fill + prevLoads));
            }
            prevCompute = compute;
            prevLoads = loads;
        }
        if (c.overlapsFlashRead()) {
            total += prevCompute;
        }
        return (long) Math.ceil(total);
    }
}
