package dev.ispd.offload.settings;

import dev.ispd.offload.schedule.Policy;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.schedule.SchedulerConfig;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Every setting of {@link OffloadKeys}, resolved once from an engine's layers of settings and
 * checked: a bad value is an IllegalArgumentException naming the key and the value.
 *
 * <p>Precedence: the first layer that sets a key wins, so an engine passes its layers from the
 * most specific to the most general (a job's settings, then the cluster's or session's), and a
 * key no layer sets takes its documented default ({@link ConfigKey#defaultValue()}). Values are
 * trimmed.
 *
 * @param scheduler the scheduler's policy, weight, host profile, host slots, correction switch and cost basis
 * @param correctionFile where corrections persist ({@link OffloadKeys#OFFLOAD_CORRECTION_FILE}); empty = the engine's default
 * @param deviceTimeout the longest a device split may run before it fails its run (its deadline's cap)
 * @param splitMaxBytes largest piece, 0 = one piece per chunk
 * @param groupMaxBytes largest group of one drive's pieces run as one split, 0 = no grouping
 * @param faults how a split survives a drive's faults: retries, and when the job avoids a drive
 */
public record OffloadSettings(SchedulerConfig scheduler, String correctionFile, Duration deviceTimeout,
                              long splitMaxBytes, long groupMaxBytes, DeviceFaultSettings faults) {

    /** The settings of {@code layers}, most specific first (job over cluster over default). */
    public static OffloadSettings resolve(List<SettingSource> layers) {
        Reader r = new Reader(layers);
        SchedulerConfig scheduler = new SchedulerConfig(
                Policy.parse(OffloadKeys.OFFLOAD_POLICY.name(), r.value(OffloadKeys.OFFLOAD_POLICY)),
                r.fraction(OffloadKeys.OFFLOAD_WEIGHT), r.hostProfile(OffloadKeys.OFFLOAD_HOST_PROFILE),
                r.hostSlots(OffloadKeys.OFFLOAD_HOST_SLOTS),
                r.bool(OffloadKeys.OFFLOAD_CORRECTION),
                CostBasis.parse(OffloadKeys.OFFLOAD_COST_BASIS.name(), r.value(OffloadKeys.OFFLOAD_COST_BASIS)),
                SchedulerConfig.THIS_MACHINES_CORES);
        long timeoutMs = r.atLeast(OffloadKeys.DEVICE_TIMEOUT_MS, 1, Long.MAX_VALUE);
        return new OffloadSettings(scheduler, r.value(OffloadKeys.OFFLOAD_CORRECTION_FILE),
                Duration.ofMillis(timeoutMs), r.atLeast(OffloadKeys.SPLIT_MAX_BYTES, Long.MIN_VALUE, Long.MAX_VALUE),
                r.atLeast(OffloadKeys.SPLIT_GROUP_MAX_BYTES, Long.MIN_VALUE, Long.MAX_VALUE),
                new DeviceFaultSettings((int) r.atLeast(OffloadKeys.DEVICE_RETRIES, 0, Integer.MAX_VALUE),
                        (int) r.atLeast(OffloadKeys.DEVICE_AVOID_AFTER, 1, Integer.MAX_VALUE),
                        r.value(OffloadKeys.DEVICE_FAILURES_DIR),
                        Duration.ofMillis(r.atLeast(OffloadKeys.DEVICE_FAILURES_REFRESH_MS, 0, Long.MAX_VALUE)),
                        Duration.ofMillis(r.atLeast(OffloadKeys.DEVICE_PROBE_TIMEOUT_MS, 1, Integer.MAX_VALUE)),
                        Duration.ofMillis(r.atLeast(OffloadKeys.DEVICE_PROBE_MAX_AGE_MS, 0, Long.MAX_VALUE)),
                        Duration.ofMillis(r.atLeast(OffloadKeys.DEVICE_DEADLINE_FLOOR_MS, 1, Long.MAX_VALUE)),
                        r.atLeastOne(OffloadKeys.DEVICE_DEADLINE_FACTOR), r.zeroOrAtLeastOne(OffloadKeys.DEVICE_STRAGGLER_FACTOR),
                        Duration.ofMillis(r.atLeast(OffloadKeys.DEVICE_STRAGGLER_FLOOR_MS, 0, Long.MAX_VALUE))));
    }

    /**
     * These settings with host splits run by an engine that gives a task {@code cores} cores
     * ({@link SchedulerConfig#hostCores}).
     */
    public OffloadSettings onHostCores(int cores) {
        return new OffloadSettings(scheduler.onHostCores(cores), correctionFile, deviceTimeout, splitMaxBytes,
                groupMaxBytes, faults);
    }

    /** The settings of one layer of key/values (an engine's options, a tool's flags), over the defaults. */
    public static OffloadSettings of(Map<String, String> values) {
        return resolve(List.of(values::get));
    }

    /** Reads keys through the layers, and parses with errors that name the key. */
    private record Reader(List<SettingSource> layers) {
        String value(ConfigKey key) {
            for (SettingSource layer : layers) {
                String v = layer.get(key.name());
                if (v != null) {
                    return v.trim();
                }
            }
            return key.defaultValue();
        }

        double fraction(ConfigKey key) {
            String v = value(key);
            try {
                double w = Double.parseDouble(v);
                if (w >= 0 && w <= 1) {
                    return w;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw bad(key, v, "must be a number from 0 to 1");
        }

        long atLeast(ConfigKey key, long min, long max) {
            String v = value(key);
            try {
                long n = Long.parseLong(v);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw bad(key, v, min == 1 || min == 0 ? "must be a whole number of at least " + min
                    : "must be a whole number");
        }

        /** {@link SchedulerConfig#AUTO_HOST_SLOTS} for {@code auto}, else a whole number of at least 1. */
        int hostSlots(ConfigKey key) {
            String v = value(key);
            if (v.equals("auto")) {
                return SchedulerConfig.AUTO_HOST_SLOTS;
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw bad(key, v, "must be auto or a whole number of at least 1");
        }

        /** A finite number of at least 1. */
        double atLeastOne(ConfigKey key) {
            return factor(key, false);
        }

        /** 0 (off), or a finite number of at least 1. */
        double zeroOrAtLeastOne(ConfigKey key) {
            return factor(key, true);
        }

        private double factor(ConfigKey key, boolean zeroIsOff) {
            String v = value(key);
            try {
                double x = Double.parseDouble(v);
                if ((x >= 1 || zeroIsOff && x == 0) && !Double.isInfinite(x)) {
                    return x;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw bad(key, v, zeroIsOff ? "must be 0 or a number of at least 1" : "must be a number of at least 1");
        }

        boolean bool(ConfigKey key) {
            return key.flag(value(key));
        }

        /** A shipped host profile by name, or a profile file by path. */
        HostProfile hostProfile(ConfigKey key) {
            String v = value(key);
            if (Profiles.hostNames().contains(v)) {
                return Profiles.host(v);
            }
            Path file = Path.of(v);
            if (!Files.isRegularFile(file)) {
                throw bad(key, v, "is neither a shipped host profile (" + String.join(", ", Profiles.hostNames())
                        + ") nor a profile file");
            }
            return MeasuredHosts.checked(file, key);
        }

        private static IllegalArgumentException bad(ConfigKey key, String value, String what) {
            return new IllegalArgumentException(key.name() + ": '" + value + "' " + what);
        }
    }
}
