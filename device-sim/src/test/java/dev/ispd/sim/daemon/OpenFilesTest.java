package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.sim.hostif.TestClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, failure A: a drive process with a small open-file limit stores more objects than the
 * limit, keeps accepting connections, and starts again on that store.
 */
@Timeout(180)
class OpenFilesTest {
    private static final int FILE_LIMIT = 256;
    private static final int OBJECTS = 600;

    @TempDir
    Path dir;

    private DaemonProcess start() throws java.io.IOException {
        return DaemonProcess.startInWithOpenFileLimit(dir, FILE_LIMIT, "--max-open-files", "64");
    }

    private static byte[] content(int i) {
        return ("object number " + i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void moreObjectsThanTheProcessMayOpenFiles() throws Exception {
        List<Long> ids = new ArrayList<>();
        try (DaemonProcess d = start()) {
            try (TestClient c = TestClient.connect(d.address(0))) {
                for (int i = 0; i < OBJECTS; i++) {
                    long id = c.create(0);
                    c.write(id, 0, content(i));
                    ids.add(id);
                }
                for (int i = 0; i < OBJECTS; i++) {
                    assertArrayEquals(content(i), c.read(ids.get(i), 0, content(i).length));
                }
            }
            try (TestClient later = TestClient.connect(d.address(0))) {
                assertEquals("drive0", later.info().driveName(), "new connections are still accepted");
            }
            d.terminate();
        }
        try (DaemonProcess again = start(); TestClient c = TestClient.connect(again.address(0))) {
            for (int i = 0; i < OBJECTS; i++) {
                assertArrayEquals(content(i), c.read(ids.get(i), 0, content(i).length), "after a restart");
            }
        }
    }
}
