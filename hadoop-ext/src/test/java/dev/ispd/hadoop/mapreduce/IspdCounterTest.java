package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.offload.execute.SplitMetric;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A DeviceJob counts every metric of the offload core, under the metric's name, and nothing else. */
class IspdCounterTest {
    @Test
    void everyMetricHasItsCounter() {
        assertEquals(Arrays.stream(SplitMetric.values()).map(Enum::name).toList(),
                Arrays.stream(IspdCounter.values()).map(Enum::name).toList());
        for (SplitMetric m : SplitMetric.values()) {
            assertEquals(m.name(), IspdCounter.of(m).name());
        }
    }
}
