package dev.ispd.hadoop.fs.metadata;

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
 * {@link Namespace}. A new client starts from the latest {@link Checkpoint} that the journal
 * still continues (else the one before it, else, logged, the journal's start) and each client
 * replays only the records it has not seen yet. A change is committed by appending its record,
 * then replaying up to and including it: the {@link Namespace.Outcome} of that replay says
 * whether it took effect, given every record the journal put before it. After a commit, a client
 * checkpoints once {@code checkpointRecords} records (or a quarter of the namespace's entries, if
 * more, so that writing checkpoints costs a bounded share of the changes) followed the last
 * checkpoint it knows, and then cuts the journal below the older of the two checkpoints the
 * store keeps: both cover what is cut. A client whose position was cut meanwhile reloads a
 * checkpoint. Not thread-safe: the file system guards it.
 */
public final class Journal implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);
    /** Checkpoints a client may start from: the latest and the one before it. */
    private static final int KEPT_CHECKPOINTS = 2;
    private static final int RESTART_ATTEMPTS = 5;
    /** Appends of one record that a seal or a cut may turn away before the commit gives up. */
    private static final int MAX_APPENDS = 100;

    private final JournalStore store;
    private final int drives;
    private final long checkpointRecords;
    private Namespace namespace = new Namespace();
    /** The store position after the last record applied. */
    private long applied;
    /** Records applied since the last checkpoint this client loaded or wrote, and that checkpoint's entries. */
    private long sinceCheckpoint;
    private long checkpointEntries;
    /** A replay failed part way: the namespace may hold records past {@link #applied}; the next one starts over. */
    private boolean stale;

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
    public static Journal open(JournalStore store, int drives, long checkpointRecords) throws IOException {
        Journal j = new Journal(store, drives, checkpointRecords);
        j.restart(j.new Replay(-1));
        return j;
    }

    /**
     * Starts over from the latest checkpoint the journal still continues, else the one before
     * it, else the journal's start, and replays to the end; an IOException if none can be
     * replayed (every readable checkpoint is older than a cut). Other clients may save newer
     * checkpoints and cut past the ones read here before their replay starts, so the
     * checkpoints are read again, up to {@value #RESTART_ATTEMPTS} times.
     */
    private void restart(Replay replay) throws IOException {
        List<String> tried = new ArrayList<>();
        for (int attempt = 0; attempt < RESTART_ATTEMPTS; attempt++) {
            if (restartOnce(replay, tried)) {
                return;
            }
        }
        throw new IOException("osd namespace journal in " + store.describe() + " cannot be replayed from any "
                + "starting point: " + String.join("; ", tried));
    }

    private boolean restartOnce(Replay replay, List<String> tried) throws IOException {
        for (int back = 0; back < KEPT_CHECKPOINTS; back++) {
            Checkpoint c = readCheckpoint(back, tried);
            if (c != null && replayFrom(c.namespace(), c.position(), c.entries(), replay, tried)) {
                return true;
            }
        }
        return replayFrom(new Namespace(), 0, 0, replay, tried);
    }

    /** Checkpoint {@code back} before the latest; null if none, or unreadable (noted in {@code tried}). */
    private Checkpoint readCheckpoint(int back, List<String> tried) {
        try {
            return checkpoint(back);
        } catch (IOException e) {
            LOG.warn("osd: not starting from the {}: {}", checkpointName(back), e.getMessage());
            tried.add(checkpointName(back) + ": " + e.getMessage());
            return null;
        }
    }

    /** Checkpoint {@code back} before the latest, as the store keeps it; null if none, an IOException if unreadable. */
    private Checkpoint checkpoint(int back) throws IOException {
        ByteBuffer bytes = store.checkpoint(back);
        return bytes == null ? null : Checkpoint.decode(bytes, checkpointName(back));
    }

    private String checkpointName(int back) {
        return (back == 0 ? "latest checkpoint" : "checkpoint before the latest") + " in " + store.describe();
    }

    /** Replays from the given state; false (noted in {@code tried}) if the journal was cut past {@code position}. */
    private boolean replayFrom(Namespace ns, long position, long entries, Replay replay, List<String> tried)
            throws IOException {
        namespace = ns;
        applied = position;
        checkpointEntries = entries;
        sinceCheckpoint = 0;
        try {
            applied = store.replay(applied, replay);
            return true;
        } catch (JournalCutException e) {
            tried.add("from " + (position == 0 ? "the journal's start" : "position " + position) + ": "
                    + e.getMessage());
            return false;
        }
    }

    /** The store position after the last record replayed so far. */
    long applied() {
        return applied;
    }

    /** The namespace with every record other clients appended so far: what each operation reads. */
    public Namespace current() throws IOException {
        replay(new Replay(-1));
        return namespace;
    }

    /**
     * Appends a record and replays up to it; the outcome says whether it took effect. A
     * {@link JournalOutcomeUnknownException} if the record was appended but this client could
     * not replay it (the journal was cut past it first, or the replay failed).
     */
    public Namespace.Outcome commit(JournalRecord r) throws IOException {
        ByteBuffer frame = JournalCodec.encode(r);
        int length = frame.remaining();
        if (length > store.maxFrame()) {
            throw new IOException("a namespace record of " + length + " bytes (" + r.getClass().getSimpleName()
                    + ") is over the limit of " + store.maxFrame() + " bytes of the journal in " + store.describe());
        }
        for (int appends = 0; appends < MAX_APPENDS; appends++) {
            long at;
            try {
                at = store.append(frame.duplicate());
            } catch (JournalCutException e) {
                LOG.info("osd: an append did not land: {}; catching up before appending again", e.getMessage());
                current();
                continue;
            }
            Replay replay = new Replay(at);
            try {
                replay(replay);
            } catch (IOException e) {
                throw new JournalOutcomeUnknownException("osd namespace journal in " + store.describe() + ": the "
                        + r.getClass().getSimpleName() + " record appended at " + at + " could not be replayed: "
                        + e.getMessage(), e);
            }
            if (replay.outcome != null) {
                if (checkpointRecords > 0 && sinceCheckpoint >= Math.max(checkpointRecords, checkpointEntries / 4)) {
                    checkpoint();
                }
                return replay.outcome;
            }
            if (replay.reloaded) {
                throw new JournalOutcomeUnknownException("osd namespace journal in " + store.describe() + ": the "
                        + r.getClass().getSimpleName() + " record appended at " + at + " was cut before this client "
                        + "replayed it: it took effect or not, as for every client, but this client cannot tell");
            }
            if (applied <= at) {
                throw new IOException("osd namespace journal in " + store.describe() + ": the record appended at " + at
                        + " was not found in the replay (which reached " + applied + ")");
            }
            LOG.debug("osd: the record appended at {} landed after its segment's seal; appending it again", at);
        }
        throw new IOException("osd namespace journal in " + store.describe() + ": a " + r.getClass().getSimpleName()
                + " record was turned away " + MAX_APPENDS + " times by seals or cuts of the journal");
    }

    /**
     * What is wrong with the stored namespace (fsck): a checkpoint the store keeps that cannot be
     * read, and the journal not replaying from the oldest point it is kept from (the older of
     * the readable checkpoints at or above the cut, or its start if it was never cut). Empty if
     * nothing is.
     * {@code said} receives the line saying where the replay started.
     */
    public List<String> damage(List<String> said) throws IOException {
        List<String> out = new ArrayList<>();
        long cut = store.cutBelow();
        Checkpoint oldest = null;
        for (int back = 0; back < KEPT_CHECKPOINTS; back++) {
            try {
                Checkpoint c = checkpoint(back);
                // A checkpoint saved by a client that fell behind a cut is no starting point.
                boolean usable = c != null && c.position() >= cut;
                if (usable && (oldest == null || c.position() < oldest.position())) {
                    oldest = c;
                }
            } catch (IOException e) {
                out.add(e.getMessage() + (cut > 0 ? "; the journal is cut below position " + cut
                        + ", so the namespace before it is only in the other checkpoint" : ""));
            }
        }
        Journal check = new Journal(store, drives, 0);
        String from = "the journal's start";
        if (oldest != null && cut > 0) {
            check.namespace = oldest.namespace();
            check.applied = oldest.position();
            from = "the older checkpoint at position " + oldest.position() + " (the journal is cut below " + cut + ")";
        }
        said.add("the namespace journal in " + store.describe() + " replayed from " + from);
        try {
            check.applied = store.replay(check.applied, check.new Replay(-1));
        } catch (JournalCutException e) {
            out.add("the journal in " + store.describe() + " is cut below position " + cut + " and no readable "
                    + "checkpoint covers what was cut: " + e.getMessage());
        } catch (IOException e) {
            out.add("the journal in " + store.describe() + " does not replay from " + from + ": " + e.getMessage());
        }
        return out;
    }

    /** Writes a checkpoint of the namespace now (fsck's repair of a damaged one); a failure is an IOException. */
    public void checkpointNow() throws IOException {
        current();
        Checkpoint c = Checkpoint.of(namespace, applied);
        store.saveCheckpoint(c.encode());
        sinceCheckpoint = 0;
        checkpointEntries = c.entries();
    }

    /** The drive objects the journal's store keeps for itself (checkpoints). */
    public Set<Replica> storeObjects() throws IOException {
        return store.objects();
    }

    /** Where the journal is, for messages. */
    public String describe() {
        return store.describe();
    }

    /** Saves the namespace as of {@link #applied} and cuts; a failure is logged (the journal keeps everything). */
    private void checkpoint() {
        Checkpoint c = Checkpoint.of(namespace, applied);
        sinceCheckpoint = 0;
        checkpointEntries = c.entries();
        try {
            if (applied < store.cutBelow()) {
                // Others cut past this client's position meanwhile: a checkpoint there could
                // never be started from (the store would drop it, ranking it below theirs).
                LOG.debug("osd: no checkpoint at {} in {}: the journal is cut past it", applied, store.describe());
                return;
            }
            store.saveCheckpoint(c.encode());
        } catch (IOException e) {
            LOG.warn("osd: could not save a namespace checkpoint at {} in {}: {}", applied, store.describe(),
                    e.getMessage());
            return;
        }
        cut();
    }

    /**
     * Removes the records below the older of the two checkpoints the store keeps, which both
     * cover them. If either cannot be read, or there are fewer than two, everything is kept.
     */
    public void cut() {
        try {
            long below = Long.MAX_VALUE;
            for (int back = 0; back < KEPT_CHECKPOINTS; back++) {
                ByteBuffer bytes = store.checkpoint(back);
                if (bytes == null) {
                    return;
                }
                below = Math.min(below, Checkpoint.positionOf(bytes, checkpointName(back)));
            }
            store.cut(below);
        } catch (IOException e) {
            LOG.warn("osd: the namespace journal in {} is not cut, its records are kept: {}", store.describe(),
                    e.getMessage());
        }
    }

    /**
     * Applies the records after {@link #applied}, reloading a checkpoint if they were cut, or if
     * the last replay failed part way (its records are in the namespace, its end is not).
     */
    private void replay(Replay replay) throws IOException {
        try {
            if (stale) {
                LOG.info("osd: the last replay of the namespace journal in {} failed part way; this client reloads "
                        + "the latest checkpoint", store.describe());
                replay.reloaded = true;
                restart(replay);
            } else {
                replayTail(replay);
            }
            stale = false;
        } catch (IOException | RuntimeException e) {
            stale = true;
            throw e;
        }
    }

    private void replayTail(Replay replay) throws IOException {
        try {
            applied = store.replay(applied, replay);
        } catch (JournalCutException e) {
            LOG.info("osd: this client's place in the namespace journal ({}) was cut: {}; it reloads the latest "
                    + "checkpoint", applied, e.getMessage());
            replay.reloaded = true;
            restart(replay);
        }
    }

    /** One replay's sink: applies each record, noting the outcome of the one at {@code watch}. */
    private final class Replay implements JournalStore.FrameSink {
        private final long watch;
        private Namespace.Outcome outcome;
        /** Whether this client's position was cut and it started over from a checkpoint. */
        private boolean reloaded;

        Replay(long watch) {
            this.watch = watch;
        }

        @Override
        public void accept(long position, ByteBuffer frame) throws IOException {
            JournalRecord r = JournalCodec.decode(frame, position);
            checkDrives(r, position);
            Namespace.Outcome o = namespace.apply(r);
            sinceCheckpoint++;
            if (position == watch) {
                outcome = o;
            }
        }
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
