package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The namespace journal: one DATA object with the well-known id {@link #OBJECT_ID} on the
 * namespace drive, holding {@link JournalCodec} records. Writers add records with the drive's
 * atomic append, so several clients (JVMs) share it without a metadata server; each client
 * replays only the tail it has not seen yet. A change is committed by appending its record, then
 * replaying up to and including it: the {@link Namespace.Outcome} of that replay says whether it
 * took effect, given every record the journal put before it. Not thread-safe: the file system
 * guards it.
 */
final class Journal {
    /** The journal's object id: the first well-known id, which no drive ever picks (docs/protocol.md). */
    static final long OBJECT_ID = ReservedValues.WELL_KNOWN_ID_FIRST;
    private static final int FIRST_BUFFER = 256 * 1024;

    private final DriveSet drives;
    private final int drive;
    private final Namespace namespace = new Namespace();
    private long applied;
    private ByteBuffer buf = ByteBuffer.allocateDirect(FIRST_BUFFER).order(ByteOrder.LITTLE_ENDIAN);

    private Journal(DriveSet drives, int drive) {
        this.drives = drives;
        this.drive = drive;
    }

    /** Opens the journal on drive {@code drive}, creating it if this is a new file system, and replays it. */
    static Journal open(DriveSet drives, int drive) throws IOException {
        Journal j = new Journal(drives, drive);
        drives.onShared(drive, Journal::createIfMissing);
        j.catchUp();
        return j;
    }

    private static Void createIfMissing(Drive d) throws IOException {
        try {
            d.stat(OBJECT_ID);
        } catch (DriveException e) {
            if (e.status() != Status.NO_SUCH_OBJECT) {
                throw e;
            }
            try {
                d.createObject(OBJECT_ID);
            } catch (DriveException raced) {
                if (raced.status() != Status.OBJECT_EXISTS) { // another client created it first: fine
                    throw raced;
                }
            }
        }
        return null;
    }

    /** Bytes of the journal replayed so far. */
    long applied() {
        return applied;
    }

    /** Replays the records other clients appended since the last call. */
    private void catchUp() throws IOException {
        replay(drives.onShared(drive, d -> d.stat(OBJECT_ID).size()), -1);
    }

    /** The namespace with every record other clients appended so far: what each operation reads. */
    Namespace current() throws IOException {
        catchUp();
        return namespace;
    }

    /** Appends a record and replays up to it; the outcome says whether it took effect. */
    Namespace.Outcome commit(JournalRecord r) throws IOException {
        ByteBuffer frame = JournalCodec.encode(r);
        int length = frame.remaining();
        if (length > Limits.MAX_IO) {
            throw new IOException("a namespace record of " + length + " bytes (" + r.getClass().getSimpleName()
                    + ") is over the drive's append limit of " + Limits.MAX_IO + " bytes");
        }
        long at = drives.onShared(drive, d -> d.append(OBJECT_ID, frame));
        Namespace.Outcome o = replay(at + length, at);
        if (o == null) {
            throw new IOException("osd namespace journal: the record appended at offset " + at
                    + " does not start on a record boundary (replay reached " + applied + ")");
        }
        return o;
    }

    /** Applies the records in [applied, end); returns the outcome of the one at {@code watch}, if any. */
    private Namespace.Outcome replay(long end, long watch) throws IOException {
        Namespace.Outcome watched = null;
        long readAt = applied;
        buf.clear().limit(0);
        while (applied < end) {
            long frame = JournalCodec.frameLength(buf);
            if (frame > Limits.MAX_IO) {
                throw new IOException("osd namespace journal is corrupt at offset " + applied + ": a record of "
                        + frame + " bytes is over the append limit " + Limits.MAX_IO);
            }
            if (frame < 0 || frame > buf.remaining()) {
                if (readAt >= end) {
                    throw new IOException("osd namespace journal is corrupt at offset " + applied
                            + ": the last record runs past the journal's end " + end);
                }
                readAt += fill(readAt, end, frame);
                continue;
            }
            JournalRecord r = JournalCodec.decode(buf, applied);
            checkDrives(r, applied);
            Namespace.Outcome o = namespace.apply(r);
            if (applied == watch) {
                watched = o;
            }
            applied += frame;
        }
        return watched;
    }

    /** Reads more journal bytes behind the unparsed ones in the buffer (grown to hold a frame of {@code need}). */
    private int fill(long readAt, long end, long need) throws IOException {
        if (need > buf.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocateDirect((int) Math.max(need, 2L * buf.capacity()))
                    .order(ByteOrder.LITTLE_ENDIAN);
            buf = bigger.put(buf).flip();
        }
        buf.compact();
        int n = (int) Math.min(buf.remaining(), end - readAt);
        buf.limit(buf.position() + n);
        drives.onShared(drive, d -> {
            d.read(OBJECT_ID, readAt, buf);
            return null;
        });
        buf.flip();
        return n;
    }

    private void checkDrives(JournalRecord r, long at) throws IOException {
        if (r instanceof JournalRecord.CreateFile c) {
            for (Chunk k : c.chunks()) {
                if (k.drive() >= drives.size()) {
                    throw new IOException("osd namespace journal at offset " + at + ": file " + c.path()
                            + " has a chunk on drive " + k.drive() + " but ispd.fs.drives lists " + drives.size()
                            + " drives (every client must list the same drives in the same order)");
                }
            }
        }
    }
}
