package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.TestClient;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22 point 11: 60 clients each writing 8 MiB at once to a drive with a 256 MiB heap (whose
 * default direct memory is as large), each pausing a second before its last byte so that all
 * are half-sent together, get every write answered, OK or BUSY, and every BUSY write succeeds
 * when retried; no connection is dropped for want of memory.
 */
@Timeout(180)
@Tag("heavy")
class ReceiveMemoryTest {
    private static final int CLIENTS = 60;
    private static final int RETRIES = 20;
    /** How long each write holds back its last byte: well under the header timeout. */
    private static final long HOLD_MS = 1000;

    @TempDir
    Path dir;

    @Test
    void concurrentLargeWritesUnderASmallHeapAreAllAnswered() throws Exception {
        ByteBuffer data = ByteBuffer.allocateDirect(Limits.MAX_IO);
        for (int i = 0; i < data.capacity(); i++) {
            data.put(i, (byte) (i * 31));
        }
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try (DaemonProcess d = DaemonProcess.startWithJvmOptions(dir.resolve("daemon.log"), List.of("-Xmx256m"),
                "--socket", dir.resolve("d.sock").toString(), "--dir", dir.resolve("data").toString())) {
            List<Future<List<Status>>> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                clients.add(pool.submit(() -> {
                    try (TestClient c = TestClient.connect(d.address(0))) {
                        long id = c.create(0);
                        List<Status> answers = new ArrayList<>();
                        for (int attempt = 0; attempt < RETRIES; attempt++) {
                            Status s = write(c, id, data.duplicate());
                            answers.add(s);
                            if (s != Status.BUSY) {
                                break;
                            }
                        }
                        assertEquals(Limits.MAX_IO, c.stat(id).size(), "the written object's size");
                        byte[] tail = c.read(id, Limits.MAX_IO - 4096, 4096);
                        byte[] expected = new byte[4096];
                        data.duplicate().position(Limits.MAX_IO - 4096).get(expected);
                        assertTrue(Arrays.equals(expected, tail), "the written bytes read back");
                        return answers;
                    }
                }));
            }
            Map<Status, Integer> seen = new EnumMap<>(Status.class);
            for (Future<List<Status>> f : clients) {
                f.get(150, TimeUnit.SECONDS).forEach(s -> seen.merge(s, 1, Integer::sum));
            }
            System.out.printf("%d clients writing %d MiB each at once to a drive with -Xmx256m: answers %s%n", CLIENTS,
                    Limits.MAX_IO >> 20, seen);
            assertEquals(CLIENTS, seen.getOrDefault(Status.OK, 0), "every write succeeded, at once or retried: "
                    + seen);
            assertEquals(seen.keySet(), seen.containsKey(Status.BUSY) ? java.util.Set.of(Status.OK, Status.BUSY)
                    : java.util.Set.of(Status.OK), "only OK and BUSY answers");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * One WRITE_OBJECT of {@code data} at offset 0, sent without copying the data, its last byte
     * {@link #HOLD_MS} after the rest; its answer's status.
     */
    private static Status write(TestClient c, long id, ByteBuffer data) throws java.io.IOException {
        int fields = 8 + 8 + 4;
        ByteBuffer head = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + fields).order(ByteOrder.LITTLE_ENDIAN);
        FrameHeader.request(Opcode.WRITE_OBJECT.code(), 7, fields + data.remaining()).encode(head);
        head.putLong(id).putLong(0).putInt(data.remaining()).flip();
        c.send(head);
        int end = data.limit();
        c.send(data.limit(end - 1));
        try {
            Thread.sleep(HOLD_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        c.send(data.limit(end));
        return c.readReply().status();
    }
}
