package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Set;

/**
 * The journal as one DATA object with the well-known id {@link #OBJECT_ID} on one drive (the
 * embedded default). Writers add frames with the drive's atomic append, so several clients (JVMs)
 * share it; a frame's position is its byte offset. Each checkpoint is an object of its own on
 * the same drive, listed in the well-known object {@link #CHECKPOINTS} by appended 16-byte
 * entries ({@code u64 object id, u64 length}), the last entry the latest. The drive is a single
 * point of failure of the namespace. Not thread-safe: the journal guards it.
 */
final class DriveJournalStore implements JournalStore {
    /** The journal's object id: the first well-known id, which no drive ever picks (docs/protocol.md). */
    static final long OBJECT_ID = ReservedValues.WELL_KNOWN_ID_FIRST;
    /** The list of checkpoints: the next well-known id. */
    static final long CHECKPOINTS = ReservedValues.WELL_KNOWN_ID_FIRST + 1;
    private static final int ENTRY = 16;
    private static final int FIRST_BUFFER = 256 * 1024;

    private final DriveSet drives;
    private final int drive;
    private ByteBuffer buf = ByteBuffer.allocateDirect(FIRST_BUFFER).order(ByteOrder.LITTLE_ENDIAN);

    private DriveJournalStore(DriveSet drives, int drive) {
        this.drives = drives;
        this.drive = drive;
    }

    /** The journal on drive {@code drive}, created if this is a new file system. */
    static DriveJournalStore open(DriveSet drives, int drive) throws IOException {
        drives.onShared(drive, d -> createIfMissing(d, OBJECT_ID));
        drives.onShared(drive, d -> createIfMissing(d, CHECKPOINTS));
        return new DriveJournalStore(drives, drive);
    }

    private static Void createIfMissing(Drive d, long id) throws IOException {
        try {
            d.stat(id);
        } catch (DriveException e) {
            if (e.status() != Status.NO_SUCH_OBJECT) {
                throw e;
            }
            try {
                d.createObject(id);
            } catch (DriveException raced) {
                if (raced.status() != Status.OBJECT_EXISTS) { // another client created it first: fine
                    throw raced;
                }
            }
        }
        return null;
    }

    @Override
    public int maxFrame() {
        return Limits.MAX_IO;
    }

    @Override
    public long append(ByteBuffer frame) throws IOException {
        return drives.onShared(drive, d -> d.append(OBJECT_ID, frame));
    }

    @Override
    public long replay(long from, FrameSink sink) throws IOException {
        long end = drives.onShared(drive, d -> d.stat(OBJECT_ID).size());
        long at = from;
        long readAt = from;
        buf.clear().limit(0);
        while (at < end) {
            long frame = JournalCodec.frameLength(buf);
            if (frame > Limits.MAX_IO) {
                throw new IOException("osd namespace journal is corrupt at offset " + at + ": a record of "
                        + frame + " bytes is over the append limit " + Limits.MAX_IO);
            }
            if (frame < 0 || frame > buf.remaining()) {
                if (readAt >= end) {
                    throw new IOException("osd namespace journal is corrupt at offset " + at
                            + ": the last record runs past the journal's end " + end);
                }
                readAt += fill(readAt, end, frame);
                continue;
            }
            int start = buf.position();
            sink.accept(at, buf.duplicate().order(ByteOrder.LITTLE_ENDIAN).limit(start + (int) frame));
            buf.position(start + (int) frame);
            at += frame;
        }
        return at;
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

    @Override
    public void saveCheckpoint(ByteBuffer checkpoint) throws IOException {
        byte[] bytes = new byte[checkpoint.remaining()];
        checkpoint.get(bytes);
        long id = drives.onShared(drive, Drive::createObject);
        drives.onShared(drive, d -> d.write(id, 0, bytes));
        ByteBuffer entry = ByteBuffer.allocateDirect(ENTRY).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(0, id).putLong(8, bytes.length);
        long at = drives.onShared(drive, d -> d.append(CHECKPOINTS, entry));
        if (at >= 2 * ENTRY) {
            long old = entry(at - 2 * ENTRY).getLong(0);
            try {
                drives.onShared(drive, d -> {
                    d.delete(old);
                    return null;
                });
            } catch (DriveException e) {
                if (e.status() != Status.NO_SUCH_OBJECT) { // another client dropped it first
                    throw e;
                }
            }
        }
    }

    @Override
    public ByteBuffer latestCheckpoint() throws IOException {
        long size = drives.onShared(drive, d -> d.stat(CHECKPOINTS).size());
        if (size < ENTRY) {
            return null;
        }
        ByteBuffer entry = entry(size - ENTRY);
        long id = entry.getLong(0);
        int length = (int) entry.getLong(8);
        return ByteBuffer.wrap(drives.onShared(drive, d -> d.read(id, 0, length))).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Every checkpoint object the list names (older ones may be gone already). */
    @Override
    public Set<Replica> objects() throws IOException {
        long size = drives.onShared(drive, d -> d.stat(CHECKPOINTS).size());
        Set<Replica> out = new HashSet<>();
        for (long at = 0; at + ENTRY <= size; at += ENTRY) {
            out.add(new Replica(drive, entry(at).getLong(0)));
        }
        return out;
    }

    /** The checkpoint list's entry at byte {@code at}. */
    private ByteBuffer entry(long at) throws IOException {
        ByteBuffer entry = ByteBuffer.allocateDirect(ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        drives.onShared(drive, d -> {
            d.read(CHECKPOINTS, at, entry);
            return null;
        });
        return entry.flip();
    }

    @Override
    public String describe() {
        return "object " + Long.toUnsignedString(OBJECT_ID) + " on drive " + drive + " (" + drives.address(drive) + ")";
    }

    /** Nothing of its own: it talks through the file system's drive set. */
    @Override
    public void close() {
    }
}
