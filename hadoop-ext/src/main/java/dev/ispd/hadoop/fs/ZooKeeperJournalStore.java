package dev.ispd.hadoop.fs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/**
 * The journal in ZooKeeper, through Curator: record {@code n} is the persistent znode
 * {@code <root>/journal/r-<n>} (twelve digits, from 0) holding one frame. A writer appends by
 * creating the lowest number it has not seen taken; ZooKeeper's create is atomic and totally
 * ordered, so of two writers racing for a number exactly one gets it and the other moves on, and
 * every client reads the same records in the same order. A checkpoint is split into znodes of at
 * most {@link #MAX_FRAME} bytes, {@code <root>/checkpoints/c-<sequence>/p-<i>}, and
 * {@code <root>/checkpoint} names the latest. The journal lives as long as a quorum
 * of the ZooKeeper ensemble does, independently of the drives. Before a replay the client syncs
 * its server with the leader, so it sees every record acknowledged before. Not thread-safe: the
 * journal guards it.
 */
final class ZooKeeperJournalStore implements JournalStore {
    /** Below ZooKeeper's default jute.maxbuffer (1 MiB), with room for the request around the data. */
    private static final int MAX_FRAME = 1_000_000;
    private static final int CONNECT_TIMEOUT_MS = 15_000;

    private final CuratorFramework client;
    private final String connect;
    private final String journal;
    private final String checkpoints;
    private final String latest;
    /** The lowest record number not yet seen taken. */
    private long next;

    private ZooKeeperJournalStore(CuratorFramework client, String connect, String root) {
        this.client = client;
        this.connect = connect;
        String base = root.equals("/") ? "" : root;
        this.journal = base + "/journal";
        this.checkpoints = base + "/checkpoints";
        this.latest = base + "/checkpoint";
    }

    /** Connects to the ensemble {@code connect} and opens the journal under znode {@code root}, creating it if new. */
    static ZooKeeperJournalStore open(String connect, String root) throws IOException {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connect)
                .connectionTimeoutMs(CONNECT_TIMEOUT_MS).retryPolicy(new ExponentialBackoffRetry(200, 5)).build();
        client.start();
        ZooKeeperJournalStore store = new ZooKeeperJournalStore(client, connect, root);
        try {
            if (!client.blockUntilConnected(CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                throw new IOException("osd namespace: could not reach ZooKeeper at " + connect + " within "
                        + CONNECT_TIMEOUT_MS + " ms");
            }
            client.create().creatingParentsIfNeeded().forPath(store.journal);
        } catch (KeeperException.NodeExistsException e) {
            return store; // not a new file system
        } catch (InterruptedException e) {
            client.close();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("osd namespace: interrupted while connecting to ZooKeeper at " + connect);
        } catch (Exception e) {
            client.close();
            throw store.failed("opening the journal", e);
        }
        return store;
    }

    @Override
    public int maxFrame() {
        return MAX_FRAME;
    }

    @Override
    public long append(ByteBuffer frame) throws IOException {
        byte[] bytes = new byte[frame.remaining()];
        frame.get(bytes);
        for (long n = next; ; n++) {
            try {
                client.create().forPath(record(n), bytes);
                return n;
            } catch (KeeperException.NodeExistsException taken) {
                // Another writer got n, or our own create landed and Curator retried it after a lost
                // answer: then the record there is byte for byte ours (times, owners, object ids).
                if (Arrays.equals(read(n), bytes)) {
                    return n;
                }
            } catch (Exception e) {
                throw failed("appending record " + n, e);
            }
        }
    }

    @Override
    public long replay(long from, FrameSink sink) throws IOException {
        syncWithLeader();
        long n = from;
        for (byte[] frame = read(n); frame != null; frame = read(++n)) {
            sink.accept(n, ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN));
        }
        next = Math.max(next, n);
        return n;
    }

    @Override
    public void saveCheckpoint(ByteBuffer checkpoint) throws IOException {
        try {
            String c = client.create().creatingParentsIfNeeded().withMode(CreateMode.PERSISTENT_SEQUENTIAL)
                    .forPath(checkpoints + "/c-");
            byte[] part = new byte[MAX_FRAME];
            for (int i = 0; checkpoint.hasRemaining(); i++) {
                int n = Math.min(MAX_FRAME, checkpoint.remaining());
                checkpoint.get(part, 0, n);
                client.create().forPath(c + "/p-" + String.format("%06d", i), Arrays.copyOf(part, n));
            }
            byte[] name = c.getBytes(StandardCharsets.UTF_8);
            client.create().orSetData().forPath(latest, name);
            List<String> all = client.getChildren().forPath(checkpoints);
            Collections.sort(all);
            for (String old : all.subList(0, Math.max(0, all.size() - 2))) {
                client.delete().quietly().deletingChildrenIfNeeded().forPath(checkpoints + "/" + old);
            }
        } catch (Exception e) {
            throw failed("saving a checkpoint", e);
        }
    }

    @Override
    public ByteBuffer latestCheckpoint() throws IOException {
        try {
            String c = new String(client.getData().forPath(latest), StandardCharsets.UTF_8);
            List<String> parts = client.getChildren().forPath(c);
            Collections.sort(parts);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (String p : parts) {
                bytes.write(client.getData().forPath(c + "/" + p));
            }
            return ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw failed("reading the latest checkpoint", e);
        }
    }

    /** Record {@code n}'s frame, or null if there is none (yet). */
    private byte[] read(long n) throws IOException {
        try {
            return client.getData().forPath(record(n));
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw failed("reading record " + n, e);
        }
    }

    /** Makes the server this client reads from catch up with the leader (ZooKeeper's sync). */
    private void syncWithLeader() throws IOException {
        CountDownLatch done = new CountDownLatch(1);
        int[] code = {0};
        try {
            client.sync().inBackground((c, event) -> {
                code[0] = event.getResultCode();
                done.countDown();
            }).forPath(journal);
            if (!done.await(CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                throw new IOException("osd namespace: ZooKeeper at " + connect + " did not answer a sync within "
                        + CONNECT_TIMEOUT_MS + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("osd namespace: interrupted during a ZooKeeper sync");
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw failed("syncing", e);
        }
        if (code[0] != KeeperException.Code.OK.intValue()) {
            throw failed("syncing", KeeperException.create(KeeperException.Code.get(code[0]), journal));
        }
    }

    private String record(long n) {
        return journal + "/r-" + String.format("%012d", n);
    }

    private IOException failed(String what, Exception e) {
        return new IOException("osd namespace in ZooKeeper at " + connect + " (" + journal + "): " + what + " failed: "
                + e.getMessage(), e);
    }

    @Override
    public String describe() {
        return "ZooKeeper " + connect + " " + journal;
    }

    @Override
    public void close() {
        client.close();
    }
}
