package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.execute.SplitMetric;

/**
 * The counters of a DeviceJob (shown as group "ispd"): the offload core's {@link SplitMetric}s,
 * one counter each, of the same name (what each counts: {@link SplitMetric}; table: docs/hadoop.md,
 * "DeviceJob"). An enum of its own because Hadoop files a counter under its enum's class, and
 * DeviceJob users read these ({@link DeviceJob#counter}).
 */
public enum IspdCounter {
    BYTES_READ_IN_DRIVES,
    BYTES_MOVED_TO_HOST,
    RESULT_BYTES_FROM_DRIVES,
    MODELED_DEVICE_NS,
    MODELED_DEVICE_ENERGY_NJ,
    MODELED_HOST_NS,
    MODELED_HOST_ENERGY_NJ,
    PREDICTED_DEVICE_NS,
    PREDICTED_DEVICE_ENERGY_NJ,
    PREDICTED_HOST_NS,
    PREDICTED_HOST_ENERGY_NJ,
    SPLITS_PLANNED_ON_DEVICE,
    SPLITS_ON_DEVICE,
    SPLITS_ON_HOST,
    FALLBACKS,
    STRADDLING_RECORDS,
    DEVICE_FAULTS_TIMEOUT,
    DEVICE_FAULTS_CONNECTION,
    DEVICE_FAULTS_MEDIA_ERROR,
    DEVICE_FAULTS_NO_SPACE,
    DEVICE_FAULTS_BUSY,
    DEVICE_FAULTS_OTHER,
    DEVICE_REFUSALS,
    DEVICE_RUNS_CANCELLED,
    DEVICE_RETRIES,
    REPLICA_RUNS,
    REPLICA_READS,
    DRIVES_AVOIDED,
    AVOIDED_DRIVE_SKIPS,
    SPECULATIVE_HOST_RUNS,
    SPECULATIVE_HOST_WINS,
    ROW_GROUPS_READ,
    ROW_GROUPS_SKIPPED,
    PAGES_SKIPPED,
    STRADDLING_ROW_GROUPS,
    GROUP_TABLE_FLUSHES;

    /** The counter of {@code metric}. */
    static IspdCounter of(SplitMetric metric) {
        return valueOf(metric.name());
    }
}
