package dev.ispd.sim.daemon;

import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.controller.ControllerSettings;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.RecoveryMode;

/**
 * How a drive runs, beyond its name, profile, directory and address.
 *
 * @param durability     when a write is acknowledged (see {@link Durability})
 * @param paceFactor     0 = off; otherwise executions are reported DONE after modeled time x factor of wall time
 * @param maxInflight    executions queued or running before EXECUTE answers BUSY
 * @param maxConnections connections served at once; one more is answered BUSY and closed
 * @param modules        whether user tasklet modules may be loaded, and their limits per execution
 * @param recovery       what opening a store the metadata log cannot account for does (see {@link RecoveryMode})
 * @param auth           who may do what (docs/security.md); null = no authentication, anyone may do anything
 */
public record DriveOptions(Durability durability, double paceFactor, int maxInflight, int maxConnections,
                           ModulePolicy modules, RecoveryMode recovery, AuthConfig auth) {
    public static final int DEFAULT_MAX_CONNECTIONS = 64;

    public static DriveOptions defaults() {
        return new DriveOptions(Durability.PROCESS, 0, ControllerSettings.DEFAULT_MAX_INFLIGHT, DEFAULT_MAX_CONNECTIONS,
                ModulePolicy.DEFAULT, RecoveryMode.REFUSE, null);
    }

    public DriveOptions withDurability(Durability d) {
        return new DriveOptions(d, paceFactor, maxInflight, maxConnections, modules, recovery, auth);
    }

    public DriveOptions withPace(double factor) {
        return new DriveOptions(durability, factor, maxInflight, maxConnections, modules, recovery, auth);
    }

    public DriveOptions withMaxInflight(int n) {
        return new DriveOptions(durability, paceFactor, n, maxConnections, modules, recovery, auth);
    }

    public DriveOptions withMaxConnections(int n) {
        return new DriveOptions(durability, paceFactor, maxInflight, n, modules, recovery, auth);
    }

    public DriveOptions withModules(ModulePolicy policy) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxConnections, policy, recovery, auth);
    }

    public DriveOptions withRecovery(RecoveryMode mode) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxConnections, modules, mode, auth);
    }

    public DriveOptions withAuth(AuthConfig config) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxConnections, modules, recovery, config);
    }
}
