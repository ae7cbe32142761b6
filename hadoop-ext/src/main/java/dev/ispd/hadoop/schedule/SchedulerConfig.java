package dev.ispd.hadoop.schedule;

import dev.ispd.hadoop.conf.ConfigKey;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The scheduler's settings read from a Hadoop Configuration (the job's, which carries the
 * cluster's unless the job overrides them). A bad value is an IllegalArgumentException naming the
 * key and the value.
 */
record SchedulerConfig(Policy policy, double weight, HostProfile hostProfile, int hostSlots, boolean correction) {

    static SchedulerConfig from(Configuration conf) {
        Policy policy = Policy.parse(IspdKeys.OFFLOAD_POLICY.name(), value(conf, IspdKeys.OFFLOAD_POLICY));
        double weight = weight(value(conf, IspdKeys.OFFLOAD_WEIGHT));
        HostProfile host = hostProfile(value(conf, IspdKeys.OFFLOAD_HOST_PROFILE));
        int slots = slots(value(conf, IspdKeys.OFFLOAD_HOST_SLOTS));
        boolean correction = bool(IspdKeys.OFFLOAD_CORRECTION, value(conf, IspdKeys.OFFLOAD_CORRECTION));
        return new SchedulerConfig(policy, weight, host, slots, correction);
    }

    private static String value(Configuration conf, ConfigKey key) {
        return conf.get(key.name(), key.defaultValue()).trim();
    }

    private static IllegalArgumentException bad(ConfigKey key, String value, String what) {
        return new IllegalArgumentException(key.name() + ": '" + value + "' " + what);
    }

    private static double weight(String v) {
        try {
            double w = Double.parseDouble(v);
            if (w >= 0 && w <= 1) {
                return w;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(IspdKeys.OFFLOAD_WEIGHT, v, "must be a number from 0 to 1");
    }

    private static int slots(String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(IspdKeys.OFFLOAD_HOST_SLOTS, v, "must be a whole number of at least 1");
    }

    private static boolean bool(ConfigKey key, String v) {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw bad(key, v, "must be true or false");
    }

    /** A shipped host profile by name, or a profile file by path. */
    private static HostProfile hostProfile(String v) {
        if (Profiles.hostNames().contains(v)) {
            return Profiles.host(v);
        }
        Path file = Path.of(v);
        if (!Files.isRegularFile(file)) {
            throw bad(IspdKeys.OFFLOAD_HOST_PROFILE, v, "is neither a shipped host profile ("
                    + String.join(", ", Profiles.hostNames()) + ") nor a profile file");
        }
        return Profiles.loadHost(file);
    }
}
