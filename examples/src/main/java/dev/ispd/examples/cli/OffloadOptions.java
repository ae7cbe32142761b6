package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import java.util.Map;

/**
 * Checks a command's {@code --policy} and {@code --host-profile} the way the offload core will
 * read them, before any drive starts or job runs: a bad one is a usage error naming the option.
 */
public final class OffloadOptions {
    private OffloadOptions() {
    }

    /** {@code policy} may be null (the command's default applies). */
    public static void check(OptionChecks checks, String policy, String hostProfile) {
        if (policy != null) {
            checks.valid("--policy", policy, () -> OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), policy)));
        }
        checks.valid("--host-profile", hostProfile,
                () -> OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), hostProfile)));
    }
}
