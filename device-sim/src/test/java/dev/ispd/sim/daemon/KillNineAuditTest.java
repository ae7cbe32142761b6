package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.AcknowledgedObjects.Create;
import dev.ispd.sim.daemon.AcknowledgedObjects.Delete;
import dev.ispd.sim.daemon.AcknowledgedObjects.Op;
import dev.ispd.sim.daemon.AcknowledgedObjects.Write;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kill -9 durability audit (issue 10, point 6): the daemon runs as a process of its own while
 * writers create, overwrite, append to and delete their objects, noting every acknowledged
 * operation; it is killed with SIGKILL at a random (seeded) moment, restarted on the same folder,
 * and every acknowledged byte must be there, no deleted object back, and the one operation each
 * writer had in flight either done or not (an overwrite cut short may leave any mix of old and
 * new bytes in its own range, nowhere else). {@code -Daudit.kills=N} kills per durability mode
 * (default 2; the audit profile 25), {@code -Daudit.seed=S}.
 */
@Tag("heavy")
class KillNineAuditTest {
    private static final int WRITERS = 4;
    private static final int MAX_OBJECTS = 6;
    private static final int MAX_SIZE = 256 * 1024;
    private static final int MAX_WRITE = 48 * 1024;

    @TempDir
    Path dir;
    private DaemonProcess daemon;

    @AfterEach
    void noDaemonLeftBehind() {
        if (daemon != null) {
            daemon.close();
        }
    }

    /** What the verifications found over the whole run. */
    private static final class Findings {
        long bytesChecked;
        long lostBytes;
        long lostObjects;
        long resurrected;
        long unreadablePages;
        final List<String> examples = new ArrayList<>();

        void note(String what) {
            if (examples.size() < 10) {
                examples.add(what);
            }
        }

        boolean clean() {
            return lostBytes == 0 && lostObjects == 0 && resurrected == 0 && unreadablePages == 0;
        }
    }

    @ParameterizedTest(name = "durability {0}")
    @ValueSource(strings = {"process", "fsync"})
    void everyAcknowledgedByteSurvivesKillMinus9(String durability) throws Exception {
        int kills = Integer.getInteger("audit.kills", 2);
        Random rnd = new Random(Long.getLong("audit.seed", 20261124L) + durability.hashCode());
        List<AcknowledgedObjects> ledgers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            ledgers.add(new AcknowledgedObjects());
        }
        Findings found = new Findings();
        long started = System.nanoTime();
        for (int kill = 1; kill <= kills; kill++) {
            start(durability);
            if (kill > 1) {
                verify(ledgers, found);
            }
            runWritersUntilKilled(ledgers, rnd, 100 + rnd.nextInt(400));
        }
        start(durability);
        verify(ledgers, found);
        assertEquals(143, daemon.terminate(), "SIGTERM stops the daemon");

