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
 * record, compare, hash update, byte out, WebAssembly instruction and arithmetic operation at the
 * core clock, plus the DRAM latency of every field load, during which the core stalls) and split
 * evenly over all cores, which must be free together with the DRAM for its loads. Cores that
 * split a page's work must then combine their partial results ({@link Meter#partials()}, e.g. a
 * kNN's k candidates per page): neighbours merge pairwise, in {@code ceil(log2 cores)} rounds of
 * one two-way merge each (minglani2018 3.6.3-3.6.4), so more cores shorten the split work and
 * lengthen the merge. Optionally the engine sits behind its own input path
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
        cycles = Math.addExact(cycles, Math.multiplyExact(m.arithmetic(), spec.cyclesPerArithmetic()));
        return Units.cyclesNs(cycles, spec.clockHz());
    }

    /** Merge rounds that combine the partial results of all cores: ceil(log2 cores), 0 for one core. */
    public int mergeRounds() {
        return 32 - Integer.numberOfLeadingZeros(cores.length - 1);
    }

    /**
     * Time of one two-way merge of {@code m}'s partial results: both inputs' elements compared
     * once each ({@code 2 x partials x cyclesPerCompare}); 0 on one core, which has nothing to merge.
     */
    public long mergeNs(Meter m) {
        if (cores.length == 1) {
            return 0;
        }
        return Units.cyclesNs(Math.multiplyExact(2 * m.partials(), spec.cyclesPerCompare()), spec.clockHz());
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

    /**
     * Runs the work metered in {@code delta} no earlier than {@code earliestNs}; returns its end.
     * Every core is held for its share and the merge rounds after it; the cores are charged for
     * their shares and the {@code cores - 1} merges, the only work the rounds do.
     */
    public long run(long earliestNs, Meter delta, Dram dram, EnergyAccount account) {
        long dramNs = dram.accessNs(delta.dramAccesses());
        long total = Math.addExact(workNs(delta), dramNs);
        long mergeNs = mergeNs(delta);
        if (total == 0 && mergeNs == 0) {
            return earliestNs;
        }
        long share = (total + cores.length - 1) / cores.length;
        long perCore = Math.addExact(share, Math.multiplyExact(mergeRounds(), mergeNs));
        for (int i = 0; i < cores.length; i++) {
            units[i] = cores[i];
            durations[i] = perCore;
        }
        units[cores.length] = dram.timeline();
        durations[cores.length] = dramNs;
        long start = Timeline.bookTogether(earliestNs, units, offsets, durations, units.length);
        account.charge(spec.corePower(), share * cores.length + mergeNs * (cores.length - 1));
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
