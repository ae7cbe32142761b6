package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22 point 10: a drive under a small open-file limit (ulimit -n), with the default
 * --max-open-files and --max-connections (which alone would need more descriptors than that),
 * sizes both to what the process can hold, says so at start, and answers every request: creates
 * keep succeeding, and a crowd of clients each gets OK or BUSY, none silence.
 */
@Timeout(120)
class OpenFileBudgetTest {
    private static final int FILE_LIMIT = 256;
    private static final int OBJECTS = 400;
    private static final int CLIENTS = 300;
    /** Longest a client waits for an answer before the test calls the drive silent. */
    private static final long ANSWER_WITHIN_S = 15;

    @TempDir
    Path dir;

    private DaemonProcess start() throws java.io.IOException {
        return DaemonProcess.startInWithOpenFileLimit(dir, FILE_LIMIT, "--admission-wait-ms", "1000");
    }

    @Test
    void createsKeepSucceedingAndTheDriveSaysWhatItHolds() throws Exception {
        try (DaemonProcess d = start(); TestClient c = TestClient.connect(d.address(0))) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < OBJECTS; i++) {
                long id = c.create(0);
                c.write(id, 0, content(i));
                ids.add(id);
            }
            for (int i = 0; i < OBJECTS; i++) {
                assertArrayEquals(content(i), c.read(ids.get(i), 0, content(i).length));
            }
            String budget = String.join("\n", d.startLines());
            assertTrue(budget.contains("of the process's open-file limit " + FILE_LIMIT), budget);
            assertTrue(Integer.parseInt(c.info().capabilities().asMap().get("limit.max_open_files")) < FILE_LIMIT,
                    "the advertised limit is the fitted one");
        }
    }

    @Test
    void everyClientOfACrowdIsAnsweredOkOrBusy() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<TestClient> held = new ArrayList<>();
        try (DaemonProcess d = start()) {
            List<Future<Status>> answers = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                answers.add(pool.submit(() -> {
                    TestClient c = TestClient.connect(d.address(0));
                    Status status = c.call(new Requests.DeviceInfo()).status();
                    if (status == Status.OK) {
                        synchronized (held) {
                            held.add(c); // kept open: each served client holds its slot
                        }
                    } else {
                        c.close(); // as the C library does before it retries
                    }
                    return status;
                }));
            }
            Map<Status, Integer> seen = new EnumMap<>(Status.class);
            int silent = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_WITHIN_S);
            for (Future<Status> a : answers) {
                try {
                    seen.merge(a.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS), 1, Integer::sum);
                } catch (TimeoutException e) {
                    silent++;
                }
            }
            System.out.printf("%d clients under ulimit -n %d: %s, %d unanswered after %d s; %s%n", CLIENTS,
                    FILE_LIMIT, seen, silent, ANSWER_WITHIN_S, d.startLines().get(0));
            assertEquals(0, silent, "clients the drive never answered");
            assertEquals(CLIENTS, seen.getOrDefault(Status.OK, 0) + seen.getOrDefault(Status.BUSY, 0),
                    "every answer is OK or BUSY: " + seen);
            assertTrue(seen.getOrDefault(Status.OK, 0) > 0, "some clients are served");
            for (TestClient c : held) {
                c.close();
            }
            try (TestClient later = TestClient.connect(d.address(0))) {
                assertEquals("drive0", later.info().driveName(), "once the crowd leaves, a new client is served");
            }
        } finally {
            pool.shutdownNow();
            for (TestClient c : held) {
                c.close();
            }
        }
    }

    private static byte[] content(int i) {
        return ("object number " + i).getBytes(StandardCharsets.UTF_8);
    }
}