        long acknowledged = ledgers.stream().mapToLong(AcknowledgedObjects::acknowledged).sum();
        System.out.printf("kill -9 audit, durability %s: %d kills in %.1f s, %d acknowledged operations, "
                        + "%d bytes checked; lost %d bytes and %d objects, %d deleted objects back, "
                        + "%d unreadable pages%n", durability, kills, (System.nanoTime() - started) / 1e9, acknowledged,
                found.bytesChecked, found.lostBytes, found.lostObjects, found.resurrected, found.unreadablePages);
        assertTrue(acknowledged >= kills, "the writers got work acknowledged: " + acknowledged);
        assertTrue(found.clean(), () -> "acknowledged data did not survive kill -9: " + String.join("; ",
                found.examples));
    }

    private void start(String durability) throws IOException {
        daemon = DaemonProcess.start(dir.resolve("daemon.log"), 1, "--socket", dir.resolve("d.sock").toString(),
                "--dir", dir.resolve("data").toString(), "--durability", durability);
    }

    /** Starts the writers, kills the daemon after {@code killAfterMs}, and waits for every writer to stop. */
    private void runWritersUntilKilled(List<AcknowledgedObjects> ledgers, Random rnd, int killAfterMs)
            throws Exception {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
        for (int w = 0; w < ledgers.size(); w++) {
            AcknowledgedObjects ledger = ledgers.get(w);
            long firstId = (w + 1L) << 40;
            long seed = rnd.nextLong();
            TestClient c = TestClient.connect(daemon.address(0));
            Thread writer = new Thread(() -> {
                try (c) {
                    write(c, ledger, firstId, new Random(seed));
                } catch (IOException expected) {
                    // the daemon died under the writer
                } catch (Throwable t) {
                    errors.add(t);
                }
            }, "writer-" + w);
            writer.start();
            threads.add(writer);
        }
        Thread.sleep(killAfterMs);
        daemon.kill();
        for (Thread t : threads) {
            t.join();
        }
        if (!errors.isEmpty()) {
            throw new AssertionError("a writer failed before the kill: " + errors.get(0), errors.get(0));
        }
    }

    /** One writer's load: creates, overwrites, appends and deletes until the connection dies. */
    private static void write(TestClient c, AcknowledgedObjects ledger, long firstId, Random rnd) throws IOException {
        long nextId = firstId + ledger.contents().size() + ledger.deleted().size() + 1;
        while (true) {
            Map<Long, byte[]> objects = ledger.contents();
            List<Long> ids = new ArrayList<>(objects.keySet());
            int dice = rnd.nextInt(100);
            Op op;
            if (ids.isEmpty() || (dice < 10 && ids.size() < MAX_OBJECTS)) {
                op = new Create(nextId++);
            } else if (dice < 18) {
                op = new Delete(ids.get(rnd.nextInt(ids.size())));
            } else {
                long id = ids.get(rnd.nextInt(ids.size()));
                int size = objects.get(id).length;
                byte[] data = new byte[1 + rnd.nextInt(MAX_WRITE)];
                rnd.nextBytes(data);
                boolean append = size + data.length <= MAX_SIZE && rnd.nextBoolean();
                long offset = append ? size : rnd.nextInt(Math.max(1, Math.min(size, MAX_SIZE - data.length)));
                op = new Write(id, Math.min(offset, size), data);
            }
            ledger.begin(op);
            long sizeAfter = 0;
            if (op instanceof Create cr) {
                assertEquals(cr.id(), c.create(cr.id()));
            } else if (op instanceof Write wr) {
                sizeAfter = c.write(wr.id(), wr.offset(), wr.data());
            } else {
                c.delete(op.id());
            }
            ledger.acknowledge(sizeAfter);
        }
    }

    /** Checks the restarted drive against every ledger, then settles the operations in flight. */
    private void verify(List<AcknowledgedObjects> ledgers, Findings found) throws IOException {
        try (TestClient c = TestClient.connect(daemon.address(0))) {
            int pageSize = (int) c.info().pageSize();
            Set<Long> listed = listAll(c);
            Set<Long> known = new HashSet<>();
            for (AcknowledgedObjects ledger : ledgers) {
                Op inFlight = ledger.inFlight();
                for (long id : ledger.deleted()) {
                    if (listed.contains(id)) {
                        found.resurrected++;
                        found.note("deleted object " + id + " is back");
                    }
                }
                known.addAll(ledger.contents().keySet());
                if (inFlight instanceof Create) {
                    known.add(inFlight.id());
                }
                for (Map.Entry<Long, byte[]> e : ledger.contents().entrySet()) {
                    long id = e.getKey();
                    if (listed.contains(id)) {
                        continue;
                    }
                    if (!(inFlight instanceof Delete d && d.id() == id)) {
                        found.lostObjects++;
                        found.lostBytes += e.getValue().length;
                        found.note("object " + id + " (" + e.getValue().length + " acknowledged bytes) is gone");
                    }
                }
                byte[] settled = null;
                for (long id : new ArrayList<>(ledger.contents().keySet())) {
                    if (listed.contains(id)) {
                        byte[] now = check(c, id, ledger.contents().get(id),
                                inFlight instanceof Write w && w.id() == id ? w : null, pageSize, found);
                        if (now == null) {
                            c.delete(id); // damaged, and counted: start the object over
                            ledger.drop(id);
                        } else if (inFlight != null && inFlight.id() == id) {
                            settled = now;
                        }
                    }
                }
                if (inFlight instanceof Create cr && listed.contains(cr.id())) {
                    settled = new byte[0];
                }
                ledger.settle(settled);
            }
            for (long id : listed) {
                if (!known.contains(id)) {
                    found.resurrected++;
                    found.note("object " + id + " was never acknowledged (or was deleted) but is listed");
                }
            }
        }
    }

    private static Set<Long> listAll(TestClient c) throws IOException {
        Set<Long> ids = new HashSet<>();
        long after = 0;
        Responses.ListObjects page;
        do {
            page = c.list(after, Limits.MAX_LIST);
            for (Responses.ObjectStat s : page.entries()) {
                ids.add(s.id());
                after = s.id();
            }
        } while (page.more());
        return ids;
    }

    /**
     * Reads object {@code id} page by page and compares it with what was acknowledged; bytes of
     * the write in flight may be old or new. Returns the content now, or null if a page could
     * not be read.
     */
    private static byte[] check(TestClient c, long id, byte[] acked, Write inFlight, int pageSize, Findings found)
            throws IOException {
        long size = c.stat(id).size();
        byte[] after = inFlight == null ? acked : AcknowledgedObjects.written(acked, inFlight);
        if (size != acked.length && size != after.length) {
            found.lostBytes += Math.max(0, acked.length - size);
            found.note("object " + id + " has size " + size + ", acknowledged " + acked.length);
        }
        byte[] now = new byte[(int) size];
        boolean readable = true;
        for (int at = 0; at < size; at += pageSize) {
            int n = (int) Math.min(pageSize, size - at);
            TestClient.Reply r = c.call(new Requests.ReadObject(id, at, n));
            if (r.status() == Status.OK) {
                ByteBuffer data = r.<Responses.ReadObject>body().data();
                data.get(now, at, n);
            } else {
                readable = false;
                found.unreadablePages++;
                found.note("object " + id + ", page at " + at + ": " + r.status() + " " + r.message()
                        + (inFlight == null ? "" : " (under the write in flight at " + inFlight.offset() + ", "
                        + inFlight.data().length + " bytes)"));
            }
        }
        found.bytesChecked += size;
        long wrong = 0;
        for (int i = 0; i < Math.min(size, acked.length); i++) {
            boolean mayBeNew = inFlight != null && i >= inFlight.offset() && i - inFlight.offset() < inFlight.data().length;
            if (now[i] != acked[i] && !(mayBeNew && now[i] == after[i])) {
                wrong++;
            }
        }
        if (readable && wrong > 0) {
            found.lostBytes += wrong;
            found.note("object " + id + ": " + wrong + " acknowledged bytes differ");
        }
        return readable ? now : null;
    }
}
