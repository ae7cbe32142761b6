package dev.ispd.client;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DEVICE_INFO: who the drive is and the profile numbers a host-side scheduler needs.
 *
 * @param capabilities the drive's capability pairs in the order it sent them (keys: docs/model.md)
 * @param maxInflight executions the drive queues before answering BUSY
 */
public record DeviceInfo(String driveName, String profileName, long capacityBytes, int pageSize,
        int pagesPerBatch, int maxIo, int maxInflight, Map<String, String> capabilities) {

    /** Capability key listing the built-in tasklets, comma-separated. */
    public static final String TASKLETS = "tasklets";

    public DeviceInfo {
        capabilities = Collections.unmodifiableMap(new LinkedHashMap<>(capabilities));
    }

    /** The built-in tasklet names the drive offers (empty if it lists none). */
    public List<String> tasklets() {
        String v = capabilities.getOrDefault(TASKLETS, "");
        return v.isEmpty() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
    }
}
