package dev.ispd.examples.cli;

import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** In-JVM drives over TCP for a test class, as the commands reach running drives (--drives). */
final class TcpDrives implements BeforeAllCallback, AfterAllCallback {
    private final int count;
    private EmbeddedDrives drives;

    TcpDrives(int count) {
        this.count = count;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        drives = EmbeddedDrives.builder().drives(count).tcp(true).start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        drives.close();
    }

    /** Stops drive {@code i}, as a crashed drive: its address refuses connections from now on. */
    void stop(int i) throws IOException {
        drives.drive(i).close();
    }

    /** The value of a command's --drives. */
    String addresses() {
        return String.join(",", drives.addresses());
    }

    /** A new osd:// client of these drives; the caller closes it. */
    FileSystem osd() throws IOException {
        return FileSystem.newInstance(URI.create("osd:///"), WorldCupDrives.osd(new org.apache.hadoop.conf.Configuration(), drives.addresses(), 1 << 20, 20));
    }
}
