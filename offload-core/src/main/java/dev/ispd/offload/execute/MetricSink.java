package dev.ispd.offload.execute;

/** Where a split's counts go: an engine's counters, or a plain map in tests. */
@FunctionalInterface
public interface MetricSink {
    void add(SplitMetric metric, long n);
}
