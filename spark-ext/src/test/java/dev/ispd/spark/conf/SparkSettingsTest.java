package dev.ispd.spark.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.schedule.Policy;
import dev.ispd.offload.settings.OffloadSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The precedence of a read's offload settings: read option over spark.ispd.* over the Hadoop configuration over the default. */
class SparkSettingsTest {
    private static final Map<String, String> SESSION = Map.of("spark.ispd.offload.policy", "device-only",
            "spark.ispd.offload.weight", "0.25");
    private static final Map<String, String> HADOOP = Map.of("ispd.offload.policy", "least-energy",
            "ispd.offload.weight", "0.75", "ispd.offload.host.slots", "2");

    @Test
    void theMostSpecificLayerWinsKeyByKey() {
        OffloadSettings s = SparkSettings.resolve(Map.of("ISPD.Offload.Policy", "host-only"), SESSION::get, HADOOP::get)
                .offload();
        assertEquals(Policy.HOST_ONLY, s.scheduler().policy(), "the read's option, matched case-insensitively");
        assertEquals(0.25, s.scheduler().weight(), "spark.ispd.* over the Hadoop configuration");
        assertEquals(2, s.scheduler().hostSlots(), "the Hadoop configuration where nothing above sets it");
        assertEquals(Duration.ofMinutes(10), s.deviceTimeout(), "the default where no layer sets it");
    }

    @Test
    void theSessionOverTheHadoopConfiguration() {
        SparkSettings s = SparkSettings.resolve(Map.of(), SESSION::get, HADOOP::get);
        assertEquals(Policy.DEVICE_ONLY, s.offload().scheduler().policy());
        assertEquals("device-only", s.policy());
    }

    @Test
    void gatheringIsResolvedThroughTheSameLayers() {
        assertTrue(SparkSettings.resolve(Map.of(), key -> null, key -> null).gather(), "on by default");
        Map<String, String> off = Map.of("spark.ispd.aggregate.gather", "false");
        assertFalse(SparkSettings.resolve(Map.of(), off::get, key -> null).gather());
        assertTrue(SparkSettings.resolve(Map.of("ISPD.aggregate.gather", "TRUE"), off::get, key -> null).gather(),
                "the read's option over the session");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SparkSettings.resolve(Map.of(), key -> null, Map.of("ispd.aggregate.gather", "maybe")::get));
        assertEquals("ispd.aggregate.gather: 'maybe' must be true or false", e.getMessage());
    }

    @Test
    void theHostCoresAreTheTasksOneExecutorRunsAtOnce() {
        assertEquals(3, hostCores(Map.of("spark.master", "local[3]")));
        assertEquals(3, hostCores(Map.of("spark.master", "local[3,2]")), "with task failures allowed");
        assertEquals(1, hostCores(Map.of("spark.master", "local")));
        assertEquals(Runtime.getRuntime().availableProcessors(), hostCores(Map.of("spark.master", "local[*]")));
        assertEquals(2, hostCores(Map.of("spark.master", "local-cluster[2, 2, 1024]")));
        assertEquals(4, hostCores(Map.of("spark.master", "yarn", "spark.executor.cores", "8", "spark.task.cpus", "2")));
        assertEquals(1, hostCores(Map.of("spark.master", "local[4]", "spark.task.cpus", "8")), "at least one");
        assertEquals(0, hostCores(Map.of("spark.master", "spark://m:7077")),
                "unknown (an executor takes its worker's cores): the machine's");
    }

    private static int hostCores(Map<String, String> session) {
        return SparkSettings.resolve(Map.of(), session::get, key -> null).offload().scheduler().hostCores();
    }

    @Test
    void aBadValueNamesItsKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SparkSettings.resolve(Map.of("ispd.offload.weight", "heavy"), SESSION::get, HADOOP::get));
        assertEquals("ispd.offload.weight: 'heavy' must be a number from 0 to 1", e.getMessage());
    }
}
