package dev.ispd.sim.daemon;

import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.controller.ControllerSettings;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.hostif.ServerLimits;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.FileHandles;
import dev.ispd.sim.store.RecoveryMode;

/**
 * How a drive runs, beyond its name, profile, directory and address; the limits are listed in
 * docs/drive.md.
 *
 * @param durability                 when a write is acknowledged (see {@link Durability})
 * @param paceFactor                 0 = off; otherwise executions are reported DONE after modeled time x factor of wall time
 * @param maxInflight                executions queued or running before EXECUTE answers BUSY
 * @param maxExecutionsPerConnection executions one connection may have queued or running
 * @param maxExtentsPerExecute       extents one EXECUTE may name
 * @param server                     connections served at once, their timeouts and admission
 * @param maxOpenFiles               backing files the store keeps open at once
 * @param modules                    whether user tasklet modules may be loaded, and their limits per execution
 * @param recovery                   what opening a store the metadata log cannot account for does
 *                                   (see {@link RecoveryMode})
 * @param auth                       who may do what (docs/security.md); null = no authentication, anyone may
 *                                   do anything
 */
public record DriveOptions(Durability durability, double paceFactor, int maxInflight, int maxExecutionsPerConnection,
                           int maxExtentsPerExecute, ServerLimits server, int maxOpenFiles, ModulePolicy modules,
                           RecoveryMode recovery, AuthConfig auth) {
    public static DriveOptions defaults() {
        return new DriveOptions(Durability.PROCESS, 0, ControllerSettings.DEFAULT_MAX_INFLIGHT,
                ControllerSettings.DEFAULT_MAX_EXECUTIONS_PER_CONNECTION,
                ControllerSettings.DEFAULT_MAX_EXTENTS_PER_EXECUTE, ServerLimits.defaults(),
                FileHandles.DEFAULT_MAX_OPEN, ModulePolicy.DEFAULT, RecoveryMode.REFUSE, null);
    }

    public DriveOptions withDurability(Durability d) {
        return new DriveOptions(d, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withPace(double factor) {
        return new DriveOptions(durability, factor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withMaxInflight(int n) {
        return new DriveOptions(durability, paceFactor, n, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withMaxExecutionsPerConnection(int n) {
        return new DriveOptions(durability, paceFactor, maxInflight, n, maxExtentsPerExecute,
                server, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withMaxExtentsPerExecute(int n) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, n,
                server, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withServer(ServerLimits limits) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                limits, maxOpenFiles, modules, recovery, auth);
    }

    public DriveOptions withMaxConnections(int n) {
        return withServer(server.withMaxConnections(n));
    }

    public DriveOptions withMaxOpenFiles(int n) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, n, modules, recovery, auth);
    }

    public DriveOptions withModules(ModulePolicy policy) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, policy, recovery, auth);
    }

    public DriveOptions withRecovery(RecoveryMode mode) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, modules, mode, auth);
    }

    public DriveOptions withAuth(AuthConfig config) {
        return new DriveOptions(durability, paceFactor, maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute,
                server, maxOpenFiles, modules, recovery, config);
    }

    /** The controller's settings for the drive named {@code driveName}. */
    ControllerSettings controllerSettings(String driveName) {
        return new ControllerSettings(driveName, maxInflight, paceFactor, maxExecutionsPerConnection,
                maxExtentsPerExecute, modules);
    }
}
