package dev.ispd.hadoop.fs;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The namespace journal: {@link JournalCodec} records in a {@link JournalStore}, replayed into a
 * {@link Namespace}. Each client replays only the records it has not seen yet. A change is
 * committed by appending its record, then replaying up to and including it: the
 * {@link Namespace.Outcome} of that replay says whether it took effect, given every record the
 * journal put before it. Not thread-safe: the file system guards it.
 */
final class Journal implements Closeable {
    private final JournalStore store;
    private final int drives;
    private final Namespace namespace = new Namespace();
    /** The store position after the last record applied. */
    private long applied;

    private Journal(JournalStore store, int drives) {
        this.store = store;
        this.drives = drives;
    }

    /** Opens the journal in {@code store} and replays it; {@code drives} is how many drives chunks may name. */
    static Journal open(JournalStore store, int drives) throws IOException {
        Journal j = new Journal(store, drives);
        j.replay(-1);
        return j;
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
        return o;
    }

    /** Applies the records after {@link #applied}; returns the outcome of the one at {@code watch}, if any. */
    private Namespace.Outcome replay(long watch) throws IOException {
        Namespace.Outcome[] watched = {null};
        applied = store.replay(applied, (position, frame) -> {
            JournalRecord r = JournalCodec.decode(frame, position);
            checkDrives(r, position);
            Namespace.Outcome o = namespace.apply(r);
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
    public void close() throws IOException {
        store.close();
    }
}
