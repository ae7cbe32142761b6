package dev.ispd.spark.read.execution;

import dev.ispd.offload.schedule.CorrectionStore;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.util.AccumulatorV2;

/**
 * The offload observations of one scan's partitions in one SQL execution, returned to the driver
 * with the tasks' results (a Spark accumulator) instead of written to files on the query's path.
 * Each is named by its partition, so a partition run twice (a speculative copy) counts once, as a
 * rewritten file would; a failed task's observation never arrives.
 */
public final class SplitObservations extends AccumulatorV2<SplitObservations.Observed, List<SplitObservations.Observed>> {
    /** A partition's observation for the correction store in {@code store} (its file), named {@code name}. */
    public record Observed(String store, String name, CorrectionStore.Observed observation) implements Serializable {
    }

    private final Map<String, Observed> byName = Collections.synchronizedMap(new LinkedHashMap<>());

    @Override
    public boolean isZero() {
        return byName.isEmpty();
    }

    @Override
    public SplitObservations copy() {
        SplitObservations c = new SplitObservations();
        c.byName.putAll(byName);
        return c;
    }

    @Override
    public void reset() {
        byName.clear();
    }

    @Override
    public void add(Observed o) {
        byName.put(o.name(), o);
    }

    @Override
    public void merge(AccumulatorV2<Observed, List<Observed>> other) {
        other.value().forEach(this::add);
    }

    @Override
    public List<Observed> value() {
        synchronized (byName) {
            return new ArrayList<>(byName.values());
        }
    }
}
