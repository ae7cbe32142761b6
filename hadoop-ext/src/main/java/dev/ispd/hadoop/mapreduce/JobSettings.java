package dev.ispd.hadoop.mapreduce;

import dev.ispd.client.TaskletRunner;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.schedule.OffloadScheduler;
import dev.ispd.model.HostModel;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;

/** Reads a DeviceJob's settings from its Configuration; every error names the key. */
final class JobSettings {
    private JobSettings() {
    }

    static DeviceMapper mapper(Configuration conf) {
        return ReflectionUtils.newInstance(requiredClass(conf, IspdKeys.JOB_DEVICE_MAPPER.name(), DeviceMapper.class),
                conf);
    }

    @SuppressWarnings("unchecked")
    static DeviceMapperFormat<?, ?> format(Configuration conf) {
        return ReflectionUtils.newInstance(requiredClass(conf, IspdKeys.JOB_DEVICE_FORMAT.name(),
                DeviceMapperFormat.class), conf);
    }

    /**
     * Prices host runs with the profile the scheduler predicted them with
     * ({@link IspdKeys#OFFLOAD_HOST_PROFILE}, resolved and checked by the scheduler's own settings).
     */
    static HostModel hostModel(Configuration conf) {
        return new HostModel(OffloadScheduler.fromConfiguration(conf, List.of(), new long[0]).hostProfile());
    }

    /** Polling of device splits: the client's default intervals, the timeout of {@link IspdKeys#DEVICE_TIMEOUT_MS}. */
    static TaskletRunner.Polling polling(Configuration conf) {
        long ms = conf.getLong(IspdKeys.DEVICE_TIMEOUT_MS.name(),
                Long.parseLong(IspdKeys.DEVICE_TIMEOUT_MS.defaultValue()));
        if (ms <= 0) {
            throw new IllegalArgumentException(IspdKeys.DEVICE_TIMEOUT_MS.name() + " must be positive, got " + ms);
        }
        TaskletRunner.Polling d = TaskletRunner.Polling.DEFAULT;
        return new TaskletRunner.Polling(d.minInterval(), d.maxInterval(), Duration.ofMillis(ms));
    }

    private static <T> Class<? extends T> requiredClass(Configuration conf, String key, Class<T> type) {
        if (conf.getTrimmed(key, "").isEmpty()) {
            throw new IllegalArgumentException(key + " is not set: a DeviceJob needs a " + type.getSimpleName()
                    + " (DeviceJob.set" + type.getSimpleName() + ")");
        }
        try {
            return conf.getClass(key, null, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(key + " = '" + conf.get(key) + "' is not a loadable "
                    + type.getName() + ": " + e.getMessage(), e);
        }
    }
}
