package dev.ispd.offload.model;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Units;
import dev.ispd.tasklet.Meter;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Prices work done on the host, on the same footing as the drive's model: the bytes cross the
 * drive's host link at the rate the host's read path achieves (link bandwidth x read
 * efficiency, plus one command latency), then the scan's metered work runs on one host core at
 * the profile's cycles per operation (the data is in host memory, so the costs are flat per
 * page, kang2013 V-B-2, Fig. 6). The kernel's per-byte work overlaps the transfer; whichever is
 * slower sets the transfer time. Energy is whole-system power x time per phase, as the paper's
 * power meter measured it (V-C-3). Pure and deterministic.
 *
 * <p>Two ways a host run meets its data: {@link #price} reads, then computes (a map task, as
 * the host versions of the log analysis are calibrated, docs/model.md); {@link #priceStreaming}
 * reads ahead in batches while it computes the batch before, as a host application scanning a
 * drive does and as the drive's own scan overlaps its reads ({@code compute.overlapsFlashRead}).
 */
public final class HostModel {
    private final HostProfile host;

    public HostModel(HostProfile host) {
        this.host = host;
    }

    public HostProfile host() {
        return host;
    }

    /**
     * The cost of a split done on the host: {@code bytesMoved} cross {@code link} (the drive's
     * host link), then the work metered in {@code work} runs on one core.
     */
    public HostCost price(LinkSpec link, Meter work, long bytesMoved) {
        long kernelNs = kernelNs(bytesMoved);
        long computeNs = computeNs(work);
        return cost(transferNs(link, bytesMoved, kernelNs), computeNs, kernelNs + computeNs);
    }

    /**
     * The cost of a host application that streams {@code bytesMoved} in batches of
     * {@code batchBytes}, reading batch i+1 while it computes batch i (read-ahead): the slower of
     * the two streams sets the pace and the other shows only for one batch, the first read or
     * the last compute. {@code transferNs} is the whole transfer as in {@link #price};
     * {@code computeNs} is the compute that does not hide under it; {@code cpuNs} counts all of
     * it. With one batch this is {@link #price}.
     */
    public HostCost priceStreaming(LinkSpec link, Meter work, long bytesMoved, long batchBytes) {
        if (batchBytes < 1) {
            throw new IllegalArgumentException("batchBytes must be positive, got " + batchBytes);
        }
        long kernelNs = kernelNs(bytesMoved);
        long transferNs = transferNs(link, bytesMoved, kernelNs);
        long computeNs = computeNs(work);
        long batches = Math.max(1, (bytesMoved + batchBytes - 1) / batchBytes);
        long paceNs = Math.max(transferNs, computeNs);
        long timeNs = paceNs + (Math.min(transferNs, computeNs) + batches - 1) / batches;
        return cost(transferNs, timeNs - transferNs, kernelNs + computeNs);
    }

    private long kernelNs(long bytesMoved) {
        if (bytesMoved < 0) {
            throw new IllegalArgumentException("bytesMoved must be non-negative, got " + bytesMoved);
        }
        return Units.mulDiv(bytesMoved, host.io().kernelCyclesPerByte() * Units.NS_PER_SECOND, host.cpu().clockHz(),
                RoundingMode.CEILING);
    }

    private long transferNs(LinkSpec link, long bytesMoved, long kernelNs) {
        return bytesMoved == 0 ? 0 : Math.max(wireNs(link, bytesMoved), kernelNs);
    }

    private long computeNs(Meter work) {
        return Units.cyclesNs(cycles(work), host.cpu().clockHz());
    }

    /** The cost of {@code transferNs} then {@code computeNs}, whole-system power per phase; {@code cpuNs} the CPU time it occupies. */
    private HostCost cost(long transferNs, long computeNs, long cpuNs) {
        HostProfile.HostPower p = host.power();
        long transferActiveNj = Units.energyNj(p.transferActiveNw(), transferNs);
        long computeActiveNj = Units.energyNj(p.computeActiveNw(), computeNs);
        long transferIdleNj = Units.energyNj(p.idleNw(), transferNs);
        long computeIdleNj = Units.energyNj(p.idleNw(), computeNs);
        long transferEnergy = transferIdleNj + transferActiveNj;
        long computeEnergy = computeIdleNj + computeActiveNj;
        return new HostCost(transferNs + computeNs, transferEnergy + computeEnergy, transferNs, transferEnergy,
                computeNs, computeEnergy, transferIdleNj + computeIdleNj, cpuNs);
    }

    /** The read rate the host achieves on {@code link}, in bytes per second. */
    public long effectiveReadBytesPerSec(LinkSpec link) {
        return BigDecimal.valueOf(link.bandwidthBytesPerSec()).multiply(BigDecimal.valueOf(host.io().readEfficiency()))
                .setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    private long wireNs(LinkSpec link, long bytes) {
        return link.commandLatencyNs() + Units.transferNs(bytes, effectiveReadBytesPerSec(link));
    }

    private long cycles(Meter m) {
        HostProfile.Cpu c = host.cpu();
        long total = Math.multiplyExact(m.records(), c.cyclesPerRecord());
        total = Math.addExact(total, Math.multiplyExact(m.dramAccesses(), c.cyclesPerDramAccess()));
        total = Math.addExact(total, Math.multiplyExact(m.compares(), c.cyclesPerCompare()));
        total = Math.addExact(total, Math.multiplyExact(m.hashUpdates(), c.cyclesPerHashUpdate()));
        total = Math.addExact(total, Math.multiplyExact(m.bytesOut(), c.cyclesPerByteOut()));
        total = Math.addExact(total, Math.multiplyExact(m.instructions(), c.cyclesPerInstruction()));
        total = Math.addExact(total, Math.multiplyExact(m.arithmetic(), c.cyclesPerArithmetic()));
        HostProfile.Interpreter i = host.interpreter();
        total = Math.addExact(total, Math.multiplyExact(m.evaluations(), i.cyclesPerEvaluation()));
        total = Math.addExact(total, Math.multiplyExact(m.wideOps(), i.cyclesPerWideOp()));
        total = Math.addExact(total, Math.multiplyExact(m.stringOps(), i.cyclesPerStringOp()));
        total = Math.addExact(total, Math.multiplyExact(m.stringBytes(), i.cyclesPerStringByte()));
        total = Math.addExact(total, Math.multiplyExact(m.stringLeafCompares(), i.cyclesPerStringLeafCompare()));
        total = Math.addExact(total, Math.multiplyExact(m.decodedValues(), i.cyclesPerDecodedValue()));
        total = Math.addExact(total, Math.multiplyExact(m.dictionaryIds(), i.cyclesPerDictionaryId()));
        total = Math.addExact(total, Math.multiplyExact(m.byteArrayValues(), i.cyclesPerByteArrayValue()));
        total = Math.addExact(total, Math.multiplyExact(m.definitionLevels(), i.cyclesPerDefinitionLevel()));
        total = Math.addExact(total, Math.multiplyExact(m.snappyBytes(), i.cyclesPerSnappyByte()));
        total = Math.addExact(total, Math.multiplyExact(m.gzipBytes(), i.cyclesPerGzipByte()));
        total = Math.addExact(total, Math.multiplyExact(m.zstdBytes(), i.cyclesPerZstdByte()));
        total = Math.addExact(total, Math.multiplyExact(m.packedKeys(), i.cyclesPerPackedKey()));
        total = Math.addExact(total, Math.multiplyExact(m.recordsOneAtATime(), i.cyclesPerRecordOneAtATime()));
        return Math.addExact(total, Math.multiplyExact(m.rowsOneAtATime(), i.cyclesPerRowOneAtATime()));
    }
}
