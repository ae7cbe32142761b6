package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's --faults FILE: a drive that injects its plan from the start, and a bad plan refused naming the file. */
class FaultsOptionTest {
    @TempDir
    Path dir;
    private DaemonProcess current;

    @AfterEach
    void noDaemonLeftBehind() {
        if (current != null) {
            current.close();
        }
    }

    private DaemonProcess start(Path plan) throws IOException {
        current = DaemonProcess.start(dir.resolve("daemon.log"), 1, "--socket", dir.resolve("d.sock").toString(),
                "--dir", dir.resolve("drives").toString(), "--faults", plan.toString());
        return current;
    }

    @Test
    void aDriveStartsWithTheFaultsOfItsPlan() throws Exception {
        Path plan = Files.writeString(dir.resolve("full.json"), "{\"faults\": [{\"kind\": \"device-full\"}]}");
        DaemonProcess d = start(plan);
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertEquals(Status.NO_SPACE, c.call(new Requests.CreateObject(0)).status());
            assertEquals(Status.OK, c.call(new Requests.SetFaults("")).status());
            assertTrue(c.create(0) != 0, "cleared at run time");
        }
    }

    @Test
    void aBadPlanStopsTheStartNamingTheFile() throws Exception {
        Path plan = Files.writeString(dir.resolve("bad.json"), "{\"faults\": [{\"kind\": \"slow\"}]}");
        assertThrows(IOException.class, () -> start(plan));
        String log = Files.readString(dir.resolve("daemon.log"));
        assertTrue(log.contains("fault plan " + plan + ", fault 0 (slow): a slow fault needs \"delayMs\" of at least 1"),
                log);
    }
}
