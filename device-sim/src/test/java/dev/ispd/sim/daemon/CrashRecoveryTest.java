package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the daemon with SIGKILL right after each acknowledged write, restarts it on the same
 * directory, and checks that every acknowledged byte and object (tasklet instance included) is there.
 */
@Tag("heavy")
class CrashRecoveryTest {
    @TempDir
    Path dir;
    private DaemonProcess current;

    private DaemonProcess start() throws Exception {
        current = DaemonProcess.start(dir.resolve("daemon.log"), 1, "--socket", dir.resolve("d.sock").toString(),
                "--dir", dir.resolve("data").toString());
        return current;
    }

    @AfterEach
    void noDaemonLeftBehind() {
        if (current != null) {
            current.close();
        }
    }

    @Test
    void everyAcknowledgedWriteSurvivesKillMinus9() throws Exception {
        Random rnd = new Random(7);
        ByteArrayOutputStream acked = new ByteArrayOutputStream();
        long data;
        long tasklet;
        long other;
        DaemonProcess d = start();
        try (TestClient c = TestClient.connect(d.address(0))) {
            data = c.create(0);
            tasklet = c.createTasklet("q1", Params.of("entrySize", "32"));
            other = c.create(500);
            c.write(other, 0, "other object".getBytes());
        }
        d.kill();
        for (int round = 0; round < 3; round++) {
            d = start();
            try (TestClient c = TestClient.connect(d.address(0))) {
                assertEquals(acked.size(), c.stat(data).size(), "round " + round);
                if (acked.size() > 0) {
                    assertArrayEquals(acked.toByteArray(), c.read(data, 0, acked.size()));
                }
                byte[] chunk = new byte[100_000 + rnd.nextInt(100_000)];
                rnd.nextBytes(chunk);
                assertEquals(acked.size() + chunk.length, c.write(data, acked.size(), chunk));
                acked.write(chunk); // acknowledged: it must survive what follows
            }
            d.kill();
        }
        d = start();
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertArrayEquals(acked.toByteArray(), c.read(data, 0, acked.size()));
            assertArrayEquals("other object".getBytes(), c.read(other, 0, 12));
            assertEquals(new Responses.ObjectStat(tasklet, 0, ObjectKind.TASKLET), c.stat(tasklet));
            int whole = acked.size() / 32 * 32;
            long exec = c.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(data, 0, whole)));
            assertEquals(ExecutionState.DONE, c.await(exec).state(), "the recovered tasklet instance runs");
        } finally {
            assertEquals(143, d.terminate(), "SIGTERM stops the daemon (the JVM's status: 128 + 15)");
        }
        assertFalse(Files.exists(dir.resolve("d.sock")), "a clean stop removes the socket");
    }

    @Test
    void daemonServesSeveralDrivesAndRejectsBadOptions() throws Exception {
        try (DaemonProcess d = DaemonProcess.start(dir.resolve("daemon.log"), 2, "--port", "0", "--drives", "2",
                "--dir", dir.resolve("data").toString(), "--profile", "newport")) {
            assertTrue(d.address(0).startsWith("tcp:127.0.0.1:"), d.address(0));
            try (TestClient a = TestClient.connect(d.address(0)); TestClient b = TestClient.connect(d.address(1))) {
                assertEquals("drive0", a.info().driveName());
                assertEquals("drive1", b.info().driveName());
                assertEquals("newport", b.info().profileName());
            }
            assertEquals(143, d.terminate());
        }
        assertTrue(Files.isDirectory(dir.resolve("data").resolve("drive1")));
        Path log = dir.resolve("bad.log");
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> DaemonProcess.start(log, 1, "--socket", dir.resolve("x.sock").toString(), "--dir",
                        dir.toString(), "--profile", "nosuch"));
        assertTrue(e.getMessage().contains("exited (status 2)"), e.getMessage());
        assertTrue(Files.readString(log).contains("unknown device profile 'nosuch'"), Files.readString(log));
    }
}
