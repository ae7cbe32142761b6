package dev.ispd.spark.tpch.bench;

import dev.ispd.examples.bench.JvmTimes;
import dev.ispd.offload.execute.SplitMetric;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The timed runs of one TPC-H query, per source. */
record QueryRuns(int query, Map<Source, Runs> bySource) {
    /**
     * One run: its wall clock, its answer ({@code TpchQueries.answer}), for the connector its scans'
     * metrics, and the JVM's collection and compilation time inside it.
     */
    record Run(double seconds, List<String> answer, Map<SplitMetric, Long> metrics, JvmTimes inside) {
    }

    /** A source's timed runs of the query. */
    static final class Runs {
        private double[] seconds = new double[8];
        private int count;
        private List<String> answer;
        private boolean steady = true;
        private Map<SplitMetric, Long> lastMetrics = Map.of();

        void add(Run run) {
            if (count == seconds.length) {
                seconds = Arrays.copyOf(seconds, 2 * count);
            }
            seconds[count++] = run.seconds();
            steady &= answer == null || answer.equals(run.answer());
            answer = run.answer();
            lastMetrics = run.metrics();
        }

        /** The median wall clock of the runs, s. */
        double median() {
            double[] s = seconds();
            Arrays.sort(s);
            return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        }

        /** The runs' wall clocks, s, in the order they ran. */
        double[] seconds() {
            return Arrays.copyOf(seconds, count);
        }

        /** The answer of the last run. */
        List<String> answer() {
            return answer;
        }

        /** Whether every run gave the same answer. */
        boolean steady() {
            return steady;
        }

        /** The connector's metrics of the last run (empty for the other sources). */
        Map<SplitMetric, Long> metrics() {
            return lastMetrics;
        }
    }
}
