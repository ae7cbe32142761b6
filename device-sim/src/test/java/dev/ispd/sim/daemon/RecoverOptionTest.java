package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.ObjectStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 10, failure C at the daemon: a drive whose metadata log is gone refuses to start unless told to recover. */
class RecoverOptionTest {
    @TempDir
    Path dir;
    @AutoClose
    private final DaemonRuns daemons = new DaemonRuns();

    private DaemonProcess start(String... extra) throws IOException {
        return daemons.start(dir, extra);
    }

    @Test
    void aMissingLogRefusesToStartAndRecoverQuarantineKeepsTheData() throws Exception {
        Path store = dir.resolve("drives").resolve("drive0");
        long id;
        try (ObjectStore s = ObjectStore.open(store, 1 << 20, Durability.PROCESS)) {
            id = s.createData(0);
            s.write(id, 0, ByteBuffer.wrap("acknowledged".getBytes()));
        }
        Files.delete(store.resolve("objects.log"));

        assertThrows(IOException.class, this::start);
        String log = Files.readString(dir.resolve("daemon.log"));
        assertTrue(log.contains("metadata log " + store.resolve("objects.log") + " is missing (nothing to read at "
                + "offset 0)"), log);
        assertTrue(Files.exists(store.resolve("data").resolve(id + "-0.obj")), "nothing deleted");

        DaemonProcess d = start("--recover", "quarantine");
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertEquals(0, c.list(0, 10).entries().size());
        }
        assertEquals(143, d.terminate(), "stopped by SIGTERM");
        try (Stream<Path> files = Files.walk(store.resolve("quarantine"))) {
            Path kept = files.filter(p -> p.getFileName().toString().equals(id + "-0.obj")).findFirst().orElseThrow();
            assertArrayEquals("acknowledged".getBytes(), Files.readAllBytes(kept));
        }
    }
}
