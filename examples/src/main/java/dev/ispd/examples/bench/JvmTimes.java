package dev.ispd.examples.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's CPU, collection and compilation time so far: two marks around a timed run give what
 * of each fell inside it ({@link #since}), which the benchmarks print beside the run's wall clock,
 * so that what a run's wall clock carries besides its own work can be read off (a young
 * collection, the JIT's compilations, which on 2 cores share the run's cores).
 *
 * @param cpuMs CPU time of this process, every thread (the in-JVM drives' too)
 * @param gcMs time the collectors have spent collecting
 * @param jitMs time the JIT has spent compiling (0 where the JVM does not tell)
 */
public record JvmTimes(long cpuMs, long gcMs, long jitMs) {
    /** Now. */
    public static JvmTimes now() {
        long gc = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc += Math.max(0, b.getCollectionTime());
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long cpuNs = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        return new JvmTimes(cpuNs / 1_000_000, gc, jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit.getTotalCompilationTime() : 0);
    }

    /** The time spent between {@code before} and this mark. */
    public JvmTimes since(JvmTimes before) {
        return new JvmTimes(cpuMs - before.cpuMs, gcMs - before.gcMs, jitMs - before.jitMs);
    }

    /** {@code GC 5 ms, JIT 12 ms} (the benchmarks print the CPU time their own way). */
    @Override
    public String toString() {
        return String.format("GC %d ms, JIT %d ms", gcMs, jitMs);
    }
}
