package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.nio.file.Path;

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
        EmbeddedDrives drives = EmbeddedDrives.builder().drives(1).profile(PROFILE).pace(0).start();
        try {
            return new BenchDrive(drives, Drive.connect(drives.address(0), binding));
        } catch (IOException | RuntimeException e) {
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
