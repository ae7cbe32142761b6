package dev.ispd.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The benchmarks' CPU time per kind of thread, from /proc's per-thread scheduler time. */
class ThreadCpuTest {
    @Test
    void aThreadsKindIsItsNameWithoutTheNumbersThatTellThreadsOfTheKindApart() {
        assertEquals("GC Thread", ThreadCpu.groupOf("GC Thread#1"));
        assertEquals("drive0-exec", ThreadCpu.groupOf("drive0-exec-3"));
        assertEquals("C2 CompilerThre", ThreadCpu.groupOf("C2 CompilerThre"));
        assertEquals("Executor task l", ThreadCpu.groupOf("Executor task l"));
    }

    /** A thread spinning for 200 ms of CPU between two snapshots is seen under its kind. */
    @Test
    void aSpinningThreadsTimeIsUnderItsKind() throws Exception {
        ThreadCpu before = ThreadCpu.now();
        long cpuBefore = processCpuNs();
        Thread spinner = new Thread(() -> {
            long end = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() + 200_000_000L;
            long x = 0;
            while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() < end) {
                x += System.nanoTime() & 1;
            }
            assertTrue(x >= 0);
        }, "spinner-7");
        spinner.start();
        Thread.sleep(50);
        ThreadCpu during = ThreadCpu.now();
        spinner.join();
        Map<String, Long> used = during.since(before, processCpuNs() - cpuBefore);
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return; // no /proc: only the process's time, all of it under (ended threads)
        }
        assertTrue(used.getOrDefault("spinner", 0L) > 0, used.toString());
        assertTrue(used.get(ThreadCpu.ENDED) >= 0, used.toString());

        Map<String, List<Map<String, Long>>> runs = new LinkedHashMap<>();
        runs.put("ispd fastest", List.of(Map.of("spinner", 3_000_000L), Map.of("spinner", 5_000_000L)));
        runs.put("ispd device-only", List.of(Map.of("spinner", 1_000_000L)));
        List<String> table = ThreadCpu.table(runs, 2);
        assertEquals(2, table.size(), table.toString());
        assertTrue(table.get(1).matches(" *spinner +4\\.0 +1\\.0 +\\+3\\.0"), table.get(1));
    }

    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
