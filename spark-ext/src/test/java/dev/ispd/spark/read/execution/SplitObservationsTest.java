package dev.ispd.spark.read.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.schedule.Cost;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A scan run's returned observations: one per partition, however often it ran; shipped to the tasks empty. */
class SplitObservationsTest {
    private static SplitObservations.Observed observed(String name, long timeNs) {
        return new SplitObservations.Observed("osd:///.ispd/offload-correction.json", name,
                new CorrectionStore.Observed("host spark-scan", new Cost(100, 100), new Cost(timeNs, 100)));
    }

    @Test
    void aPartitionRunTwiceCountsOnceWithItsLastObservation() {
        SplitObservations task = new SplitObservations();
        task.add(observed("scan-split-0", 200));
        SplitObservations speculative = new SplitObservations();
        speculative.add(observed("scan-split-0", 300));
        speculative.add(observed("scan-split-1", 400));
        SplitObservations driver = new SplitObservations();
        driver.merge(task);
        driver.merge(speculative);
        assertEquals(List.of(observed("scan-split-0", 300), observed("scan-split-1", 400)), driver.value());
    }

    @Test
    void aCopyForTheTasksStartsEmpty() {
        SplitObservations driver = new SplitObservations();
        driver.add(observed("scan-split-0", 200));
        var shipped = driver.copyAndReset();
        assertTrue(shipped.isZero());
        assertEquals(1, driver.copy().value().size());
    }
}
