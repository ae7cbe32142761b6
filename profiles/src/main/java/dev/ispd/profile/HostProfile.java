package dev.ispd.profile;

import java.util.List;

/**
 * A host's profile, to price the work of a split done on the host on the same footing as the
 * drive's: CPU costs per metered operation (data cached in host memory, so flat per page), the
 * I/O path, and whole-system power while idle, moving data and computing.
 */
public record HostProfile(String name, String description, Cpu cpu, Interpreter interpreter, Io io, HostPower power,
                          Hadoop hadoop, List<Parameter> parameters) {

    /**
     * The fastest clock a profile may give: 1 THz, so that a measured profile
     * ({@code bin/ispd calibrate-host}) can count its costs in picoseconds.
     */
    public static final long MAX_CLOCK_HZ = 1_000_000_000_000L;
    /** The most cycles one operation may cost: a millisecond even at {@link #MAX_CLOCK_HZ}. */
    private static final long MAX_CYCLES = 1_000_000_000L;

    public HostProfile {
        parameters = List.copyOf(parameters);
    }

    /**
     * Cores, clock and cycles per metered operation (a user tasklet's instructions and a numeric
     * kernel's adds and multiplies included); a split runs on one core.
     */
    public record Cpu(int cores, long clockHz, long cyclesPerRecord, long cyclesPerDramAccess, long cyclesPerCompare,
                      long cyclesPerHashUpdate, long cyclesPerByteOut, long cyclesPerInstruction, long cyclesPerArithmetic) {
    }

    /**
     * Cycles per unit of the plan interpreter's own work, beyond the units a built-in meters too
     * (dev.ispd.tasklet.Meter): an expression node evaluated, one of those on a 128-bit decimal or a
     * string, a comparison of strings by such a node and a byte of the strings it spans, one by a plain WHERE leaf, a value decoded from a Parquet page, a record examined by
     * the interpreter's per-record loop and a row handed to its sink one at a time; and what
     * decoding a Parquet value costs beyond that by its kind (a dictionary id, a byte array, a
     * definition level) and decompressing a byte of a column chunk by its codec (Snappy, Gzip,
     * Zstd); and a GROUP BY key it packed into its group's index. Section {@code interpreter} of the profile; a profile without it prices them at 0
     * ({@link #UNPRICED}), as the paper-derived profiles do, and one written before a unit was
     * metered prices that unit at 0.
     */
    public record Interpreter(long cyclesPerEvaluation, long cyclesPerWideOp, long cyclesPerStringOp,
                              long cyclesPerStringLeafCompare, long cyclesPerDecodedValue, long cyclesPerRecordOneAtATime,
                              long cyclesPerRowOneAtATime, long cyclesPerDictionaryId, long cyclesPerByteArrayValue,
                              long cyclesPerDefinitionLevel, long cyclesPerSnappyByte, long cyclesPerGzipByte,
                              long cyclesPerZstdByte, long cyclesPerPackedKey, long cyclesPerStringByte) {
        public static final Interpreter UNPRICED = new Interpreter(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        /** The section's keys, those a measured profile of this version writes. */
        public static final List<String> KEYS = List.of("cyclesPerEvaluation", "cyclesPerWideOp", "cyclesPerStringOp",
                "cyclesPerStringLeafCompare", "cyclesPerDecodedValue", "cyclesPerRecordOneAtATime",
                "cyclesPerRowOneAtATime", "cyclesPerDictionaryId", "cyclesPerByteArrayValue", "cyclesPerDefinitionLevel",
                "cyclesPerSnappyByte", "cyclesPerGzipByte", "cyclesPerZstdByte", "cyclesPerPackedKey",
                "cyclesPerStringByte");
    }

    /**
     * The read path: the fraction of the drive's link bandwidth the host's reads achieve
     * (request gaps, kernel scheduling), the kernel's CPU cycles per byte read, and the rate of
     * the bus all the drives share ({@code busBytesPerSec}, 0 when the profile does not give it):
     * past as many drives as it carries at their link rate, more drives read no faster
     * (csdplan 3.2.1, eq. 6).
     */
    public record Io(double readEfficiency, long kernelCyclesPerByte, long busBytesPerSec) {
        public boolean hasBus() {
            return busBytesPerSec > 0;
        }
    }

    /** Whole-system power: idle, and what moving data or computing adds to it, in nanowatts. */
    public record HostPower(long idleNw, long transferActiveNw, long computeActiveNw) {
    }

    /**
     * Stock Hadoop's record path (the paper's host-normal version, kang2013 V-C-1), priced per
     * task counter, and the host side of a device run. Cycles are on one core.
     *
     * @param cyclesPerMapInputRecord record reader + map() call per input record
     * @param cyclesPerMapOutputRecord collect(): serialize into the sort buffer, partition, and the spill's sort
     * @param cyclesPerMapOutputByte   per serialized map output byte
     * @param cyclesPerMergeRecord     per record a combiner or reducer consumes (merge, deserialize, call)
     * @param cyclesPerSpilledRecord   per record written to a spill or merge file
     * @param cyclesPerLocalFileByte   checksumming and copying of intermediate file bytes
     * @param localDiskBytesPerSec     rate of the disk holding Hadoop's intermediate files
     * @param deviceCallCpuNs          host CPU per call to the drive (execute, poll, read result)
     * @param pollIntervalNs           the host's polling interval while a drive works
     */
    public record Hadoop(long cyclesPerMapInputRecord, long cyclesPerMapOutputRecord, long cyclesPerMapOutputByte,
                         long cyclesPerMergeRecord, long cyclesPerSpilledRecord, long cyclesPerLocalFileByte,
                         long localDiskBytesPerSec, long deviceCallCpuNs, long pollIntervalNs) {
    }

    /** The parameters no paper gives. */
    public List<Parameter> assumptions() {
        return parameters.stream().filter(Parameter::isAssumption).toList();
    }

    static HostProfile read(ProfileReader.Section root) {
        String name = root.text("name");
        String description = root.text("description");
        ProfileReader.Section c = root.section("cpu");
        Cpu cpu = new Cpu(
                c.intValue("cores", 1, 4096),
                c.integer("clockHz", 1_000_000L, MAX_CLOCK_HZ),
                c.integer("cyclesPerRecord", 0, MAX_CYCLES),
                c.integer("cyclesPerDramAccess", 0, MAX_CYCLES),
                c.integer("cyclesPerCompare", 0, MAX_CYCLES),
                c.integer("cyclesPerHashUpdate", 0, MAX_CYCLES),
                c.integer("cyclesPerByteOut", 0, MAX_CYCLES),
                c.integer("cyclesPerInstruction", 0, MAX_CYCLES),
                c.integer("cyclesPerArithmetic", 0, MAX_CYCLES));
        c.done();
        Interpreter interpreter = Interpreter.UNPRICED;
        if (root.has("interpreter")) {
            ProfileReader.Section p = root.section("interpreter");
            interpreter = new Interpreter(p.integer("cyclesPerEvaluation", 0, MAX_CYCLES),
                    p.integer("cyclesPerWideOp", 0, MAX_CYCLES),
                    optional(p, "cyclesPerStringOp"), optional(p, "cyclesPerStringLeafCompare"),
                    p.integer("cyclesPerDecodedValue", 0, MAX_CYCLES), optional(p, "cyclesPerRecordOneAtATime"),
                    optional(p, "cyclesPerRowOneAtATime"), optional(p, "cyclesPerDictionaryId"),
                    optional(p, "cyclesPerByteArrayValue"), optional(p, "cyclesPerDefinitionLevel"),
                    optional(p, "cyclesPerSnappyByte"), optional(p, "cyclesPerGzipByte"), optional(p, "cyclesPerZstdByte"),
                    optional(p, "cyclesPerPackedKey"), optional(p, "cyclesPerStringByte"));
            p.done();
        }
        ProfileReader.Section i = root.section("io");
        Io io = new Io(i.decimal("readEfficiency", 0.01, 1.0), i.integer("kernelCyclesPerByte", 0, MAX_CYCLES),
                i.has("busBytesPerSec") ? i.integer("busBytesPerSec", 1_000_000L, 10_000_000_000_000L) : 0);
        i.done();
        ProfileReader.Section w = root.section("power");
        HostPower power = new HostPower(w.milliwatts("idlePowerMw", 10_000_000),
                w.milliwatts("transferActivePowerMw", 10_000_000), w.milliwatts("computeActivePowerMw", 10_000_000));
        w.done();
        ProfileReader.Section h = root.section("hadoop");
        Hadoop hadoop = new Hadoop(
                h.integer("cyclesPerMapInputRecord", 0, 1_000_000L),
                h.integer("cyclesPerMapOutputRecord", 0, 1_000_000L),
                h.integer("cyclesPerMapOutputByte", 0, 1_000_000L),
                h.integer("cyclesPerMergeRecord", 0, 1_000_000L),
                h.integer("cyclesPerSpilledRecord", 0, 1_000_000L),
                h.integer("cyclesPerLocalFileByte", 0, 1_000_000L),
                h.integer("localDiskBytesPerSec", 1_000_000L, 100_000_000_000L),
                h.integer("deviceCallCpuNs", 0, 1_000_000_000L),
                h.integer("pollIntervalNs", 1_000L, 10_000_000_000L));
        h.done();
        root.done();
        return new HostProfile(name, description, cpu, interpreter, io, power, hadoop, root.parameters());
    }

    /** An interpreter key a profile written before its unit was metered lacks: 0 then. */
    private static long optional(ProfileReader.Section p, String key) {
        return p.has(key) ? p.integer(key, 0, MAX_CYCLES) : 0;
    }
}
