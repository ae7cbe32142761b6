package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.protocol.ReservedValues;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Separate clients (FileSystem instances with their own connections, as separate JVMs would
 * have) share one namespace through the journal: each sees the others' changes, and conflicting
 * changes resolve the same way for all of them, by journal order.
 */
class TwoClientsTest {
    private static final int CLIENTS = 4;

    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(2, 1024);

    private final List<OsdFileSystem> clients = new ArrayList<>();

    @BeforeEach
    void openClients() throws IOException {
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(DRIVES.newClient());
        }
    }

    @AfterEach
    void closeClients() throws IOException {
        clients.get(0).delete(new Path("/"), true);
        for (OsdFileSystem fs : clients) {
            fs.close();
        }
    }

    @Test
    void eachClientSeesTheOthersChanges() throws Exception {
        OsdFileSystem a = clients.get(0);
        OsdFileSystem b = clients.get(1);
        assertTrue(a.mkdirs(new Path("/shared/in")));
        assertTrue(b.getFileStatus(new Path("/shared/in")).isDirectory());

        write(b, "/shared/in/from-b.txt", "written by b, a bit longer than one 1 KiB chunk ".repeat(30), false);
        assertEquals("written by b, a bit longer than one 1 KiB chunk ".repeat(30), read(a, "/shared/in/from-b.txt"));

        assertTrue(a.rename(new Path("/shared/in/from-b.txt"), new Path("/shared/renamed.txt")));
        assertFalse(b.exists(new Path("/shared/in/from-b.txt")));
        assertTrue(b.exists(new Path("/shared/renamed.txt")));

        assertTrue(b.delete(new Path("/shared"), true));
        assertFalse(a.exists(new Path("/shared")));
        assertFalse(a.delete(new Path("/shared"), true), "already gone: b deleted it");
    }

    @Test
    void aSecondWriterOfAPathIsRefusedWhileTheFirstHoldsItsLease() throws Exception {
        OsdFileSystem a = clients.get(0);
        OsdFileSystem b = clients.get(1);
        long objectsBefore = dataObjects();
        FSDataOutputStream fromA = a.create(new Path("/race/file"), false);
        fromA.write("a".repeat(3000).getBytes(StandardCharsets.UTF_8));
        FileAlreadyExistsException leased = assertThrows(FileAlreadyExistsException.class,
                () -> b.create(new Path("/race/file"), true));
        assertTrue(leased.getMessage().contains("/race/file is being written by "), leased.getMessage());
        fromA.close();

        assertEquals("a".repeat(3000), read(b, "/race/file"));
        assertEquals(objectsBefore + 3, dataObjects(), "a's three chunks, and none of b's");
        assertThrows(FileAlreadyExistsException.class, () -> b.create(new Path("/race/file"), false));
    }

    @Test
    void concurrentCreatesWithoutOverwriteHaveExactlyOneWinner() throws Exception {
        List<Boolean> won = race(i -> {
            try {
                write(clients.get(i), "/race/one", "client " + i, false);
                return true;
            } catch (FileAlreadyExistsException e) {
                return false;
            }
        });
        assertEquals(1, won.stream().filter(w -> w).count(), won.toString());
        int winner = won.indexOf(true);
        for (OsdFileSystem fs : clients) {
            assertEquals("client " + winner, read(fs, "/race/one"));
        }
    }

    @Test
    void concurrentRenamesOntoOneDestinationHaveExactlyOneWinner() throws Exception {
        for (int i = 0; i < CLIENTS; i++) {
            write(clients.get(0), "/src/" + i, "source " + i, false);
        }
        List<Boolean> renamed = race(i -> clients.get(i).rename(new Path("/src/" + i), new Path("/dst")));
        assertEquals(1, renamed.stream().filter(r -> r).count(), renamed.toString());
        int winner = renamed.indexOf(true);
        for (OsdFileSystem fs : clients) {
            assertEquals("source " + winner, read(fs, "/dst"));
            for (int i = 0; i < CLIENTS; i++) {
                assertEquals(i != winner, fs.exists(new Path("/src/" + i)), "source " + i);
            }
        }
    }

    @Test
    void concurrentDeletesOfOneFileHaveExactlyOneWinner() throws Exception {
        write(clients.get(0), "/victim", "x".repeat(2500), false);
        long objectsBefore = dataObjects();
        List<Boolean> deleted = race(i -> clients.get(i).delete(new Path("/victim"), false));
        assertEquals(1, deleted.stream().filter(d -> d).count(), deleted.toString());
        assertEquals(objectsBefore - 3, dataObjects(), "the winner deleted the three chunks");
    }

    /** Runs {@code action(i)} for every client at once; their results in client order. */
    private List<Boolean> race(Race action) throws Exception {
        CyclicBarrier start = new CyclicBarrier(CLIENTS);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                int client = i;
                Callable<Boolean> task = () -> {
                    start.await();
                    return action.run(client);
                };
                futures.add(pool.submit(task));
            }
            List<Boolean> out = new ArrayList<>();
            for (Future<Boolean> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private interface Race {
        boolean run(int client) throws Exception;
    }

    /** DATA objects on every drive, the namespace journal excluded. */
    private static long dataObjects() throws IOException {
        long n = 0;
        for (int i = 0; i < DRIVES.drives().size(); i++) {
            try (Drive d = Drive.connect(DRIVES.drives().address(i))) {
                for (ObjectStat s : d.list()) {
                    n += s.id() == ReservedValues.WELL_KNOWN_ID_FIRST ? 0 : 1;
                }
            }
        }
        return n;
    }

    private static void write(OsdFileSystem fs, String path, String text, boolean overwrite) throws IOException {
        try (FSDataOutputStream out = fs.create(new Path(path), overwrite)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String read(OsdFileSystem fs, String path) throws IOException {
        Path p = new Path(path);
        byte[] bytes = new byte[(int) fs.getFileStatus(p).getLen()];
        try (FSDataInputStream in = fs.open(p)) {
            in.readFully(bytes);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
