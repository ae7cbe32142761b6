package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.ReservedValues;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WRITE_OBJECT at offset ISPD_APPEND (2^64-1): writers on several connections append to one
 * object at once, and every append lands in its own range, where its answer says.
 */
class AppendTest {
    private static final int WRITERS = 4;
    private static final int APPENDS = 150;

    /** One acknowledged append: who wrote it, where it landed, how long it is. */
    private record Landed(int writer, int seq, long offset, int length) { }

    @Test
    void concurrentAppendersFromSeveralConnectionsNeverOverlap(@TempDir Path dir) throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().directory(dir).start()) {
            String address = drives.address(0);
            long id;
            try (TestClient c = TestClient.connect(address)) {
                id = c.create(0);
            }
            List<Landed> landed = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            try {
                List<Future<List<Landed>>> futures = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    futures.add(pool.submit(() -> appendAll(address, id, writer)));
                }
                for (Future<List<Landed>> f : futures) {
                    landed.addAll(f.get());
                }
            } finally {
                pool.shutdownNow();
            }

            landed.sort(Comparator.comparingLong(Landed::offset));
            long end = 0;
            for (Landed l : landed) {
                assertEquals(end, l.offset(), "appends tile the object without overlap or gap: " + l);
                end += l.length();
            }
            try (TestClient c = TestClient.connect(address)) {
                assertEquals(end, c.stat(id).size());
                byte[] all = c.read(id, 0, (int) end);
                for (Landed l : landed) {
                    byte[] got = Arrays.copyOfRange(all, (int) l.offset(), (int) l.offset() + l.length());
                    assertArrayEquals(record(l.writer(), l.seq()), got, "bytes of " + l);
                }
            }
        }
    }

    @Test
    void anAppendAfterARestartContinuesAtTheDurableEnd(@TempDir Path dir) throws Exception {
        long id;
        try (EmbeddedDrives drives = EmbeddedDrives.builder().directory(dir).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            id = c.create(0);
            c.write(id, 0, new byte[] {1, 2, 3});
            assertEquals(5, append(c, id, new byte[] {4, 5}));
        }
        try (EmbeddedDrives drives = EmbeddedDrives.builder().directory(dir).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            assertEquals(6, append(c, id, new byte[] {6}));
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, c.read(id, 0, 6));
        }
    }

    @Test
    void wellKnownIdsAreNeverPickedAndDoNotMoveTheNextId(@TempDir Path dir) throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.builder().directory(dir).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            long first = c.create(0);
            long wellKnown = ReservedValues.WELL_KNOWN_ID_FIRST + 1;
            assertEquals(wellKnown, c.create(wellKnown));
            assertEquals(first + 1, c.create(0), "a well-known id leaves the drive's next id alone");
        }
    }

    private static List<Landed> appendAll(String address, long id, int writer) throws Exception {
        List<Landed> out = new ArrayList<>(APPENDS);
        try (TestClient c = TestClient.connect(address)) {
            for (int seq = 0; seq < APPENDS; seq++) {
                byte[] r = record(writer, seq);
                long size = append(c, id, r);
                out.add(new Landed(writer, seq, size - r.length, r.length));
            }
        }
        return out;
    }

    /** WRITE_OBJECT at ISPD_APPEND; returns the object's size after it. */
    private static long append(TestClient c, long id, byte[] data) throws Exception {
        Responses.WriteObject r =
                c.call(new Requests.WriteObject(id, ReservedValues.APPEND, ByteBuffer.wrap(data))).body();
        return r.size();
    }

    /** A record of 1 to 97 bytes, all equal to a value unique to (writer, seq) modulo 256. */
    private static byte[] record(int writer, int seq) {
        byte[] r = new byte[1 + (seq * 31 + writer * 7) % 97];
        Arrays.fill(r, (byte) (writer * 64 + seq));
        return r;
    }
}
