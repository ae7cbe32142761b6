package dev.ispd.hadoop.fs.metadata;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The journal as a chain of <em>segments</em>, DATA objects with well-known ids on one drive (the
 * embedded default). Segment 0 is the object {@link #OBJECT_ID}, the whole journal of file
 * systems from before segments; segment {@code k >= 1} is {@code FIRST_SEGMENT_ID + k - 1}.
 * Writers add frames to the last segment with the drive's atomic append, so several clients
 * (JVMs) share it. A position is {@code segment << 40 | byte offset}, so segment 0's positions
 * are the byte offsets of before.
 *
 * <p>A client that saved a checkpoint <em>seals</em> the last segment once it holds {@code segmentBytes}: it
 * creates the next segment (create-if-absent, so racing sealers make one object) and appends a
 * seal naming it. The first seal in a segment ends it for every reader: frames after it (an
 * append racing with the seal, a second sealer's seal) are never replayed, so their writers see
 * the replay pass their position and append again, into the next segment: each record takes
 * effect once. A cut deletes the segments that lie wholly below the older checkpoint, in
 * ascending order, and then records the lowest segment left in the well-known object
 * {@link #CUT_MARK} ({@code u64} at offset 0). Reading or appending to a deleted segment is a
 * {@link JournalCutException}: the append did not land, and the reader reloads a checkpoint.
 *
 * <p>Each checkpoint is an object of its own on the same drive, listed in the well-known object
 * {@link #CHECKPOINTS} by appended 16-byte entries ({@code u64 object id, u64 length}), the last
 * entry the one saved last. Of the last {@link #LISTED} entries' objects, the two with the
 * highest positions are kept and the others deleted ({@link CheckpointRanking}); the ranking is
 * kept until the list's length changes. The drive is a single point of failure of the namespace. Not thread-safe:
 * the journal guards it.
 */
public final class DriveJournalStore implements JournalStore {
    private static final Logger LOG = LoggerFactory.getLogger(DriveJournalStore.class);

    /** Segment 0: the first well-known id, which no drive ever picks (docs/protocol.md). */
    public static final long OBJECT_ID = ReservedValues.WELL_KNOWN_ID_FIRST;
    /** The list of checkpoints: the next well-known id. */
    public static final long CHECKPOINTS = ReservedValues.WELL_KNOWN_ID_FIRST + 1;
    /** The lowest segment number that may still exist, as {@code u64} at offset 0. */
    static final long CUT_MARK = ReservedValues.WELL_KNOWN_ID_FIRST + 2;
    /** Segment 1's id; segments run to the last well-known id. */
    public static final long FIRST_SEGMENT_ID = ReservedValues.WELL_KNOWN_ID_FIRST + 0x100;
    /** The highest segment number: its id is 2^64-1. */
    static final long LAST_SEGMENT = -1L - FIRST_SEGMENT_ID + 1;
    /** The segment length past which a checkpointer seals the segment (ispd.fs.journal.segment.bytes). */
    static final long DEFAULT_SEGMENT_BYTES = 1 << 20;
    private static final int OFFSET_BITS = 40;
    private static final int ENTRY = 16;
    /** How many of the checkpoint list's last entries are looked at for the checkpoints kept. */
    private static final int LISTED = 8;
    /** The most bytes of the checkpoint list one read asks for: whole entries, within the drive's I/O limit. */
    private static final int ENTRIES_READ = Limits.MAX_IO / ENTRY * ENTRY;
    private static final int FIRST_BUFFER = 256 * 1024;

    private final SharedDrive drive;
    private final long segmentBytes;
    private ByteBuffer buf = ByteBuffer.allocateDirect(FIRST_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    /** The segment the last replay ended in: where appends go. */
    private long tail;
    /** The checkpoints as {@link #ranking} last ranked them, for a list of {@link #rankedListBytes}. */
    private List<CheckpointRanking.Listed<Listed>> ranked = List.of();
    /** The checkpoint list's length when {@link #ranked} was ranked; -1 if it must be ranked again. */
    private long rankedListBytes = -1;

    private DriveJournalStore(SharedDrive drive, long segmentBytes) {
        this.drive = drive;
        this.segmentBytes = segmentBytes;
    }

    /** The journal on {@code drive} with segments of {@link #DEFAULT_SEGMENT_BYTES}. */
    public static DriveJournalStore open(SharedDrive drive) throws IOException {
        return open(drive, DEFAULT_SEGMENT_BYTES);
    }

    /**
     * The journal on {@code drive}, created if this is a new file system (one without a
     * checkpoint list: segment 0 may be cut in an older one, and must not come back).
     */
    public static DriveJournalStore open(SharedDrive drive, long segmentBytes) throws IOException {
        if (segmentBytes <= 0) {
            throw new IllegalArgumentException("a journal segment must hold some bytes, got " + segmentBytes);
        }
        if (drive.run(d -> stat(d, CHECKPOINTS)) < 0) {
            drive.run(d -> createIfMissing(d, OBJECT_ID));
            drive.run(d -> createIfMissing(d, CHECKPOINTS));
        }
        return new DriveJournalStore(drive, segmentBytes);
    }

    /** The object's size, or -1 if there is none. */
    private static long stat(Drive d, long id) throws IOException {
        try {
            return d.stat(id).size();
        } catch (DriveException e) {
            if (e.status() != Status.NO_SUCH_OBJECT) {
                throw e;
            }
            return -1;
        }
    }

    /** Creates the object unless it exists; true if this call created it. */
    private static boolean createIfMissing(Drive d, long id) throws IOException {
        if (stat(d, id) >= 0) {
            return false;
        }
        try {
            d.createObject(id);
            return true;
        } catch (DriveException raced) {
            if (raced.status() != Status.OBJECT_EXISTS) { // another client created it first: fine
                throw raced;
            }
            return false;
        }
    }

    public static long segmentId(long segment) {
        return segment == 0 ? OBJECT_ID : FIRST_SEGMENT_ID + segment - 1;
    }

    static long segmentOf(long position) {
        return position >>> OFFSET_BITS;
    }

    private static long position(long segment, long offset) {
        return segment << OFFSET_BITS | offset;
    }

    private static long offsetOf(long position) {
        return position & ((1L << OFFSET_BITS) - 1);
    }

    @Override
    public int maxFrame() {
        return Limits.MAX_IO;
    }

    @Override
    public long append(ByteBuffer frame) throws IOException {
        long segment = tail;
        return position(segment, onSegment(segment, d -> d.append(segmentId(segment), frame)));
    }

    @Override
    public long replay(long from, FrameSink sink) throws IOException {
        long segment = segmentOf(from);
        long offset = offsetOf(from);
        for (;;) {
            long end = replaySegment(segment, offset, sink);
            if (end >= 0) {
                tail = segment;
                return position(segment, end);
            }
            segment++;
            offset = 0;
        }
    }

    /**
     * Hands {@code sink} the frames of {@code segment} from byte {@code from}; returns the offset
     * after the last, or -1 if the segment ends with a seal (naming the next segment).
     */
    private long replaySegment(long segment, long from, FrameSink sink) throws IOException {
        long id = segmentId(segment);
        long end = onSegment(segment, d -> d.stat(id).size());
        if (from > end) { // segments only grow: this one was cut and its id taken again (a stale sealer's)
            throw new JournalCutException("the namespace journal's segment " + segment + " (object "
                    + Long.toUnsignedString(id) + " on drive " + drive.index() + ") was cut: it holds " + end
                    + " bytes, less than this client had read");
        }
        long at = from;
        long readAt = from;
        buf.clear().limit(0);
        while (at < end) {
            long frame = JournalCodec.frameLength(buf);
            long position = position(segment, at);
            if (frame > Limits.MAX_IO) {
                throw new IOException("osd namespace journal is corrupt at " + where(position) + ": a record of "
                        + frame + " bytes is over the append limit " + Limits.MAX_IO);
            }
            if (frame < 0 || frame > buf.remaining()) {
                if (readAt >= end) {
                    throw new IOException("osd namespace journal is corrupt at " + where(position)
                            + ": the last record runs past the segment's end " + end);
                }
                readAt += fill(segment, readAt, end, frame);
                continue;
            }
            int start = buf.position();
            ByteBuffer one = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN).limit(start + (int) frame);
            long next = JournalCodec.sealedFor(one, position);
            if (next >= 0) {
                if (next != segment + 1) {
                    throw new IOException("osd namespace journal is corrupt at " + where(position)
                            + ": the seal of segment " + segment + " names segment " + next);
                }
                return -1;
            }
            sink.accept(position, one);
            buf.position(start + (int) frame);
            at += frame;
        }
        return at;
    }

    /** Reads more of the segment behind the unparsed bytes in the buffer (grown to hold a frame of {@code need}). */
    private int fill(long segment, long readAt, long end, long need) throws IOException {
        if (need > buf.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocateDirect((int) Math.max(need, 2L * buf.capacity()))
                    .order(ByteOrder.LITTLE_ENDIAN);
            buf = bigger.put(buf).flip();
        }
        buf.compact();
        int n = (int) Math.min(buf.remaining(), end - readAt);
        buf.limit(buf.position() + n);
        onSegment(segment, d -> {
            d.read(segmentId(segment), readAt, buf);
            return null;
        });
        buf.flip();
        return n;
    }

    /** A call on a segment, whose absence means it was cut. */
    private <T> T onSegment(long segment, SharedDrive.Command<T> call) throws IOException {
        try {
            return drive.run(call);
        } catch (DriveException e) {
            if (e.status() == Status.NO_SUCH_OBJECT) {
                throw new JournalCutException("the namespace journal's segment " + segment + " (object "
                        + Long.toUnsignedString(segmentId(segment)) + " on drive " + drive.index() + ") was cut");
            }
            throw e;
        }
    }

    /** A position for messages: segment 0's are byte offsets, as before segments. */
    private static String where(long position) {
        long segment = segmentOf(position);
        return segment == 0 ? "offset " + position : "segment " + segment + " offset " + offsetOf(position);
    }

    /** Deletes the segments below {@code below}'s, in ascending order, then records the lowest one left. */
    @Override
    public void cut(long below) throws IOException {
        long keep = segmentOf(below);
        long mark = cutMark();
        if (keep <= mark) {
            return;
        }
        for (long segment = mark; segment < keep; segment++) {
            deleteIfPresent(segmentId(segment));
        }
        ByteBuffer value = ByteBuffer.allocateDirect(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, keep);
        drive.run(d -> {
            createIfMissing(d, CUT_MARK);
            d.write(CUT_MARK, 0, value);
            return null;
        });
        LOG.debug("osd: cut the namespace journal below segment {} ({} segments deleted)", keep, keep - mark);
    }

    @Override
    public long cutBelow() throws IOException {
        return position(cutMark(), 0);
    }

    private long cutMark() throws IOException {
        return drive.run(d -> {
            if (stat(d, CUT_MARK) < 8) {
                return 0L;
            }
            return ByteBuffer.wrap(d.read(CUT_MARK, 0, 8)).order(ByteOrder.LITTLE_ENDIAN).getLong();
        });
    }

    /**
     * Ends the last segment this client replayed, if it holds {@link #segmentBytes}: creates the
     * next one (first, so that every writer that meets the seal finds it), then appends the seal.
     */
    private void sealIfFull() throws IOException {
        long segment = tail;
        long size = drive.run(d -> stat(d, segmentId(segment)));
        if (size < segmentBytes) {
            return; // not full, or cut meanwhile (then sealed long ago)
        }
        if (segment >= LAST_SEGMENT) {
            LOG.warn("osd: the namespace journal on drive {} used every segment id; its last segment is not sealed "
                    + "and grows from now on", drive.index());
            return;
        }
        long next = segmentId(segment + 1);
        // Ascending cuts delete this segment before the next: while it exists, the next was not cut.
        boolean created = drive.run(d -> stat(d, segmentId(segment)) >= 0 && createIfMissing(d, next));
        try {
            onSegment(segment, d -> d.append(segmentId(segment), JournalCodec.encodeSeal(segment + 1)));
        } catch (JournalCutException e) {
            if (created) {
                deleteIfPresent(next); // the chain was cut past both: this call brought a deleted segment back
            }
        }
    }

    private void deleteIfPresent(long id) throws IOException {
        try {
            drive.run(d -> {
                d.delete(id);
                return null;
            });
        } catch (DriveException e) {
            if (e.status() != Status.NO_SUCH_OBJECT) { // another client deleted it first
                throw e;
            }
        }
    }

    /** Saves the checkpoint as an object, lists it, then deletes the listed ones no longer kept ({@link CheckpointRanking}). */
    @Override
    public void saveCheckpoint(ByteBuffer checkpoint) throws IOException {
        byte[] bytes = new byte[checkpoint.remaining()];
        checkpoint.get(bytes);
        long id = drive.run(Drive::createObject);
        drive.run(d -> d.write(id, 0, bytes));
        ByteBuffer entry = ByteBuffer.allocateDirect(ENTRY).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(0, id).putLong(8, bytes.length);
        drive.run(d -> d.append(CHECKPOINTS, entry));
        long size = drive.run(d -> d.stat(CHECKPOINTS).size());
        List<CheckpointRanking.Listed<Listed>> listed = listed(size);
        List<Listed> dropped = CheckpointRanking.dropped(listed);
        for (Listed gone : dropped) {
            deleteIfPresent(gone.id());
        }
        listed.removeIf(l -> dropped.contains(l.handle()));
        rank(size, listed);
        sealIfFull();
    }

    @Override
    public ByteBuffer checkpoint(int back) throws IOException {
        long size = drive.run(d -> d.stat(CHECKPOINTS).size());
        List<CheckpointRanking.Listed<Listed>> ranked = ranking(size);
        if (back >= ranked.size()) {
            return null;
        }
        Listed listed = ranked.get(back).handle();
        try {
            return ByteBuffer.wrap(drive.run(d -> d.read(listed.id(), 0, listed.length())))
                    .order(ByteOrder.LITTLE_ENDIAN);
        } catch (DriveException e) {
            if (e.status() == Status.NO_SUCH_OBJECT && drive.run(d -> d.stat(CHECKPOINTS).size()) > size) {
                return null; // a newer checkpoint replaced it meanwhile: no longer one of the two kept
            }
            throw e;
        }
    }

    /**
     * The checkpoints ranked, for the list at {@code size} bytes; ranked again only when the list
     * changed. The list only grows, and a listed object is deleted only after a newer entry is
     * appended, so an unchanged length means unchanged entries and objects. A ranking with a
     * damaged header is not kept: a header that failed to read may read on the next call.
     */
    private List<CheckpointRanking.Listed<Listed>> ranking(long size) throws IOException {
        if (size != rankedListBytes) {
            rank(size, listed(size));
        }
        return ranked;
    }

    /** Ranks {@code listed}, the checkpoints of the list at {@code size} bytes, and keeps the ranking. */
    private void rank(long size, List<CheckpointRanking.Listed<Listed>> listed) {
        ranked = CheckpointRanking.ranked(listed);
        rankedListBytes = listed.stream().anyMatch(CheckpointRanking.Listed::damaged) ? -1 : size;
    }

    /** A checkpoint list entry: the object and its length. */
    private record Listed(long id, int length) {
    }

    /**
     * The checkpoints among the last {@link #LISTED} entries of the list ({@code size} bytes long)
     * whose objects exist, the last saved first, with the position each one's header says.
     */
    private List<CheckpointRanking.Listed<Listed>> listed(long size) throws IOException {
        List<CheckpointRanking.Listed<Listed>> out = new ArrayList<>();
        long from = Math.max(0, size - (long) LISTED * ENTRY);
        if (from == size) {
            return out; // none saved yet
        }
        ByteBuffer entries = entries(from, size);
        for (int at = entries.limit() - ENTRY; at >= 0; at -= ENTRY) {
            Listed listed = new Listed(entries.getLong(at), (int) entries.getLong(at + 8));
            ByteBuffer head = ByteBuffer.allocateDirect(Checkpoint.HEAD).order(ByteOrder.LITTLE_ENDIAN);
            try {
                drive.run(d -> {
                    d.read(listed.id(), 0, head);
                    return null;
                });
            } catch (DriveException e) {
                if (e.status() == Status.NO_SUCH_OBJECT) {
                    continue; // dropped already
                }
                LOG.warn("osd: the header of checkpoint object {} on drive {} cannot be read: {}",
                        Long.toUnsignedString(listed.id()), drive.index(), e.getMessage());
            }
            out.add(new CheckpointRanking.Listed<>(listed, Checkpoint.headerPosition(head.flip())));
        }
        return out;
    }

    /** Every checkpoint object the list names (older ones may be gone already), read {@link #ENTRIES_READ} bytes a call. */
    @Override
    public Set<Replica> objects() throws IOException {
        long size = drive.run(d -> d.stat(CHECKPOINTS).size()) / ENTRY * ENTRY;
        Set<Replica> out = new HashSet<>();
        for (long from = 0; from < size; from += ENTRIES_READ) {
            ByteBuffer entries = entries(from, Math.min(size, from + ENTRIES_READ));
            for (int at = 0; at < entries.limit(); at += ENTRY) {
                out.add(new Replica(drive.index(), entries.getLong(at)));
            }
        }
        return out;
    }

    /** The checkpoint list's entries from byte {@code from} to {@code to}, in one read. */
    private ByteBuffer entries(long from, long to) throws IOException {
        ByteBuffer entries = ByteBuffer.allocateDirect((int) (to - from)).order(ByteOrder.LITTLE_ENDIAN);
        drive.run(d -> {
            d.read(CHECKPOINTS, from, entries);
            return null;
        });
        return entries.flip();
    }

    @Override
    public String describe() {
        return "segments on drive " + drive.index() + " (" + drive.address() + ")";
    }

    /** Nothing of its own: it talks through the file system's drive set. */
    @Override
    public void close() {
    }
}
