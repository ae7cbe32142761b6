package dev.ispd.offload.settings;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Parameter;
import dev.ispd.profile.ProfileException;
import dev.ispd.profile.Profiles;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A host profile file, read so that a bad one cannot steer the scheduler: a file that does not
 * parse, or a measured profile ({@code bin/ispd calibrate-host}) of a machine with another core
 * count than this one, is logged at WARN naming the file and why, and the shipped default host
 * profile prices the splits instead. A measured profile that does not price some of the plan
 * interpreter's own units (written before they were metered) is used, with a warning naming them
 * and that it under-prices plans.
 */
final class MeasuredHosts {
    private static final Logger LOG = LoggerFactory.getLogger(MeasuredHosts.class);

    private MeasuredHosts() {
    }

    static HostProfile checked(Path file, ConfigKey key) {
        HostProfile p;
        try {
            p = Profiles.loadHost(file);
        } catch (ProfileException e) {
            return fallback(file, key, "it is damaged: " + e.getMessage());
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (isMeasured(p) && p.cpu().cores() != cores) {
            return fallback(file, key, "it was measured on a machine with " + p.cpu().cores()
                    + " core(s), this one has " + cores + " (run bin/ispd calibrate-host here)");
        }
        List<String> unpriced = isMeasured(p) ? HostProfile.Interpreter.KEYS.stream().map(k -> "interpreter." + k)
                .filter(k -> p.parameters().stream().noneMatch(q -> q.key().equals(k))).toList() : List.of();
        if (!unpriced.isEmpty()) {
            LOG.warn("{}: the host profile {} was measured before the plan interpreter's units {} were metered: it "
                    + "prices them at 0 and under-predicts plans on the host; run bin/ispd calibrate-host again",
                    key.name(), file, unpriced);
        }
        return p;
    }

    private static boolean isMeasured(HostProfile p) {
        return p.parameters().stream().filter(q -> q.key().equals("cpu.cores")).map(Parameter::source)
                .anyMatch(s -> s != null && s.startsWith("measured"));
    }

    private static HostProfile fallback(Path file, ConfigKey key, String why) {
        LOG.warn("{}: ignoring the host profile {}: {}; pricing host splits with {} instead", key.name(), file, why,
                key.defaultValue());
        return Profiles.host(key.defaultValue());
    }
}
