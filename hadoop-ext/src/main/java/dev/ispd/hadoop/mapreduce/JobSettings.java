package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.conf.IspdKeys;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Reads a DeviceJob's MapReduce settings (its DeviceMapper and DeviceMapperFormat classes) from
 * its Configuration (and where it runs); every error names the key. The offload settings: {@link HadoopSettings}.
 */
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

    /** True if the job runs in Hadoop's local runner, all of its tasks in the client's JVM. */
    static boolean inLocalRunner(Configuration conf) {
        return MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
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
