package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.DriveDaemon;
import picocli.CommandLine.Option;

/**
 * The device and host profiles a command models with, declared once, defaulting to what a drive daemon and the
 * offload settings default to.
 */
public final class ProfileOptions {
    @Option(names = "--profile", description = "device profile (default: ${DEFAULT-VALUE})")
    String profile = DriveDaemon.DEFAULT_PROFILE;

    @Option(names = "--host-profile", description = "host profile (default: ${DEFAULT-VALUE})")
    String hostProfile = OffloadKeys.OFFLOAD_HOST_PROFILE.defaultValue();

    /** Adds the checks that both profiles exist to {@code checks}. */
    public OptionChecks check(OptionChecks checks) {
        checks.oneOf("--profile", profile, Profiles.deviceNames());
        OffloadOptions.check(checks, null, hostProfile);
        return checks;
    }

    public String profile() {
        return profile;
    }

    public String hostProfile() {
        return hostProfile;
    }
}
