package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.Credentials;
import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.metrics.MetricsEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * One simulated drive started in the benchmark's JVM on a Unix socket, and a client connection
 * to it through the real C library. Pacing is off (factor 0): the drive answers as fast as this
 * machine runs it, so the benchmarks measure wall time, never the modeled (virtual) time.
 */
final class BenchDrive implements AutoCloseable {
    /** The drive's device profile: the Smart SSD of the paper. */
    static final String PROFILE = "smartssd-2013";

    private final EmbeddedDrives drives;
    private final Drive client;

    private BenchDrive(EmbeddedDrives drives, Drive client) {
        this.drives = drives;
        this.client = client;
    }

    /** Starts a {@link #PROFILE} drive in a temporary directory (deleted on close) and connects. */
    static BenchDrive start(Binding binding) throws IOException {
        return start(EmbeddedDrives.builder(), binding, null);
    }

    /**
     * As {@link #start(Binding)}, on a drive that authenticates every request (docs/security.md),
     * connected as the test identity {@code owner} (read, write, delete and execute on ordinary
     * objects): every request is tagged and every answer verified, HMAC-SHA256 over each frame.
     */
    static BenchDrive startAuthenticated(Binding binding) throws IOException {
        Path keys = Files.createTempDirectory("ispd-bench-auth");
        try {
            AuthConfig config = AuthConfig.load(AuthFixture.write(keys)); // the keys are read here
            return start(EmbeddedDrives.builder().auth(config), binding,
                    new Credentials(AuthFixture.OWNER, AuthFixture.key(AuthFixture.OWNER)));
        } finally {
            try (Stream<Path> files = Files.list(keys)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.delete(f);
                }
            }
            Files.delete(keys);
        }
    }

    /** As {@link #start(Binding)}, on a drive that serves Prometheus metrics on loopback, any free port. */
    static BenchDrive startWithMetrics(Binding binding) throws IOException {
        MetricsEndpoint loopback = new MetricsEndpoint(new InetSocketAddress("127.0.0.1", 0), null);
        return start(EmbeddedDrives.builder().options(o -> o.metrics(loopback)), binding, null);
    }

    private static BenchDrive start(EmbeddedDrives.Builder builder, Binding binding, Credentials credentials)
            throws IOException {
        EmbeddedDrives drives = builder.drives(1).profile(PROFILE).pace(0).start();
        Drive client = null;
        try {
            client = Drive.connect(drives.address(0), binding);
            if (credentials != null) {
                client.authenticate(credentials);
            }
            return new BenchDrive(drives, client);
        } catch (IOException | RuntimeException e) {
            if (client != null) {
                client.close();
            }
            drives.close();
            throw e;
        }
    }

    Drive client() {
        return client;
    }

    DeviceInfo info() throws IOException {
        return client.deviceInfo();
    }

    /** The port the drive serves /metrics on; -1 if it serves none. */
    int metricsPort() {
        return drives.drive(0).metricsPort();
    }

    /** The drive's temporary directory: baselines keep their files here, on the same file system. */
    Path directory() {
        return drives.directory();
    }

    @Override
    public void close() throws IOException {
        try {
            client.close();
        } finally {
            drives.close();
        }
    }
}
