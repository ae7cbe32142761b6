package dev.ispd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times the variants of one computation in alternating rounds: every round runs each variant
 * once, in turn, so that a machine whose speed drifts (other work on its two cores) slows every
 * variant alike and their ratios stay fair. Two untimed rounds warm the JIT first; each
 * variant's rate is over the median of its timed rounds. Shared by the interpreter's benchmarks
 * (tasklets' and hadoop-ext's bench profiles compile this folder beside their own).
 */
public final class AlternatingRounds {
    private static final int WARM_UPS = 2;

    /** A variant's rate, in million items per second, and the answer its last run gave. */
    public record Figure(double millionsPerSecond, long answer) { }

    private AlternatingRounds() {
    }

    /** The figures of {@code variants} (in their order), each run over {@code items} items {@code rounds} times. */
    public static Map<String, Figure> run(Map<String, LongSupplier> variants, long items, int rounds) {
        Map<String, List<Long>> times = new LinkedHashMap<>();
        Map<String, Long> answers = new LinkedHashMap<>();
        for (int r = -WARM_UPS; r < rounds; r++) {
            for (Map.Entry<String, LongSupplier> v : variants.entrySet()) {
                long t0 = System.nanoTime();
                long answer = v.getValue().getAsLong();
                long t = System.nanoTime() - t0;
                answers.put(v.getKey(), answer);
                if (r >= 0) {
                    times.computeIfAbsent(v.getKey(), k -> new ArrayList<>()).add(t);
                }
            }
        }
        Map<String, Figure> figures = new LinkedHashMap<>();
        times.forEach((k, ts) -> figures.put(k, new Figure(items / (median(ts) / 1e9) / 1e6, answers.get(k))));
        return figures;
    }

    private static double median(List<Long> ts) {
        long[] s = ts.stream().mapToLong(Long::longValue).sorted().toArray();
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }
}
