package dev.ispd.sim.daemon;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.fault.FaultPlan;
import dev.ispd.sim.hostif.DriveAddress;
import dev.ispd.sim.store.Durability;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Drives running inside the current JVM, for the embedded default, examples and tests:
 * <pre>
 *   try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(2).start()) {
 *       String address = drives.address(0); // "unix:/tmp/ispd-drives-.../drive0.sock"
 *   }
 * </pre>
 * Drive {@code i} keeps its objects in {@code <dir>/drive<i>} and listens on
 * {@code <dir>/drive<i>.sock} (or on TCP 127.0.0.1, any free port). Without a directory, a temporary
 * one is created and deleted on close. Each drive is independent (no shared state).
 */
public final class EmbeddedDrives implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(EmbeddedDrives.class.getName());
    private final List<SimulatedDrive> drives;
    private final Path dir;
    private final boolean deleteOnClose;

    private EmbeddedDrives(List<SimulatedDrive> drives, Path dir, boolean deleteOnClose) {
        this.drives = List.copyOf(drives);
        this.dir = dir;
        this.deleteOnClose = deleteOnClose;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code n} drives of profile {@code smartssd-2013} on Unix sockets in a temporary directory. */
    public static EmbeddedDrives start(int n) throws IOException {
        return builder().drives(n).start();
    }

    public int size() {
        return drives.size();
    }

    /** Drive {@code i}'s address in {@code ispd_connect} format. */
    public String address(int i) {
        return drives.get(i).address().text();
    }

    /** Every drive's address, in drive order. */
    public List<String> addresses() {
        return drives.stream().map(d -> d.address().text()).toList();
    }

    public SimulatedDrive drive(int i) {
        return drives.get(i);
    }

    /** The directory holding the drives' objects and sockets. */
    public Path directory() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (SimulatedDrive d : drives) {
            try {
                d.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (deleteOnClose) {
            deleteTree(dir);
        }
        if (first != null) {
            throw first;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Settings of {@link EmbeddedDrives}; every one has a default. */
    public static final class Builder {
        private int count = 1;
        private String profile = DriveDaemon.DEFAULT_PROFILE;
        private Path dir;
        private boolean tcp;
        private final DriveOptions.Builder options = DriveOptions.builder();

        private Builder() {
        }

        /** How many drives (default 1). */
        public Builder drives(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("drives must be >= 1, got " + n);
            }
            count = n;
            return this;
        }

        /** The device profile of every drive (default {@code smartssd-2013}). */
        public Builder profile(String name) {
            profile = name;
            return this;
        }

        /** Where drives keep objects and sockets (default: a temporary directory, deleted on close). */
        public Builder directory(Path d) {
            dir = d;
            return this;
        }

        /** Listen on TCP 127.0.0.1, any free port, instead of Unix sockets. */
        public Builder tcp(boolean on) {
            tcp = on;
            return this;
        }

        public Builder durability(Durability d) {
            options.durability(d);
            return this;
        }

        public Builder pace(double factor) {
            options.pace(factor);
            return this;
        }

        /** Paces each drive's executions from its {@code fromExecution}-th on (numbered from 1): a drive that slows down. */
        public Builder pace(double factor, long fromExecution) {
            options.pace(factor, fromExecution);
            return this;
        }

        public Builder maxInflight(int n) {
            options.maxInflight(n);
            return this;
        }

        public Builder maxConnections(int n) {
            options.maxConnections(n);
            return this;
        }

        /** Whether the drives load user tasklet modules, and their limits (default {@link ModulePolicy#DEFAULT}). */
        public Builder modules(ModulePolicy policy) {
            options.modules(policy);
            return this;
        }

        /** Authenticate every request and check it against this config (default: no authentication). */
        public Builder auth(AuthConfig config) {
            options.auth(config);
            return this;
        }

        /** The fault plan every drive starts with (default: none; docs/drive.md, "Fault injection"). */
        public Builder faults(FaultPlan plan) {
            options.faults(plan);
            return this;
        }

        /** Any other option: {@code change} sets it on the drives' options. */
        public Builder options(Consumer<DriveOptions.Builder> change) {
            change.accept(options);
            return this;
        }

        /** Starts the drives; on failure the ones already started are closed. */
        public EmbeddedDrives start() throws IOException {
            DeviceProfile p = Profiles.device(profile);
            boolean temporary = dir == null;
            Path root = temporary ? Files.createTempDirectory("ispd-drives-") : Files.createDirectories(dir);
            List<SimulatedDrive> started = new ArrayList<>();
            OpenFileBudget files = OpenFileBudget.measure(count);
            DriveOptions built = files.fit(options.build());
            LOG.fine(() -> "each embedded drive " + files.describe(built));
            try {
                for (int i = 0; i < count; i++) {
                    String name = "drive" + i;
                    DriveAddress listen = tcp ? DriveAddress.tcp("127.0.0.1", 0)
                            : DriveAddress.unix(root.resolve(name + ".sock"));
                    started.add(SimulatedDrive.start(name, p, root.resolve(name), listen, built.forDrive(i)));
                }
            } catch (IOException | RuntimeException e) {
                EmbeddedDrives partial = new EmbeddedDrives(started, root, temporary);
                try {
                    partial.close();
                } catch (IOException | UncheckedIOException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
            return new EmbeddedDrives(started, root, temporary);
        }
    }
}
