package dev.ispd.profile;

/**
 * The cores that run tasklets: how many, their clock, the cycles each metered operation costs
 * (the DRAM wait of a field load is the DRAM's, see {@link DramSpec}; a user tasklet's
 * WebAssembly instructions cost {@code cyclesPerInstruction} each, a numeric kernel's adds and
 * multiplies {@code cyclesPerArithmetic} each), whether the drive reads
 * batch i+1 from flash while computing on batch i, and power per core.
 * {@code inputBandwidthBytesPerSec} is 0 unless the engine sits behind a narrower path than
 * the flash array (an FPGA behind its own PCIe switch): then batches reach it at that rate.
 */
public record ComputeSpec(int cores, long clockHz, long cyclesPerRecord, long cyclesPerCompare, long cyclesPerHashUpdate,
                          long cyclesPerByteOut, long cyclesPerInstruction, long cyclesPerArithmetic,
                          boolean overlapsFlashRead, long inputBandwidthBytesPerSec,
                          Power corePower) {

    public boolean hasInputLimit() {
        return inputBandwidthBytesPerSec > 0;
    }

    static ComputeSpec read(ProfileReader.Section s) {
        ComputeSpec spec = new ComputeSpec(
                s.intValue("cores", 1, 1024),
                s.integer("clockHz", 1_000_000L, 10_000_000_000L),
                s.integer("cyclesPerRecord", 0, 1_000_000L),
                s.integer("cyclesPerCompare", 0, 1_000_000L),
                s.integer("cyclesPerHashUpdate", 0, 1_000_000L),
                s.integer("cyclesPerByteOut", 0, 1_000_000L),
                s.integer("cyclesPerInstruction", 0, 1_000_000L),
                s.integer("cyclesPerArithmetic", 0, 1_000_000L),
                s.flag("overlapsFlashRead"),
                s.has("inputBandwidthBytesPerSec") ? s.integer("inputBandwidthBytesPerSec", 1, 1_000_000_000_000L) : 0,
                new Power(s.milliwatts("coreActivePowerMw", 100_000), s.milliwatts("coreIdlePowerMw", 100_000)));
        s.done();
        return spec;
    }
}
