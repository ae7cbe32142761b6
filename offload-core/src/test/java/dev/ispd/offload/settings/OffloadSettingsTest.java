package dev.ispd.offload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.offload.schedule.Policy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OffloadSettingsTest {
    @Test
    void theJobsValueWinsOverTheClustersWhichWinsOverTheDefault() {
        Map<String, String> job = Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "host-only");
        Map<String, String> cluster = Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "device-only",
                OffloadKeys.OFFLOAD_HOST_SLOTS.name(), " 8 ");
        OffloadSettings s = OffloadSettings.resolve(List.of(job::get, cluster::get));
        assertEquals(Policy.HOST_ONLY, s.scheduler().policy());
        assertEquals(8, s.scheduler().hostSlots(), "the cluster's value, trimmed");
        assertEquals(0.5, s.scheduler().weight(), "the default");
        assertEquals("host-i5-2500", s.scheduler().hostProfile().name());
        assertEquals(Duration.ofMinutes(10), s.deviceTimeout());
        assertEquals(1L << 30, s.groupMaxBytes());
        assertEquals(0, s.splitMaxBytes());
        assertEquals("", s.correctionFile());
    }

    @Test
    void aBadValueNamesTheKeyAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OffloadSettings.of(Map.of(OffloadKeys.DEVICE_TIMEOUT_MS.name(), "0")));
        assertEquals("ispd.device.timeout.ms: '0' must be a whole number of at least 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> OffloadSettings.of(Map.of(OffloadKeys.SPLIT_GROUP_MAX_BYTES.name(), "1 GB")));
        assertEquals("ispd.split.group.max.bytes: '1 GB' must be a whole number", e.getMessage());
    }
}
