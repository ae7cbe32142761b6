package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.DriveJournalStore;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The namespace in a real (in-process) ZooKeeper server and two replicas of every chunk on three
 * real drives: whichever drive dies, a new client sees every acknowledged change, reads every
 * file whole and goes on changing the file system; clients race through ZooKeeper as they do
 * through the drive journal.
 */
@Tag("heavy")
class ZooKeeperNamespaceTest {
    private static final int CHUNK = 1024;
    private static final AtomicInteger ROOTS = new AtomicInteger();

    @RegisterExtension
    static final InProcessZooKeeper ZOOKEEPER = new InProcessZooKeeper();

    private OsdDrives drives;
    private String root;
    private final List<OsdFileSystem> clients = new ArrayList<>();

    private OsdDrives start() throws IOException {
        root = "/ispd/test" + ROOTS.incrementAndGet();
        drives = new OsdDrives(3, CHUNK).withReplication(2)
                .set(IspdKeys.FS_NAMESPACE_ZOOKEEPER.name(), ZOOKEEPER.connectString())
                .set(IspdKeys.FS_NAMESPACE_ZNODE.name(), root);
        drives.start(null);
        return drives;
    }

    private OsdFileSystem client() throws IOException {
        OsdFileSystem fs = drives.newClient();
        clients.add(fs);
        return fs;
    }

    @AfterEach
    void stop() throws IOException {
        for (OsdFileSystem fs : clients) {
            fs.close();
        }
        drives.stop();
    }

