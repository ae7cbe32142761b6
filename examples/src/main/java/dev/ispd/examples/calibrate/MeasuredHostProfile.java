package dev.ispd.examples.calibrate;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Parameter;
import java.time.LocalDate;
import java.util.Locale;

/**
 * The text of a host profile of this machine (the format of the shipped ones, docs/model.md):
 * the numbers {@code bin/ispd calibrate-host} measured say {@code measured} and the date, with
 * how; those it cannot measure from Java (power, the Hadoop record path, the cost of a
 * WebAssembly instruction) are carried from {@code base} and say so, with the base's own source.
 *
 * <p>Costs are measured in nanoseconds while a profile counts cycles per operation at
 * {@code cpu.clockHz}: the clock is written as 1 THz, so a cycle is a picosecond and a cost as
 * small as a scanned byte's (tens of picoseconds) keeps its precision.
 */
final class MeasuredHostProfile {
    static final long CLOCK_HZ = HostProfile.MAX_CLOCK_HZ;
    private static final double CYCLES_PER_NS = CLOCK_HZ / 1e9;

    private MeasuredHostProfile() {
    }

    /**
     * @param readBytesPerSec what reading a file through osd:// achieved here
     * @param linkBytesPerSec the link the read efficiency is relative to (the drive profile's)
     */
    static String yaml(String name, String machine, LocalDate date, int cores, HostCalibration.Result fit,
                       long readBytesPerSec, long linkBytesPerSec, int megabytes, HostProfile base) {
        HostCalibration.Costs c = fit.costs();
        String measured = "measured " + date + " on " + machine + " by bin/ispd calibrate-host";
        String fitted = measured + ": non-negative least-squares fit of the median wall time of " + fit.runs().size()
                + " host scans (built-ins and the plan interpreter, " + megabytes + " MB each of 32- and 256-byte "
                + "WorldCup98 entries, of TPC-H lineitem-shaped rows as records and as Parquet and of TPC-H's char(N) "
                + "strings) over their metered work";
        StringBuilder y = new StringBuilder();
        y.append("# This machine (").append(machine).append("), measured by bin/ispd calibrate-host on ").append(date)
                .append(".\n# Numbers that Java cannot measure are carried from ").append(base.name())
                .append(" and say so.\n");
        y.append("name: ").append(name).append('\n');
        y.append("description: ").append(quote("host " + machine + ", measured " + date)).append("\n\n");
        y.append("cpu:\n");
        entry(y, "cores", cores, measured + ": Runtime.availableProcessors()");
        entry(y, "clockHz", CLOCK_HZ, measured + ": costs are measured in ns; at 1 THz a cycle below is a picosecond");
        entry(y, "cyclesPerRecord", cycles(c.of("record")), fitted);
        entry(y, "cyclesPerDramAccess", cycles(c.of("DRAM access")), fitted);
        entry(y, "cyclesPerCompare", cycles(c.of("compare")), fitted);
        entry(y, "cyclesPerHashUpdate", cycles(c.of("hash update")), fitted);
        entry(y, "cyclesPerByteOut", cycles(c.of("result byte")), fitted);
        carried(y, base, "cpu.cyclesPerInstruction", base.cpu().cyclesPerInstruction() * CLOCK_HZ / base.cpu().clockHz(),
                "scaled to this file's clock; no WebAssembly workload is measured");
        carried(y, base, "cpu.cyclesPerArithmetic", base.cpu().cyclesPerArithmetic() * CLOCK_HZ / base.cpu().clockHz(),
                "scaled to this file's clock; no numeric kernel is measured");
        y.append("\ninterpreter:\n");
        entry(y, "cyclesPerEvaluation", cycles(c.of("evaluation")), fitted);
        entry(y, "cyclesPerWideOp", cycles(c.of("wide op")), fitted);
        entry(y, "cyclesPerStringOp", cycles(c.of("string op")), fitted);
        entry(y, "cyclesPerStringByte", cycles(c.of("string byte")), fitted);
        entry(y, "cyclesPerStringLeafCompare", cycles(c.of("string leaf compare")), fitted);
        entry(y, "cyclesPerDecodedValue", cycles(c.of("decoded value")), fitted);
        entry(y, "cyclesPerRecordOneAtATime", cycles(c.of("record one at a time")), fitted);
        entry(y, "cyclesPerRowOneAtATime", cycles(c.of("row one at a time")), fitted);
        entry(y, "cyclesPerDictionaryId", cycles(c.of("dictionary id")), fitted);
        entry(y, "cyclesPerByteArrayValue", cycles(c.of("byte array value")), fitted);
        entry(y, "cyclesPerDefinitionLevel", cycles(c.of("definition level")), fitted);
        entry(y, "cyclesPerSnappyByte", cycles(c.of("Snappy byte")), fitted);
        entry(y, "cyclesPerGzipByte", cycles(c.of("Gzip byte")), fitted);
        entry(y, "cyclesPerZstdByte", cycles(c.of("Zstd byte")), fitted);
        entry(y, "cyclesPerPackedKey", cycles(c.of("packed key")), fitted);
        y.append("\nio:\n");
        double efficiency = Math.max(0.01, Math.min(1.0, readBytesPerSec / (double) linkBytesPerSec));
        entry(y, "readEfficiency", String.format(Locale.ROOT, "%.3f", efficiency), measured + ": reading through osd:// "
                + "from an in-JVM drive ran at " + readBytesPerSec / 1_000_000 + " MB/s against a "
                + linkBytesPerSec / 1_000_000 + " MB/s drive link (capped at 1)");
        entry(y, "kernelCyclesPerByte", cycles(c.of("byte")), fitted + " (the scan's per-byte work)");
        y.append("\npower:\n");
        carried(y, base, "power.idlePowerMw", base.power().idleNw() / 1_000_000, "no power meter is read");
        carried(y, base, "power.transferActivePowerMw", base.power().transferActiveNw() / 1_000_000,
                "no power meter is read");
        carried(y, base, "power.computeActivePowerMw", base.power().computeActiveNw() / 1_000_000,
                "no power meter is read");
        y.append("\nhadoop:\n");
        HostProfile.Hadoop h = base.hadoop();
        long perCycle = CLOCK_HZ / base.cpu().clockHz();
        String scaled = "scaled to this file's clock; the Hadoop record path is not measured";
        carried(y, base, "hadoop.cyclesPerMapInputRecord", h.cyclesPerMapInputRecord() * perCycle, scaled);
        carried(y, base, "hadoop.cyclesPerMapOutputRecord", h.cyclesPerMapOutputRecord() * perCycle, scaled);
        carried(y, base, "hadoop.cyclesPerMapOutputByte", h.cyclesPerMapOutputByte() * perCycle, scaled);
        carried(y, base, "hadoop.cyclesPerMergeRecord", h.cyclesPerMergeRecord() * perCycle, scaled);
        carried(y, base, "hadoop.cyclesPerSpilledRecord", h.cyclesPerSpilledRecord() * perCycle, scaled);
        carried(y, base, "hadoop.cyclesPerLocalFileByte", h.cyclesPerLocalFileByte() * perCycle, scaled);
        carried(y, base, "hadoop.localDiskBytesPerSec", h.localDiskBytesPerSec(), "not measured");
        carried(y, base, "hadoop.deviceCallCpuNs", h.deviceCallCpuNs(), "not measured");
        carried(y, base, "hadoop.pollIntervalNs", h.pollIntervalNs(), "not measured");
        return y.toString();
    }

    private static long cycles(double ns) {
        return Math.round(ns * CYCLES_PER_NS);
    }

    private static void entry(StringBuilder y, String key, Object value, String source) {
        y.append("  ").append(key).append(": {value: ").append(value).append(", source: ").append(quote(source))
                .append("}\n");
    }

    /** A number carried from {@code base}: an assumption here, naming the base's own source. */
    private static void carried(StringBuilder y, HostProfile base, String key, long value, String why) {
        Parameter p = base.parameters().stream().filter(q -> q.key().equals(key)).findFirst().orElseThrow(
                () -> new IllegalStateException(base.name() + " has no " + key));
        y.append("  ").append(key.substring(key.indexOf('.') + 1)).append(": {value: ").append(value)
                .append(", assumption: ").append(quote("from " + base.name() + " (" + why + "): " + p.basis()))
                .append("}\n");
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
