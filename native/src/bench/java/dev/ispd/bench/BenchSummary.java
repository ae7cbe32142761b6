package dev.ispd.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ispd.profile.Profiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a JMH JSON result file of this package's benchmarks and prints the figures that matter,
 * with the ratios to their baselines, the targets and the paper's numbers. Benchmarks missing
 * from the file (a filtered run) are printed as "not run".
 *
 * <p>Run on its own to summarise a saved file: {@code BenchSummary <result.json>}.
 */
public final class BenchSummary {
    /** Target: a JNI command round trip on the local socket, median. */
    static final double ROUND_TRIP_TARGET_US = 20;
    /** Target: ingest over the socket. */
    static final double INGEST_TARGET_GBPS = 1.0;
    /** Target: the drive's scan rate as a share of the plain loop's. */
    static final double SCAN_SHARE_TARGET = 0.5;
    /** Aim: the C-to-wasm Q1 module's scan rate in the drive as a share of the built-in q1's. */
    static final double MODULE_SHARE_AIM = 0.5;

    private static final String PKG = BenchSummary.class.getPackageName() + ".";

    private final Map<String, JsonNode> metrics = new HashMap<>();
    private final PrintStream out;

    private BenchSummary(JsonNode results, PrintStream out) {
        for (JsonNode r : results) {
            String key = r.path("benchmark").asText();
            JsonNode params = r.path("params");
            for (JsonNode value : params) { // e.g. CommandRoundTrip.stat@JNI, AuthOverhead.read@on
                key += "@" + value.asText();
            }
            if (params.has("entrySize")) {
                key += "@" + params.path("entrySize").asText();
            }
            metrics.put(key, r.path("primaryMetric"));
        }
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: BenchSummary <result.json>");
        }
        print(Path.of(args[0]), System.out);
    }

    static void print(Path resultFile, PrintStream out) throws IOException {
        JsonNode results = new ObjectMapper().readTree(resultFile.toFile());
        if (results == null || !results.isArray()) {
            throw new IOException(resultFile + " is not a JMH JSON result file (expected an array of results)");
        }
        BenchSummary s = new BenchSummary(results, out);
        out.println();
        out.println("==== ispd benchmark summary (" + resultFile + ") ====");
        out.printf("machine: %d cpus, %s %s, %s %s, %s%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                System.getProperty("os.name"), System.getProperty("os.arch"),
                ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        s.roundTrips();
        s.transfers();
        s.scans(ScanRate.ENTRY_SIZE, "3.");
        s.scans(ScanRate.SMALL_ENTRY_SIZE, "3b.");
        s.modelCost();
        s.authentication();
        s.metricsOverhead();
    }

    private void roundTrips() {
        out.println();
        out.println("1. Command round trip, real drive on a Unix socket (SampleTime, microseconds per call)");
        out.printf("   %-44s %-4s %9s %9s %9s%n", "call", "via", "p50", "mean", "p99");
        String[][] calls = {
            {"CommandRoundTrip.executeNoop", "EXECUTE noop + POLL until DONE + RELEASE"},
            {"CommandRoundTrip.poll", "POLL (one command)"},
            {"CommandRoundTrip.stat", "STAT_OBJECT (one command)"},
        };
        for (String binding : new String[] {"JNI", "JNA"}) {
            for (String[] call : calls) {
                JsonNode m = metric(call[0] + "@" + binding);
                if (m == null) {
                    out.printf("   %-44s %-4s %9s%n", call[1], binding, "not run");
                } else {
                    out.printf("   %-44s %-4s %9.1f %9.1f %9.1f%n", call[1], binding, micros(m, "50.0"),
                            micros(m, null), micros(m, "99.0"));
                }
            }
        }
        out.println("   paper (Smart SSD, Fig. 7): 365-595 us per command = 215 us SATA command + 150-380 us JNI");
        for (String[] call : new String[][] {calls[1], calls[2]}) {
            JsonNode m = metric(call[0] + "@JNI");
            if (m != null) {
                double p50 = micros(m, "50.0");
                out.printf("   target: JNI %s p50 <= %.0f us: %.1f us -> %s; %.0fx below the paper's 365 us%n",
                        call[1].replace(" (one command)", ""), ROUND_TRIP_TARGET_US, p50,
                        verdict(p50 <= ROUND_TRIP_TARGET_US), 365 / p50);
            }
        }
        JsonNode jni = metric(calls[1][0] + "@JNI");
        JsonNode jna = metric(calls[1][0] + "@JNA");
        if (jni != null && jna != null) {
            out.printf("   JNA/JNI (POLL p50): %.2fx%n", micros(jna, "50.0") / micros(jni, "50.0"));
        }
    }

    private void transfers() {
        out.println();
        out.printf("2. Bulk transfer through JNI, %d MiB per operation in %d MiB chunks (AverageTime)%n",
                SocketTransfer.OBJECT_BYTES >> 20, SocketTransfer.CHUNK >> 20);
        out.printf("   %-44s %9s %9s %12s%n", "path", "ms/op", "GB/s", "drive/file");
        for (String direction : new String[] {"Write", "Read"}) {
            JsonNode drive = metric("SocketTransfer.drive" + direction);
            JsonNode file = metric("SocketTransfer.file" + direction);
            String verb = direction.toLowerCase();
            rate("drive " + verb + " (socket, JNI, drive's file)", drive, SocketTransfer.OBJECT_BYTES, null);
            rate("FileChannel " + verb + " (baseline, same directory)", file, SocketTransfer.OBJECT_BYTES, null);
            if (drive != null && file != null) {
                out.printf("   %-44s %9s %9s %11.0f%%%n", "  ratio drive/file", "", "",
                        100 * nanos(file, null) / nanos(drive, null));
            }
        }
        rate("bare Unix socket, Java to Java (diagnostic)", metric("SocketTransfer.socketOnly"),
                SocketTransfer.OBJECT_BYTES, null);
        JsonNode ingest = metric("SocketTransfer.driveWrite");
        if (ingest != null) {
            double gbps = gbps(ingest, SocketTransfer.OBJECT_BYTES);
            out.printf("   target: ingest >= %.1f GB/s: %.2f GB/s -> %s%n", INGEST_TARGET_GBPS, gbps,
                    verdict(gbps >= INGEST_TARGET_GBPS));
        }
        out.println("   (GB = 10^9 bytes)");
    }

    private void scans(int entrySize, String number) {
        String at = "@" + entrySize;
        out.println();
        out.printf("%s Scan rate of q1 over %d MiB of %d-byte WorldCup98 entries, wall clock (AverageTime)%n",
                number, ScanRate.SCAN_BYTES >> 20, entrySize);
        out.printf("   %-44s %9s %9s %12s%n", "path", "ms/op", "GB/s", "vs plain");
        JsonNode plain = metric("ScanRate.plainLoop" + at);
        String[][] paths = {
            {"ScanRate.driveQ1", "drive q1: EXECUTE .. DONE, result, RELEASE"},
            {"ScanRate.driveQ1Module", "drive q1.wasm (C to wasm, user tasklet)"},
            {"ScanRate.plainCLoop", "plain C loop (cc -O2, via JNA)"},
            {"ScanRate.plainLoop", "plain loop over a direct buffer (baseline)"},
            {"ScanRate.hostRunner", "HostRunner q1 (ExtentScanner, in memory)"},
            {"ScanRate.hostRunnerModule", "HostRunner q1.wasm (in memory, metered)"},
            {"ScanRate.fileReadLoop", "FileChannel batches + plain loop"},
        };
        for (String[] p : paths) {
            rate(p[1], metric(p[0] + at), ScanRate.SCAN_BYTES, plain);
        }
        JsonNode drive = metric("ScanRate.driveQ1" + at);
        if (drive != null && plain != null) {
            double share = nanos(plain, null) / nanos(drive, null);
            out.printf("   target: drive >= %.0f%% of the plain loop: %.0f%% -> %s%n", 100 * SCAN_SHARE_TARGET,
                    100 * share, verdict(share >= SCAN_SHARE_TARGET));
        }
        JsonNode module = metric("ScanRate.driveQ1Module" + at);
        if (drive != null && module != null) {
            double share = nanos(drive, null) / nanos(module, null);
            out.printf("   aim: drive q1.wasm >= %.0f%% of the built-in's rate: %.0f%% -> %s%n", 100 * MODULE_SHARE_AIM,
                    100 * share, verdict(share >= MODULE_SHARE_AIM));
        }
        JsonNode host = metric("ScanRate.hostRunner" + at);
        JsonNode hostModule = metric("ScanRate.hostRunnerModule" + at);
        if (host != null && hostModule != null) {
            out.printf("   on the host: HostRunner q1.wasm at %.0f%% of HostRunner q1's rate%n",
                    100 * nanos(host, null) / nanos(hostModule, null));
        }
    }

    private void modelCost() {
        out.println();
        out.println("4. Diagnostic: wall time of the drive's timing model (ModeledDrive) for the same work");
        out.printf("   %-44s %9s %9s %12s%n", "work priced", "ms/op", "us/page", "of drive's");
        long pageSize = Profiles.device(BenchDrive.PROFILE).pageSizeBytes();
        String[][] rows = {
            {"ModelCost.scanBatches", "ScanRate.driveQ1@" + ScanRate.ENTRY_SIZE, "q1 scan batches", Long.toString(ScanRate.SCAN_BYTES)},
            {"ModelCost.hostWrites", "SocketTransfer.driveWrite", "WRITE_OBJECT commands",
                Long.toString(SocketTransfer.OBJECT_BYTES)},
            {"ModelCost.hostReads", "SocketTransfer.driveRead", "READ_OBJECT commands",
                Long.toString(SocketTransfer.OBJECT_BYTES)},
        };
        for (String[] row : rows) {
            JsonNode m = metric(row[0]);
            long bytes = Long.parseLong(row[3]);
            String label = String.format("%s, %d MiB", row[2], bytes >> 20);
            if (m == null) {
                out.printf("   %-44s %9s%n", label, "not run");
                continue;
            }
            JsonNode drive = metric(row[1]);
            String share = drive == null ? "" : String.format("%11.0f%%", 100 * nanos(m, null) / nanos(drive, null));
            out.printf("   %-44s %9.1f %9.2f %12s%n", label, nanos(m, null) / 1e6,
                    nanos(m, null) / 1e3 / (bytes / pageSize), share);
        }
    }

    private void authentication() {
        overhead("5. Authentication off vs on (HMAC-SHA256 on every request and answer), JNI, same run",
                "AuthOverhead", "off", "on", true, "the rate with authentication as a share of the rate without");
    }

    private void metricsOverhead() {
        overhead("6. Drive metrics off vs kept and scraped every second (Prometheus /metrics), JNI, same run",
                "MetricsOverhead", "off", "scraped", false, "the rate with metrics scraped as a share of the rate "
                        + "without");
    }

    /**
     * A {@link DriveWorkload} benchmark's rates with its parameter {@code a} and {@code b} side by
     * side ({@code reads}: and its READ_OBJECT rows), and b's as a share of a's.
     */
    private void overhead(String title, String benchmark, String a, String b, boolean reads, String meaning) {
        out.println();
        out.println(title);
        out.printf("   %-44s %12s %12s %9s%n", "work", a, b, b + "/" + a);
        requestRate(benchmark + ".stat", a, b);
        if (reads) {
            pairRate("READ_OBJECT of " + (AuthOverhead.READ_BYTES >> 20) + " MiB", benchmark + ".read",
                    AuthOverhead.READ_BYTES, a, b);
        }
        pairRate("q1 scan in the drive, " + (DriveWorkload.SCAN_BYTES >> 20) + " MiB", benchmark + ".scan",
                DriveWorkload.SCAN_BYTES, a, b);
        out.println("   (" + b + "/" + a + ": " + meaning + ")");
    }

    /** STAT_OBJECT requests per second of {@code benchmark} with its parameter {@code a} and {@code b}, and b/a. */
    private void requestRate(String benchmark, String a, String b) {
        JsonNode ma = metric(benchmark + "@" + a);
        JsonNode mb = metric(benchmark + "@" + b);
        if (ma == null || mb == null) {
            out.printf("   %-44s %12s%n", "STAT_OBJECT requests", "not run");
            return;
        }
        double ra = ma.path("score").asDouble();
        double rb = mb.path("score").asDouble();
        out.printf("   %-44s %8.0f/s %10.0f/s %9.2f%n", "STAT_OBJECT requests", ra, rb, rb / ra);
    }

    /** The rate of {@code benchmark} with its parameter {@code a} and {@code b}, and b's as a share of a's. */
    private void pairRate(String label, String benchmark, long bytes, String a, String b) {
        JsonNode off = metric(benchmark + "@" + a);
        JsonNode on = metric(benchmark + "@" + b);
        if (off == null || on == null) {
            out.printf("   %-44s %12s%n", label, "not run");
            return;
        }
        out.printf("   %-44s %7.2f GB/s %7.2f GB/s %9.2f%n", label, gbps(off, bytes), gbps(on, bytes),
                nanos(off, null) / nanos(on, null));
    }

    private void rate(String label, JsonNode m, long bytes, JsonNode baseline) {
        if (m == null) {
            out.printf("   %-44s %9s%n", label, "not run");
            return;
        }
        String vs = baseline == null ? "" : String.format("%11.0f%%", 100 * nanos(baseline, null) / nanos(m, null));
        out.printf("   %-44s %9.1f %9.2f %12s%n", label, nanos(m, null) / 1e6, gbps(m, bytes), vs);
    }

    private JsonNode metric(String key) {
        return metrics.get(PKG + key);
    }

    /** Decimal gigabytes per second: bytes per nanosecond. */
    private static double gbps(JsonNode m, long bytes) {
        return bytes / nanos(m, null);
    }

    private static double micros(JsonNode m, String percentile) {
        return nanos(m, percentile) / 1e3;
    }

    /** The mean (percentile null) or a percentile of a time-per-operation metric, in nanoseconds. */
    private static double nanos(JsonNode m, String percentile) {
        double score = percentile == null ? m.path("score").asDouble()
                : m.path("scorePercentiles").path(percentile).asDouble();
        String unit = m.path("scoreUnit").asText();
        return score * switch (unit) {
            case "ns/op" -> 1;
            case "us/op" -> 1e3;
            case "ms/op" -> 1e6;
            case "s/op" -> 1e9;
            default -> throw new IllegalArgumentException("metric unit " + unit + " is not a time per operation");
        };
    }

    private static String verdict(boolean met) {
        return met ? "MET" : "MISSED";
    }
}