    @ParameterizedTest(name = "drive {0} dies")
    @ValueSource(ints = {0, 1, 2})
    void noAcknowledgedChangeIsLostWhenAnyOneDriveDies(int dead) throws Exception {
        start();
        OsdFileSystem fs = client();
        Map<String, byte[]> files = new TreeMap<>();
        Random random = new Random(dead);
        for (int i = 0; i < 6; i++) {
            byte[] bytes = new byte[random.nextInt(5 * CHUNK)];
            random.nextBytes(bytes);
            files.put("/data/f" + i, bytes);
            ReplicationTest.write(fs, new Path("/data/f" + i), bytes);
        }
        assertTrue(fs.mkdirs(new Path("/data/sub/empty")));
        assertTrue(fs.rename(new Path("/data/f0"), new Path("/data/sub/f0")));
        files.put("/data/sub/f0", files.remove("/data/f0"));
        assertTrue(fs.delete(new Path("/data/f1"), false));
        files.remove("/data/f1");
        String tree = tree(fs, new Path("/"));

        drives.kill(dead);
        OsdFileSystem after = client();
        assertEquals(tree, tree(after, new Path("/")));
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            assertArrayEquals(f.getValue(), ReplicationTest.read(after, new Path(f.getKey())), f.getKey());
        }
        byte[] more = new byte[3 * CHUNK];
        random.nextBytes(more);
        ReplicationTest.write(after, new Path("/data/after"), more);
        assertTrue(after.rename(new Path("/data/f2"), new Path("/data/f2-renamed")));
        assertArrayEquals(more, ReplicationTest.read(fs, new Path("/data/after")), "the first client sees it");
        assertTrue(fs.exists(new Path("/data/f2-renamed")));
    }

    @Test
    void noDriveHoldsAJournal() throws Exception {
        start();
        OsdFileSystem fs = client();
        assertTrue(fs.mkdirs(new Path("/d")));
        for (int i = 0; i < 3; i++) {
            try (Drive d = fs.drives().open(i)) {
                DriveException e = assertThrows(DriveException.class, () -> d.stat(DriveJournalStore.OBJECT_ID));
                assertEquals(Status.NO_SUCH_OBJECT, e.status());
            }
        }
    }

    @Test
    void concurrentCreatesOfOnePathHaveExactlyOneWinnerSeenAlikeByAll() throws Exception {
        start();
        int n = 4;
        for (int i = 0; i < n; i++) {
            client();
        }
        CyclicBarrier barrier = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Boolean>> won = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                OsdFileSystem fs = clients.get(i);
                byte[] mine = ("client " + i).getBytes();
                Callable<Boolean> race = () -> {
                    barrier.await();
                    try (FSDataOutputStream out = fs.create(new Path("/race/one"), false)) {
                        out.write(mine);
                        return true;
                    } catch (FileAlreadyExistsException e) {
                        return false;
                    }
                };
                won.add(pool.submit(race));
            }
            int winners = 0;
            int winner = -1;
            for (int i = 0; i < n; i++) {
                if (won.get(i).get()) {
                    winners++;
                    winner = i;
                }
            }
            assertEquals(1, winners);
            for (OsdFileSystem fs : clients) {
                assertEquals("client " + winner, new String(ReplicationTest.read(fs, new Path("/race/one"))));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aNewClientStartsFromACheckpointInZooKeeper() throws Exception {
        start();
        drives.set(IspdKeys.FS_CHECKPOINT_RECORDS.name(), "50");
        OsdFileSystem fs = client();
        for (int i = 0; i < 520; i++) {
            assertTrue(fs.mkdirs(new Path("/many/" + i)));
        }
        ReplicationTest.write(fs, new Path("/many/file"), new byte[3 * CHUNK]);
        OsdFileSystem fresh = client();
        assertEquals(tree(fs, new Path("/")), tree(fresh, new Path("/")));
        assertEquals(3 * CHUNK, ReplicationTest.read(fresh, new Path("/many/file")).length);
    }

    @Test
    void theJournalInZooKeeperIsCutAndASlowClientCatchesUp() throws Exception {
        start();
        drives.set(IspdKeys.FS_CHECKPOINT_RECORDS.name(), "20");
        OsdFileSystem slow = client();
        assertTrue(slow.mkdirs(new Path("/slow")));
        OsdFileSystem busy = client();
        int largest = 0;
        for (int i = 0; i < 300; i++) {
            busy.create(new Path("/busy/f" + i)).close();
            if (i % 10 != 0) {
                assertTrue(busy.delete(new Path("/busy/f" + i), false));
            }
            if (i % 25 == 24) {
                largest = Math.max(largest, journalZnodes().size());
            }
        }
        // Uncut: about 850 records. Cut: about three checkpoints' worth (20 each).
        assertTrue(largest < 100, "the journal reached " + largest + " znodes");
        assertFalse(journalZnodes().contains("r-000000000000"), "the first record was cut");

        assertEquals(30, slow.listStatus(new Path("/busy")).length, "caught up through a checkpoint");
        ReplicationTest.write(slow, new Path("/slow/after-the-cut"), new byte[10]);
        assertTrue(busy.exists(new Path("/slow/after-the-cut")));
        assertEquals(tree(busy, new Path("/")), tree(client(), new Path("/")));
    }

    @Test
    void concurrentClientsLoseNoAcknowledgedFileWhileOthersCutInZooKeeper() throws Exception {
        start();
        drives.set(IspdKeys.FS_CHECKPOINT_RECORDS.name(), "10");
        List<OsdFileSystem> writers = List.of(client(), client(), client());
        ConcurrentWriters files = new ConcurrentWriters();
        files.run(writers, 60);
        assertFalse(journalZnodes().contains("r-000000000000"), "the journal was cut while they wrote");
        files.check(client());
    }

    /** The journal's record znodes, read with a ZooKeeper client of the test's own. */
    private List<String> journalZnodes() throws Exception {
        try (CuratorFramework zk = CuratorFrameworkFactory.newClient(ZOOKEEPER.connectString(),
                new RetryOneTime(100))) {
            zk.start();
            return zk.getChildren().forPath(root + "/journal");
        }
    }

    /** Every path under {@code dir} with its kind and length, one a line. */
    private static String tree(OsdFileSystem fs, Path dir) throws IOException {
        StringBuilder s = new StringBuilder();
        for (FileStatus st : fs.listStatus(dir)) {
            s.append(st.getPath().toUri().getPath()).append(st.isDirectory() ? " dir" : " " + st.getLen()).append('\n');
            if (st.isDirectory()) {
                s.append(tree(fs, st.getPath()));
            }
        }
        return s.toString();
    }
}
