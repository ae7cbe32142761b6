package dev.ispd.hadoop.fs;

import dev.ispd.offload.storage.Replica;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The namespace journal: {@link JournalCodec} records in a {@link JournalStore}, replayed into a
 * {@link Namespace}. A new client starts from the latest {@link Checkpoint} (if it can be read;
 * otherwise, logged, from the journal's start) and each client replays only the records it has
 * not seen yet. A change is committed by appending its record, then replaying up to and
 * including it: the {@link Namespace.Outcome} of that replay says whether it took effect, given
 * every record the journal put before it. After a commit, a client checkpoints once
 * {@code checkpointRecords} records (or a quarter of the namespace's entries, if more, so that
 * writing checkpoints costs a bounded share of the changes) followed the last checkpoint it
 * knows. Checkpoints only shorten replays: the journal itself is never cut. Not thread-safe: the
 * file system guards it.
 */
final class Journal implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);

    private final JournalStore store;
    private final int drives;
    private final long checkpointRecords;
    private Namespace namespace = new Namespace();
    /** The store position after the last record applied. */
    private long applied;
    /** Records applied since the last checkpoint this client loaded or wrote, and that checkpoint's entries. */
    private long sinceCheckpoint;
    private long checkpointEntries;

    private Journal(JournalStore store, int drives, long checkpointRecords) {
        this.store = store;
        this.drives = drives;
        this.checkpointRecords = checkpointRecords;
    }

    /**
     * Opens the journal in {@code store} from its latest checkpoint and replays what follows;
     * {@code drives} is how many drives chunks may name; {@code checkpointRecords} 0 writes no
     * checkpoints.
     */
    static Journal open(JournalStore store, int drives, long checkpointRecords) throws IOException {
        Journal j = new Journal(store, drives, checkpointRecords);
        j.loadCheckpoint();
        j.replay(-1);
        return j;
    }

    private void loadCheckpoint() {
        try {
            ByteBuffer bytes = store.latestCheckpoint();
            if (bytes != null) {
                Checkpoint c = Checkpoint.decode(bytes, "in " + store.describe());
                namespace = c.namespace();
                applied = c.position();
                checkpointEntries = c.entries();
            }
        } catch (IOException e) {
            LOG.warn("osd: replaying the whole namespace journal instead of starting from its latest checkpoint: {}",
                    e.getMessage());
        }
    }

    /** The store position after the last record replayed so far. */
    long applied() {
        return applied;
    }

    /** The namespace with every record other clients appended so far: what each operation reads. */
    Namespace current() throws IOException {
        replay(-1);
        return namespace;
    }

    /** Appends a record and replays up to it; the outcome says whether it took effect. */
    Namespace.Outcome commit(JournalRecord r) throws IOException {
        ByteBuffer frame = JournalCodec.encode(r);
        int length = frame.remaining();
        if (length > store.maxFrame()) {
            throw new IOException("a namespace record of " + length + " bytes (" + r.getClass().getSimpleName()
                    + ") is over the limit of " + store.maxFrame() + " bytes of the journal in " + store.describe());
        }
        long at = store.append(frame);
        Namespace.Outcome o = replay(at);
        if (o == null) {
            throw new IOException("osd namespace journal in " + store.describe() + ": the record appended at " + at
                    + " was not found in the replay (which reached " + applied + ")");
        }
        if (checkpointRecords > 0 && sinceCheckpoint >= Math.max(checkpointRecords, checkpointEntries / 4)) {
            checkpoint();
        }
        return o;
    }

    /**
     * What is wrong with the stored namespace (fsck): a journal record that does not replay from
     * the journal's start, a latest checkpoint that cannot be read. Empty if nothing is.
     */
    List<String> damage() {
        List<String> out = new ArrayList<>();
        try {
            Journal whole = new Journal(store, drives, 0);
            whole.replay(-1);
        } catch (IOException e) {
            out.add("the journal in " + store.describe() + " does not replay from its start: " + e.getMessage());
        }
        try {
            ByteBuffer bytes = store.latestCheckpoint();
            if (bytes != null) {
                Checkpoint.decode(bytes, "in " + store.describe());
            }
        } catch (IOException e) {
            out.add(e.getMessage());
        }
        return out;
    }

    /** Writes a checkpoint of the namespace now (fsck's repair of a damaged one); a failure is an IOException. */
    void checkpointNow() throws IOException {
        replay(-1);
        Checkpoint c = Checkpoint.of(namespace, applied);
        store.saveCheckpoint(c.encode());
        sinceCheckpoint = 0;
        checkpointEntries = c.entries();
    }

    /** The drive objects the journal's store keeps for itself (checkpoints). */
    Set<Replica> storeObjects() throws IOException {
        return store.objects();
    }

    /** Saves the namespace as of {@link #applied}; a failure is logged (the journal still holds everything). */
    private void checkpoint() {
        Checkpoint c = Checkpoint.of(namespace, applied);
        sinceCheckpoint = 0;
        checkpointEntries = c.entries();
        try {
            store.saveCheckpoint(c.encode());
        } catch (IOException e) {
            LOG.warn("osd: could not save a namespace checkpoint at {} in {}: {}", applied, store.describe(),
                    e.getMessage());
        }
    }

    /** Applies the records after {@link #applied}; returns the outcome of the one at {@code watch}, if any. */
    private Namespace.Outcome replay(long watch) throws IOException {
        Namespace.Outcome[] watched = {null};
        applied = store.replay(applied, (position, frame) -> {
            JournalRecord r = JournalCodec.decode(frame, position);
            checkDrives(r, position);
            Namespace.Outcome o = namespace.apply(r);
            sinceCheckpoint++;
            if (position == watch) {
                watched[0] = o;
            }
        });
        return watched[0];
    }

    private void checkDrives(JournalRecord r, long at) throws IOException {
        if (r instanceof JournalRecord.CreateFile c) {
            for (Chunk k : c.chunks()) {
                for (Replica copy : k.replicas()) {
                    if (copy.drive() >= drives) {
                        throw new IOException("osd namespace journal at " + at + ": file " + c.path()
                                + " has a chunk on drive " + copy.drive() + " but ispd.fs.drives lists " + drives
                                + " drives (every client must list the same drives in the same order)");
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
