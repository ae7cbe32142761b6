package dev.ispd.offload.storage;

import dev.ispd.client.Drive;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;

/**
 * In-JVM drives as a drive directory, drive {@code i} on host {@code node<i+1>}, for tests; and
 * test data on them. {@code opening} runs before each connection is opened (a test of how a
 * caller opens its connections holds them there).
 */
public record EmbeddedDriveDirectory(EmbeddedDrives drives, Opening opening) implements DriveDirectory {
    /** What runs before a connection to {@code drive} is opened; an IOException fails the open. */
    @FunctionalInterface
    public interface Opening {
        void before(int drive) throws IOException;
    }

    public EmbeddedDriveDirectory(EmbeddedDrives drives) {
        this(drives, drive -> { });
    }

    @Override
    public int size() {
        return drives.size();
    }

    @Override
    public String address(int drive) {
        return drives.address(drive);
    }

    @Override
    public String host(int drive) {
        return "node" + (drive + 1);
    }

    @Override
    public Drive open(int drive) throws IOException {
        opening.before(drive);
        return Drive.connect(drives.address(drive));
    }

    /** A new object on {@code drive} holding {@code bytes}; its id. */
    public long newObject(int drive, byte[] bytes) throws IOException {
        try (Drive d = open(drive)) {
            long id = d.createObject();
            d.write(id, 0, bytes);
            return id;
        }
    }
}
