package dev.ispd.hadoop.fs.metadata;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The journal in ZooKeeper, through Curator: record {@code n} is the persistent znode
 * {@code <root>/journal/r-<n>} (twelve digits, from 0) holding one frame. A writer appends by
 * creating the lowest number it has not seen taken; ZooKeeper's create is atomic and totally
 * ordered, so of two writers racing for a number exactly one gets it and the other moves on, and
 * every client reads the same records in the same order. A checkpoint is split into znodes of at
 * most {@link #MAX_FRAME} bytes, {@code <root>/checkpoints/c-<sequence>/p-<i>}, with its position
 * in decimal as the data of {@code c-<sequence>} once whole; of the {@link #LISTED} last saved,
 * the two with the highest positions are kept ({@link CheckpointRanking}), and
 * {@code <root>/checkpoint} names the one saved last (for clients that read only that).
 *
 * <p>A cut first raises the <em>cut mark</em> {@code <root>/cut} (the lowest record number kept,
 * in decimal; a conditional set, so racing cutters raise it in turn and each deletes only the
 * numbers it raised it past), then deletes those records in batches of {@link #DELETE_BATCH}.
 * Records below the mark are never created again: an append is one transaction that creates the
 * record only if the mark is still the version this client read after its last replay, so an
 * appender whose number fell below a raised mark learns it ({@link JournalCutException}) instead
 * of recreating a deleted number that no other client would read. A reader that finds a record
 * missing below the mark was cut past. The journal lives as long as a quorum
 * of the ZooKeeper ensemble does, independently of the drives. Before a replay the client syncs
 * its server with the leader, so it sees every record acknowledged before. Not thread-safe: the
 * journal guards it.
 */
public final class ZooKeeperJournalStore implements JournalStore {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperJournalStore.class);
    /** Below ZooKeeper's default jute.maxbuffer (1 MiB), with room for the request around the data. */
    private static final int MAX_FRAME = 1_000_000;
    private static final int CONNECT_TIMEOUT_MS = 15_000;
    /** Records deleted in one ZooKeeper transaction by a cut. */
    static final int DELETE_BATCH = 500;
    /** How many of the last saved checkpoints are looked at for the ones kept. */
    private static final int LISTED = 8;

    private final CuratorFramework client;
    private final String connect;
    private final String journal;
    private final String checkpoints;
    private final String latest;
    private final String cutMark;
    /** The lowest record number not yet seen taken. */
    private long next;
    /**
     * The cut mark's version when this client last read it with {@link #next} at or above it:
     * appends are conditional on it, so they never land below a mark raised since.
     */
    private int markVersion;

    private ZooKeeperJournalStore(CuratorFramework client, String connect, String root) {
        this.client = client;
        this.connect = connect;
        String base = root.equals("/") ? "" : root;
        this.journal = base + "/journal";
        this.checkpoints = base + "/checkpoints";
        this.latest = base + "/checkpoint";
        this.cutMark = base + "/cut";
    }

    /** Connects to the ensemble {@code connect} and opens the journal under znode {@code root}, creating it if new. */
    public static ZooKeeperJournalStore open(String connect, String root) throws IOException {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connect)
                .connectionTimeoutMs(CONNECT_TIMEOUT_MS).retryPolicy(new ExponentialBackoffRetry(200, 5)).build();
        client.start();
        ZooKeeperJournalStore store = new ZooKeeperJournalStore(client, connect, root);
        try {
            if (!client.blockUntilConnected(CONNECT_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                throw new IOException("osd namespace: could not reach ZooKeeper at " + connect + " within "
                        + CONNECT_TIMEOUT_MS + " ms");
            }
            store.createIfMissing(store.journal);
            store.createIfMissing(store.cutMark); // journals from before cuts get theirs at 0
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

    private void createIfMissing(String path) throws Exception {
        try {
            client.create().creatingParentsIfNeeded().forPath(path, "0".getBytes(StandardCharsets.UTF_8));
        } catch (KeeperException.NodeExistsException e) {
            // not a new file system
        }
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
                // The create first: a transaction that landed but whose answer was lost fails as a
                // whole when Curator sends it again, and ZooKeeper names the first operation that
                // fails; the record's existence must win over a mark raised meanwhile.
                client.transaction().forOperations(
                        client.transactionOp().create().forPath(record(n), bytes),
                        client.transactionOp().check().withVersion(markVersion).forPath(cutMark));
                return n;
            } catch (KeeperException.NodeExistsException taken) {
                // Another writer got n, or our own create landed and Curator retried it after a lost
                // answer: then the record there is byte for byte ours (times, owners, object ids).
                if (Arrays.equals(read(n), bytes)) {
                    return n;
                }
            } catch (KeeperException.BadVersionException cut) {
                Mark mark = readMark();
                if (n < mark.below()) {
                    throw new JournalCutException("the namespace journal in ZooKeeper at " + connect + " was cut "
                            + "below record " + mark.below() + ", past record " + n + " where this client was to "
                            + "append");
                }
                next = n; // at or above the mark whose version appends now check
                markVersion = mark.version();
                n--; // the mark moved but not past n: try n again
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
        // Read after the missing record: a cut raises the mark before it deletes, so a record
        // deleted by a cut is below the mark read here.
        Mark mark = readMark();
        if (n < mark.below()) {
            throw new JournalCutException("the namespace journal in ZooKeeper at " + connect + " was cut below record "
                    + mark.below() + ", past record " + n + " where this client's replay was");
        }
        next = Math.max(next, n);
        markVersion = mark.version();
        return n;
    }

    /** Raises the cut mark to {@code below}, then deletes the records it was raised past, in batches. */
    @Override
    public void cut(long below) throws IOException {
        Mark mark;
        do {
            mark = readMark();
            if (below <= mark.below()) {
                return;
            }
        } while (!raiseMark(mark, below));
        long from = mark.below();
        deleteLeftBehind(from - 1);
        for (long n = from; n < below; n += DELETE_BATCH) {
            deleteBatch(n, Math.min(below, n + DELETE_BATCH));
        }
    }

    /** Sets the mark to {@code to} if it is still {@code read}; false if another cutter moved it. */
    private boolean raiseMark(Mark read, long to) throws IOException {
        try {
            client.setData().withVersion(read.version()).forPath(cutMark,
                    Long.toString(to).getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (KeeperException.BadVersionException e) {
            return false;
        } catch (Exception e) {
            throw failed("raising the cut mark to " + to, e);
        }
    }

    /** Records [from, to) deleted in one transaction, or one by one if another client deleted some. */
    private void deleteBatch(long from, long to) throws IOException {
        try {
            List<CuratorOp> ops = new ArrayList<>();
            for (long n = from; n < to; n++) {
                ops.add(client.transactionOp().delete().forPath(record(n)));
            }
            client.transaction().forOperations(ops);
        } catch (KeeperException.NoNodeException e) {
            for (long n = from; n < to; n++) {
                delete(n);
            }
        } catch (Exception e) {
            throw failed("deleting records " + from + " to " + (to - 1), e);
        }
    }

    /** Deletes the records a cutter that stopped half way left below the mark, downwards from {@code n}. */
    private void deleteLeftBehind(long n) throws IOException {
        for (long r = n; r >= 0 && delete(r); r--) {
            LOG.debug("osd: deleted record {} that an earlier cut of {} left behind", r, journal);
        }
    }

    /** Deletes record {@code n}; false if it was gone. */
    private boolean delete(long n) throws IOException {
        try {
            client.delete().forPath(record(n));
            return true;
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (Exception e) {
            throw failed("deleting record " + n, e);
        }
    }

    @Override
    public long cutBelow() throws IOException {
        return readMark().below();
    }

    /** The cut mark's value (the lowest record number kept) and its znode version. */
    private record Mark(long below, int version) {
    }

    /**
     * The cut mark. Only a caller that checked {@link #next} against it may take its version for
     * appends: a version taken with {@code next} below the mark would let an append recreate a
     * deleted record.
     */
    private Mark readMark() throws IOException {
        try {
            Stat stat = new Stat();
            byte[] value = client.getData().storingStatIn(stat).forPath(cutMark);
            return new Mark(Long.parseLong(new String(value, StandardCharsets.UTF_8)), stat.getVersion());
        } catch (NumberFormatException e) {
            throw new IOException("osd namespace in ZooKeeper at " + connect + ": the cut mark " + cutMark
                    + " does not hold a record number: " + e.getMessage(), e);
        } catch (Exception e) {
            throw failed("reading the cut mark", e);
        }
    }

    /**
     * Writes the checkpoint's parts under a new {@code c-<sequence>} znode, then its position as
     * the znode's data (what marks it whole), names it the latest (for clients that read that
     * name), and deletes the listed ones no longer kept ({@link CheckpointRanking}).
     */
    @Override
    public void saveCheckpoint(ByteBuffer checkpoint) throws IOException {
        try {
            String c = client.create().creatingParentsIfNeeded().withMode(CreateMode.PERSISTENT_SEQUENTIAL)
                    .forPath(checkpoints + "/c-", new byte[0]);
            long position = Checkpoint.headerPosition(checkpoint);
            byte[] part = new byte[MAX_FRAME];
            for (int i = 0; checkpoint.hasRemaining(); i++) {
                int n = Math.min(MAX_FRAME, checkpoint.remaining());
                checkpoint.get(part, 0, n);
                client.create().forPath(c + "/p-" + String.format("%06d", i), Arrays.copyOf(part, n));
            }
            client.setData().forPath(c, Long.toUnsignedString(position).getBytes(StandardCharsets.UTF_8));
            client.create().orSetData().forPath(latest, c.getBytes(StandardCharsets.UTF_8));
            for (String old : CheckpointRanking.dropped(listed())) {
                client.delete().quietly().deletingChildrenIfNeeded().forPath(old);
            }
        } catch (Exception e) {
            throw failed("saving a checkpoint", e);
        }
    }

    @Override
    public ByteBuffer checkpoint(int back) throws IOException {
        try {
            List<CheckpointRanking.Listed<String>> ranked = CheckpointRanking.ranked(listed());
            if (back >= ranked.size()) {
                return null;
            }
            String c = ranked.get(back).handle();
            List<String> parts = client.getChildren().forPath(c);
            Collections.sort(parts);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (String p : parts) {
                bytes.write(client.getData().forPath(c + "/" + p));
            }
            return ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        } catch (KeeperException.NoNodeException e) {
            return null; // a newer checkpoint replaced it meanwhile: no longer one of the two kept
        } catch (Exception e) {
            throw failed("reading the checkpoint " + back + " ranked below the highest", e);
        }
    }

    /**
     * The whole checkpoints among the {@link #LISTED} last saved, the last first, with their
     * positions. One without a position is still being written, unless the latest name points
     * at it (a checkpoint written before positions were kept: its first part's header says it).
     */
    private List<CheckpointRanking.Listed<String>> listed() throws Exception {
        List<String> all = client.getChildren().forPath(checkpoints);
        all.sort(Collections.reverseOrder());
        String named = latestName();
        List<CheckpointRanking.Listed<String>> out = new ArrayList<>();
        for (String child : all.subList(0, Math.min(LISTED, all.size()))) {
            String c = checkpoints + "/" + child;
            try {
                byte[] position = client.getData().forPath(c);
                if (position.length > 0) {
                    out.add(new CheckpointRanking.Listed<>(c, Long.parseUnsignedLong(
                            new String(position, StandardCharsets.UTF_8))));
                } else if (c.equals(named)) {
                    byte[] first = client.getData().forPath(c + "/p-" + String.format("%06d", 0));
                    out.add(new CheckpointRanking.Listed<>(c, Checkpoint.headerPosition(ByteBuffer.wrap(first))));
                }
            } catch (KeeperException.NoNodeException dropped) {
                // deleted by another client's save meanwhile
            } catch (NumberFormatException e) {
                out.add(new CheckpointRanking.Listed<>(c, CheckpointRanking.DAMAGED));
            }
        }
        return out;
    }

    /** The checkpoint the latest name points at, or null. */
    private String latestName() throws Exception {
        try {
            return new String(client.getData().forPath(latest), StandardCharsets.UTF_8);
        } catch (KeeperException.NoNodeException e) {
            return null;
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
