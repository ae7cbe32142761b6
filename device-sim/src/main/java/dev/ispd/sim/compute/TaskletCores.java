package dev.ispd.sim.compute;

import dev.ispd.profile.ComputeSpec;
import dev.ispd.profile.Units;
import dev.ispd.sim.dram.Dram;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Powered;
import dev.ispd.sim.energy.Usage;
import dev.ispd.sim.engine.Timeline;
import dev.ispd.tasklet.Meter;
import java.util.ArrayList;
import java.util.List;

/**
 * The cores that run tasklets. A batch's metered work is priced by the profile (cycles per
 * record, compare, hash update, byte out and WebAssembly instruction at the core clock, plus the DRAM latency of every
 * field load, during which the core stalls) and split evenly over all cores, which must be free
 * together with the DRAM for its loads. Optionally the engine sits behind its own input path
 * (an FPGA behind a PCIe switch, csdplan 2.3) that each batch's bytes must cross first.
 *
 * <p>Not thread-safe: its scratch arrays are reused; the drive's lock serialises callers.
 */
public final class TaskletCores implements Powered {
    private final ComputeSpec spec;
    private final Timeline[] cores;
    private final Timeline input = new Timeline();
    /** A batch's units (the cores, then the DRAM), their offsets (all zero) and durations, reused by every batch. */
    private final Timeline[] units;
    private final long[] offsets;
    private final long[] durations;

    public TaskletCores(ComputeSpec spec) {
        this.spec = spec;
        this.cores = new Timeline[spec.cores()];
        for (int i = 0; i < cores.length; i++) {
            cores[i] = new Timeline();
        }
        this.units = new Timeline[cores.length + 1];
        this.offsets = new long[units.length];
        this.durations = new long[units.length];
    }

    /** Core time of {@code m}'s work other than DRAM waits, on one core. */
    public long workNs(Meter m) {
        long cycles = Math.multiplyExact(m.records(), spec.cyclesPerRecord());
        cycles = Math.addExact(cycles, Math.multiplyExact(m.compares(), spec.cyclesPerCompare()));
        cycles = Math.addExact(cycles, Math.multiplyExact(m.hashUpdates(), spec.cyclesPerHashUpdate()));
        cycles = Math.addExact(cycles, Math.multiplyExact(m.bytesOut(), spec.cyclesPerByteOut()));
        cycles = Math.addExact(cycles, Math.multiplyExact(m.instructions(), spec.cyclesPerInstruction()));
        return Units.cyclesNs(cycles, spec.clockHz());
    }

    /**
     * Brings a batch of {@code bytes} to the engine over its input path, streaming from
     * {@code earliestNs}; returns when it is in. Without an input limit it is there at once.
     */
    public long receive(long earliestNs, long bytes) {
        if (!spec.hasInputLimit()) {
            return earliestNs;
        }
        long ns = Units.transferNs(bytes, spec.inputBandwidthBytesPerSec());
        return input.book(earliestNs, ns) + ns;
    }

    /** Runs the work metered in {@code delta} no earlier than {@code earliestNs}; returns its end. */
    public long run(long earliestNs, Meter delta, Dram dram, EnergyAccount account) {
        long dramNs = dram.accessNs(delta.dramAccesses());
        long total = Math.addExact(workNs(delta), dramNs);
        if (total == 0) {
            return earliestNs;
        }
        long perCore = (total + cores.length - 1) / cores.length;
        for (int i = 0; i < cores.length; i++) {
            units[i] = cores[i];
            durations[i] = perCore;
        }
        units[cores.length] = dram.timeline();
        durations[cores.length] = dramNs;
        long start = Timeline.bookTogether(earliestNs, units, offsets, durations, units.length);
        account.charge(spec.corePower(), perCore * cores.length);
        dram.chargeAccesses(dramNs, account);
        return start + Math.max(perCore, dramNs);
    }

    /** {@link Timeline#forgetBefore} on every core and the input path. */
    public void forgetBefore(long ns) {
        for (Timeline core : cores) {
            core.forgetBefore(ns);
        }
        input.forgetBefore(ns);
    }

    @Override
    public Usage usage(long nowNs) {
        List<Usage> parts = new ArrayList<>(cores.length);
        for (int i = 0; i < cores.length; i++) {
            parts.add(Usage.ofUnit("cores." + i, spec.corePower(), cores[i].busyNs(), cores[i].busyNs(), nowNs));
        }
        return Usage.ofParts("cores", parts);
    }
}
