package dev.ispd.sim.daemon;

import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.controller.ControllerSettings;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.fault.FaultPlan;
import dev.ispd.sim.hostif.ServerLimits;
import dev.ispd.sim.metrics.MetricsEndpoint;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.FileHandles;
import dev.ispd.sim.store.RecoveryMode;

/**
 * How a drive runs, beyond its name, profile, directory and address; the limits are listed in
 * docs/drive.md. Made with {@link #builder()}, where every option starts at its default.
 *
 * @param durability                 when a write is acknowledged (see {@link Durability})
 * @param paceFactor                 0 = off; otherwise executions are reported DONE after modeled time x factor of wall time
 * @param pacedFrom                  the first execution paced, the drive's executions numbered from 1 (1 = all):
 *                                   later, a drive that slows down mid-run
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
 * @param faults                     the faults the drive injects from the start (docs/drive.md, "Fault
 *                                   injection"); SET_FAULTS replaces them at run time
 * @param metrics                    where the drive serves Prometheus metrics (docs/metrics.md); null = it keeps
 *                                   none
 */
public record DriveOptions(Durability durability, double paceFactor, long pacedFrom, int maxInflight, int maxExecutionsPerConnection,
                           int maxExtentsPerExecute, ServerLimits server, int maxOpenFiles, ModulePolicy modules,
                           RecoveryMode recovery, AuthConfig auth, FaultPlan faults,
                           MetricsEndpoint metrics) {
    /** Descriptors a drive process keeps for the JVM, logs, module files and metrics, beside its drives' budgets. */
    public static final int RESERVED_FILES = 64;
    /** Descriptors each drive keeps for itself: metadata log, listening socket, selectors, metrics server. */
    public static final int FILES_PER_DRIVE = 16;

    public static DriveOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return builder().durability(durability).pace(paceFactor, pacedFrom).maxInflight(maxInflight)
                .maxExecutionsPerConnection(maxExecutionsPerConnection).maxExtentsPerExecute(maxExtentsPerExecute)
                .server(server).maxOpenFiles(maxOpenFiles).modules(modules).recovery(recovery).auth(auth).faults(faults)
                .metrics(metrics);
    }

    /** The controller's settings for the drive named {@code driveName}. */
    ControllerSettings controllerSettings(String driveName) {
        return new ControllerSettings(driveName, maxInflight, paceFactor, pacedFrom, maxExecutionsPerConnection,
                maxExtentsPerExecute, modules);
    }

    /** These options for drive {@code i} of a set: its metrics {@code i} ports after the first drive's. */
    DriveOptions forDrive(int i) {
        return metrics == null || i == 0 ? this : new DriveOptions(durability, paceFactor, pacedFrom,
                maxInflight, maxExecutionsPerConnection, maxExtentsPerExecute, server, maxOpenFiles, modules, recovery, auth, faults,
                metrics.plusPorts(i));
    }

    /** Options one at a time, each starting at its default; the record's parameters say what each is. */
    public static final class Builder {
        private Durability durability = Durability.PROCESS;
        private double paceFactor;
        private long pacedFrom = 1;
        private int maxInflight = ControllerSettings.DEFAULT_MAX_INFLIGHT;
        private int maxExecutionsPerConnection = ControllerSettings.DEFAULT_MAX_EXECUTIONS_PER_CONNECTION;
        private int maxExtentsPerExecute = ControllerSettings.DEFAULT_MAX_EXTENTS_PER_EXECUTE;
        private ServerLimits server = ServerLimits.defaults();
        private int maxOpenFiles = FileHandles.DEFAULT_MAX_OPEN;
        private ModulePolicy modules = ModulePolicy.DEFAULT;
        private RecoveryMode recovery = RecoveryMode.REFUSE;
        private AuthConfig auth;
        private FaultPlan faults = FaultPlan.NONE;
        private MetricsEndpoint metrics;

        private Builder() {
        }

        public Builder durability(Durability d) {
            durability = d;
            return this;
        }

        public Builder pace(double factor) {
            return pace(factor, 1);
        }

        /** Paces the drive's executions from its {@code fromExecution}-th on (numbered from 1); those before run unpaced. */
        public Builder pace(double factor, long fromExecution) {
            paceFactor = factor;
            pacedFrom = fromExecution;
            return this;
        }

        public Builder maxInflight(int n) {
            maxInflight = n;
            return this;
        }

        public Builder maxExecutionsPerConnection(int n) {
            maxExecutionsPerConnection = n;
            return this;
        }

        public Builder maxExtentsPerExecute(int n) {
            maxExtentsPerExecute = n;
            return this;
        }

        public Builder server(ServerLimits limits) {
            server = limits;
            return this;
        }

        /** The server's connection cap, its other limits unchanged. */
        public Builder maxConnections(int n) {
            server = server.withMaxConnections(n);
            return this;
        }

        public Builder maxOpenFiles(int n) {
            maxOpenFiles = n;
            return this;
        }

        public Builder modules(ModulePolicy policy) {
            modules = policy;
            return this;
        }

        public Builder recovery(RecoveryMode mode) {
            recovery = mode;
            return this;
        }

        /** Authenticate every request against {@code config}; null = no authentication. */
        public Builder auth(AuthConfig config) {
            auth = config;
            return this;
        }

        public Builder faults(FaultPlan plan) {
            faults = plan;
            return this;
        }

        /** Serve Prometheus metrics at {@code endpoint}; null = keep none (the default). */
        public Builder metrics(MetricsEndpoint endpoint) {
            metrics = endpoint;
            return this;
        }

        /** The server limits so far, for changing one of them. */
        public ServerLimits server() {
            return server;
        }

        public DriveOptions build() {
            return new DriveOptions(durability, paceFactor, pacedFrom, maxInflight, maxExecutionsPerConnection,
                    maxExtentsPerExecute, server, maxOpenFiles, modules, recovery, auth, faults, metrics);
        }
    }
}
