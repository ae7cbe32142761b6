package dev.ispd.examples.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * What a benchmark does before each timed run, untimed, so that a run does not share the cores
 * with the JIT's compilations that the runs before it queued: it waits until the JIT has compiled
 * nothing for {@value #JIT_IDLE_MS} ms, at most {@value #JIT_WAIT_MS} ms. It does not collect the
 * garbage first: a full collection before each run (tried, TPC-H SF 1, 2026-11-28) made G1 shrink
 * the young generation, and the runs paid for young collections more often (Q12 device-only: a
 * collection inside 9 runs of 9, 83 ms on average, against 3 of 9 and 33 ms without). {@link Mark}
 * tells how much CPU time a run took and how much of the JVM's collection and compilation time
 * fell inside it, which the benchmarks print beside its wall clock.
 */
public final class QuietStart {
    /** The JIT counts as idle once its compilation time has not grown for this long. */
    static final long JIT_IDLE_MS = 50;
    /** The longest wait for the JIT (on a loaded machine it may never idle). */
    static final long JIT_WAIT_MS = 3000;

    private QuietStart() {
    }

    /** Waits for the JIT as above. */
    public static void settle() throws InterruptedException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JIT_WAIT_MS);
        long compiled = jit.getTotalCompilationTime();
        while (System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(JIT_IDLE_MS);
            long now = jit.getTotalCompilationTime();
            if (now == compiled) {
                return;
            }
            compiled = now;
        }
    }

    /**
     * The JVM's CPU, collection and compilation time so far: two marks around a run give what of
     * each fell inside it ({@link #since}).
     *
     * @param cpuMs CPU time of this process, every thread (the in-JVM drives' too)
     * @param gcMs time the collectors have spent collecting
     * @param jitMs time the JIT has spent compiling (0 where the JVM does not tell)
     */
    public record Mark(long cpuMs, long gcMs, long jitMs) {
        /** Now. */
        public static Mark now() {
            long gc = 0;
            for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
                gc += Math.max(0, b.getCollectionTime());
            }
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            long cpuNs = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
            return new Mark(cpuNs / 1_000_000, gc, jit != null && jit.isCompilationTimeMonitoringSupported()
                    ? jit.getTotalCompilationTime() : 0);
        }

        /** The time spent between {@code before} and this mark. */
        public Mark since(Mark before) {
            return new Mark(cpuMs - before.cpuMs, gcMs - before.gcMs, jitMs - before.jitMs);
        }

        /** {@code GC 5 ms, JIT 12 ms} (the benchmarks print the CPU time their own way). */
        @Override
        public String toString() {
            return String.format("GC %d ms, JIT %d ms", gcMs, jitMs);
        }
    }
}
