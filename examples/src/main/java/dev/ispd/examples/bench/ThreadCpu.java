package dev.ispd.examples.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The CPU time of this JVM's threads by kind, from Linux's per-thread scheduler statistics
 * ({@code /proc/self/task/TID/schedstat}, nanoseconds on a CPU; {@code comm}, the thread's name
 * cut to 15 characters): Java threads (Spark's task threads, the in-JVM drives', the job
 * client's) and the JVM's own (JIT compiler threads, GC workers) alike, which
 * {@code ThreadMXBean} does not see. A run's share is {@link #since} a snapshot taken before it;
 * threads that ended meanwhile are in the process's CPU time but not here ({@link #ENDED}).
 * Empty where {@code /proc} is not.
 */
public final class ThreadCpu {
    /** The group of the CPU time of threads that ended between two snapshots (process CPU less the groups'). */
    public static final String ENDED = "(ended threads)";
    private static final Path TASKS = Path.of("/proc/self/task");
    /** Trailing numbers, each after a separator, name one thread of a kind: "GC Thread#1", "drive-exec-3". */
    private static final Pattern NUMBERED = Pattern.compile("([-#. ]?\\d+)+$");

    private final Map<Long, Long> cpuNsByThread;
    private final Map<Long, String> groupByThread;

    private ThreadCpu(Map<Long, Long> cpuNsByThread, Map<Long, String> groupByThread) {
        this.cpuNsByThread = cpuNsByThread;
        this.groupByThread = groupByThread;
    }

    /** Every live thread's CPU time now. */
    public static ThreadCpu now() {
        Map<Long, Long> cpu = new HashMap<>();
        Map<Long, String> group = new HashMap<>();
        if (!Files.isDirectory(TASKS)) {
            return new ThreadCpu(cpu, group);
        }
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    long tid = Long.parseLong(task.getFileName().toString());
                    String stat = Files.readString(task.resolve("schedstat")).trim();
                    long ns = Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                    String kind = groupOf(Files.readString(task.resolve("comm")).trim());
                    cpu.put(tid, ns); // both or neither: a thread that ends between the two reads has no kind
                    group.put(tid, kind);
                } catch (IOException | NumberFormatException | StringIndexOutOfBoundsException e) {
                    // the thread ended while it was read: its time is in ENDED
                }
            }
        } catch (IOException e) {
            return new ThreadCpu(Map.of(), Map.of());
        }
        return new ThreadCpu(cpu, group);
    }

    /** A thread's kind: its name without the numbers that tell threads of one kind apart. */
    static String groupOf(String name) {
        return NUMBERED.matcher(name).replaceAll("").trim();
    }

    /**
     * The CPU time, in nanoseconds, each kind of thread used from {@code before} until this
     * snapshot, and {@link #ENDED}: {@code processCpuNs} (the process's CPU time over the same
     * interval) less the groups' sum, never below 0.
     */
    public Map<String, Long> since(ThreadCpu before, long processCpuNs) {
        Map<String, Long> out = new TreeMap<>();
        long sum = 0;
        for (Map.Entry<Long, Long> t : cpuNsByThread.entrySet()) {
            long used = t.getValue() - before.cpuNsByThread.getOrDefault(t.getKey(), 0L);
            if (used > 0) {
                out.merge(groupByThread.get(t.getKey()), used, Long::sum);
                sum += used;
            }
        }
        out.put(ENDED, Math.max(0, processCpuNs - sum));
        return out;
    }

    /**
     * Lines of the median CPU time per kind of thread over {@code runs}, in ms, for each of
     * {@code sources} side by side, the kinds of at least {@code minMs} in one source's median
     * (most first), with the difference of the first two sources.
     */
    public static List<String> table(Map<String, List<Map<String, Long>>> runsBySource, double minMs) {
        List<String> sources = List.copyOf(runsBySource.keySet());
        Map<String, double[]> medians = new TreeMap<>();
        for (int s = 0; s < sources.size(); s++) {
            List<Map<String, Long>> runs = runsBySource.get(sources.get(s));
            for (String group : runs.stream().flatMap(r -> r.keySet().stream()).collect(Collectors.toSet())) {
                double[] ms = runs.stream().mapToDouble(r -> r.getOrDefault(group, 0L) / 1e6).sorted().toArray();
                double median = ms.length % 2 == 1 ? ms[ms.length / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
                medians.computeIfAbsent(group, g -> new double[sources.size()])[s] = median;
            }
        }
        StringBuilder head = new StringBuilder(String.format("  %-18s", "thread kind, ms"));
        sources.forEach(s -> head.append(String.format(" %14s", s.length() > 14 ? s.substring(s.length() - 14) : s)));
        if (sources.size() >= 2) {
            head.append(String.format(" %10s", "1st - 2nd"));
        }
        List<String> lines = new java.util.ArrayList<>(List.of(head.toString()));
        medians.entrySet().stream().filter(e -> Arrays.stream(e.getValue()).max().orElse(0) >= minMs)
                .sorted((a, b) -> Double.compare(Arrays.stream(b.getValue()).max().orElse(0),
                        Arrays.stream(a.getValue()).max().orElse(0)))
                .forEach(e -> {
                    StringBuilder line = new StringBuilder(String.format("  %-18s", e.getKey()));
                    for (double ms : e.getValue()) {
                        line.append(String.format(" %14.1f", ms));
                    }
                    if (sources.size() >= 2) {
                        line.append(String.format(" %+10.1f", e.getValue()[0] - e.getValue()[1]));
                    }
                    lines.add(line.toString());
                });
        return lines;
    }
}
