package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A device split's deadline: its predicted device time times the factor, within the floor and the cap. */
class SplitDeadlineTest {
    private static Decision predicting(long deviceNs) {
        Cost device = new Cost(deviceNs, 1);
        return new Decision(0, 0, Placement.DEVICE, new Cost(1, 1), device, "fastest", "test",
                new Baseline(new Cost(1, 1), device, device));
    }

    @Test
    void theDeadlineFollowsThePredictionWithinFloorAndCap() {
        SplitDeadline d = SplitDeadline.of(OffloadSettings.of(Map.of()));
        assertEquals(Duration.ofSeconds(5), d.of(predicting(1_000_000)), "10 x 1 ms is under the 5 s floor");
        assertEquals(Duration.ofSeconds(20), d.of(predicting(2_000_000_000L)), "10 x 2 s");
        assertEquals(Duration.ofMinutes(10), d.of(predicting(3_600_000_000_000L)), "capped by ispd.device.timeout.ms");

        SplitDeadline tight = SplitDeadline.of(OffloadSettings.of(Map.of("ispd.device.deadline.floor.ms", "100",
                "ispd.device.deadline.factor", "2.5", "ispd.device.timeout.ms", "50")));
        assertEquals(Duration.ofMillis(50), tight.of(predicting(1_000)), "a floor above the cap gives the cap");
    }

    @Test
    void badSettingsNameTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OffloadSettings.of(Map.of("ispd.device.deadline.factor", "0.5")));
        assertTrue(e.getMessage().startsWith("ispd.device.deadline.factor: '0.5' must be a number of at least 1"),
                e.getMessage());
    }
}
