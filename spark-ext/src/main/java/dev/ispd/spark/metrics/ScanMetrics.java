package dev.ispd.spark.metrics;

import dev.ispd.offload.execute.MetricSink;
import dev.ispd.offload.execute.SplitMetric;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/** One partition reader's counts, as the offload core hands them over, reported to Spark as its task metrics. */
public final class ScanMetrics implements MetricSink {
    private static final List<ScanMetric> REPORTED = ScanMetric.all();

    private final Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);

    @Override
    public void add(SplitMetric metric, long n) {
        counts.merge(metric, n, Long::sum);
    }

    /** The reported metrics' current values (Spark takes the latest values of a task). */
    public CustomTaskMetric[] taskMetrics() {
        return REPORTED.stream().map(m -> value(m.name(), counts.getOrDefault(m.metric(), 0L)))
                .toArray(CustomTaskMetric[]::new);
    }

    private static CustomTaskMetric value(String name, long value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value;
            }
        };
    }
}
