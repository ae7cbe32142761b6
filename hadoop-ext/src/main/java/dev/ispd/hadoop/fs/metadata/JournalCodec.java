package dev.ispd.hadoop.fs.metadata;

import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The journal's bytes: a sequence of self-delimiting records, each
 * {@code u32 body_length, u32 crc32c(body), body}, little-endian. The body is {@code u8 type}
 * then the record's fields; strings are {@code u16 length} + UTF-8. A file (type 5) lists its
 * chunks as {@code u8 replicas, (u16 drive, u64 object_id) per replica, u64 length}; type 2, the
 * file record of journals written before replication, lists {@code u16 drive, u64 object_id,
 * u64 length} per chunk and is read as a file of one replica per chunk, anchored at the root.
 * An extended attribute (type 6) is {@code str path, str name, u32 length + value bytes, u64 time}.
 * A writer's lease (type 7) is {@code str path, str holder, u64 time, u64 until} and its new
 * objects as a replica list ({@code u32 count, (u16 drive, u64 object_id) each}); a chunk's new
 * replicas (type 8) are {@code str path, u32 chunk}, the old and the new replica lists, {@code u64 time}.
 * A seal (type 9, {@code u64 next segment}) ends a segment of the journal on a drive
 * ({@link DriveJournalStore}); it is no namespace record.
 */
public final class JournalCodec {
    static final int FRAME_HEADER = 8;
    private static final byte MKDIR = 1;
    private static final byte CREATE_FILE_UNREPLICATED = 2;
    private static final byte DELETE = 3;
    private static final byte RENAME = 4;
    private static final byte CREATE_FILE = 5;
    private static final byte SET_XATTR = 6;
    private static final byte LEASE = 7;
    private static final byte SET_REPLICAS = 8;
    /** The drive store's end of a segment (no namespace record: the store consumes it). */
    private static final byte SEAL = 9;

    private JournalCodec() {
    }

    /** The framed record in a new direct buffer, ready to append. */
    public static ByteBuffer encode(JournalRecord r) {
        Writer w = new Writer();
        w.skip(FRAME_HEADER);
        if (r instanceof JournalRecord.Mkdir m) {
            w.u8(MKDIR).str(m.path()).u64(m.timeMs()).str(m.owner());
        } else if (r instanceof JournalRecord.CreateFile c) {
            w.u8(CREATE_FILE).str(c.path()).u8(c.overwrite() ? 1 : 0).u64(c.timeMs()).str(c.owner())
                    .u64(c.chunkSize()).u64(c.length()).str(c.anchor().path()).u64(c.anchor().dirId());
            writeChunks(w, c.chunks());
        } else if (r instanceof JournalRecord.Delete d) {
            w.u8(DELETE).str(d.path()).u8(d.recursive() ? 1 : 0).u64(d.timeMs());
        } else if (r instanceof JournalRecord.SetXAttr x) {
            w.u8(SET_XATTR).str(x.path()).str(x.name()).bytes(x.value()).u64(x.timeMs());
        } else if (r instanceof JournalRecord.Lease l) {
            w.u8(LEASE).str(l.path()).str(l.holder()).u64(l.timeMs()).u64(l.untilMs());
            writeReplicas(w, l.objects());
        } else if (r instanceof JournalRecord.SetReplicas x) {
            w.u8(SET_REPLICAS).str(x.path()).u32(x.chunk());
            writeReplicas(w, x.was());
            writeReplicas(w, x.now());
            w.u64(x.timeMs());
        } else {
            JournalRecord.Rename n = (JournalRecord.Rename) r;
            w.u8(RENAME).str(n.src()).str(n.dst()).u64(n.timeMs());
        }
        return framed(w);
    }

    /** The frame whose body {@code w} holds after {@link #FRAME_HEADER} reserved bytes, in a new direct buffer. */
    private static ByteBuffer framed(Writer w) {
        ByteBuffer b = w.buf.flip();
        int bodyLength = b.limit() - FRAME_HEADER;
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate().position(FRAME_HEADER));
        b.putInt(0, bodyLength).putInt(4, (int) crc.getValue());
        return ByteBuffer.allocateDirect(b.limit()).order(ByteOrder.LITTLE_ENDIAN).put(b).flip();
    }

    /** The seal of a journal segment naming the segment that follows, framed, ready to append. */
    static ByteBuffer encodeSeal(long nextSegment) {
        Writer w = new Writer();
        w.skip(FRAME_HEADER);
        w.u8(SEAL).u64(nextSegment);
        return framed(w);
    }

    /**
     * The next segment a seal frame at {@code frame}'s position names (its checksum checked), or
     * -1 if the frame is not a seal; {@code at} is its position, for messages.
     */
    static long sealedFor(ByteBuffer frame, long at) throws IOException {
        int start = frame.position();
        if (frame.remaining() <= FRAME_HEADER || frame.get(start + FRAME_HEADER) != SEAL) {
            return -1;
        }
        ByteBuffer body = checkedBody(frame, at);
        if (body.remaining() != 9) {
            throw corrupt(at, "a segment's seal of " + body.remaining() + " bytes instead of 9");
        }
        return body.getLong(1);
    }

    /**
     * The length of the frame starting at {@code buf}'s position, or -1 if fewer than
     * {@link #FRAME_HEADER} bytes remain.
     */
    static long frameLength(ByteBuffer buf) {
        if (buf.remaining() < FRAME_HEADER) {
            return -1;
        }
        return FRAME_HEADER + Integer.toUnsignedLong(buf.getInt(buf.position()));
    }

    /**
     * Decodes the whole frame at {@code buf}'s position (its length per {@link #frameLength}) and
     * advances past it.
     *
     * @param at the frame's offset in the journal, for messages
     */
    public static JournalRecord decode(ByteBuffer buf, long at) throws IOException {
        int start = buf.position();
        ByteBuffer body = checkedBody(buf, at);
        int bodyLength = body.remaining();
        try {
            JournalRecord r = switch (body.get()) {
                case MKDIR -> new JournalRecord.Mkdir(str(body), body.getLong(), str(body));
                case CREATE_FILE -> createFile(body, at, true);
                case CREATE_FILE_UNREPLICATED -> createFile(body, at, false);
                case DELETE -> new JournalRecord.Delete(str(body), body.get() != 0, body.getLong());
                case RENAME -> new JournalRecord.Rename(str(body), str(body), body.getLong());
                case SET_XATTR -> new JournalRecord.SetXAttr(str(body), str(body), bytes(body, at), body.getLong());
                case LEASE -> new JournalRecord.Lease(str(body), str(body), body.getLong(), body.getLong(),
                        readReplicas(body, at));
                case SET_REPLICAS -> new JournalRecord.SetReplicas(str(body), body.getInt(), readReplicas(body, at),
                        readReplicas(body, at), body.getLong());
                default -> throw corrupt(at, "unknown record type " + body.get(0));
            };
            if (body.hasRemaining()) {
                throw corrupt(at, body.remaining() + " bytes after the end of a " + r.getClass().getSimpleName()
                        + " record");
            }
            buf.position(start + FRAME_HEADER + bodyLength);
            return r;
        } catch (BufferUnderflowException e) {
            throw corrupt(at, "the record ends in the middle of a field");
        }
    }

    /** The body of the frame at {@code buf}'s position, once its checksum matches. */
    private static ByteBuffer checkedBody(ByteBuffer buf, long at) throws IOException {
        int start = buf.position();
        int bodyLength = buf.getInt(start);
        int crcStored = buf.getInt(start + 4);
        ByteBuffer body = buf.slice(start + FRAME_HEADER, bodyLength).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        crc.update(body.duplicate());
        if ((int) crc.getValue() != crcStored) {
            throw corrupt(at, "checksum mismatch (stored " + Integer.toHexString(crcStored) + ", computed "
                    + Long.toHexString(crc.getValue()) + ")");
        }
        return body;
    }

    private static JournalRecord.CreateFile createFile(ByteBuffer b, long at, boolean replicated) throws IOException {
        String path = str(b);
        boolean overwrite = b.get() != 0;
        long time = b.getLong();
        String owner = str(b);
        long chunkSize = b.getLong();
        long length = b.getLong();
        JournalRecord.Anchor anchor = replicated ? new JournalRecord.Anchor(str(b), b.getLong())
                : JournalRecord.Anchor.ROOT;
        List<Chunk> chunks = readChunks(b, at, path, chunkSize, length, replicated);
        return new JournalRecord.CreateFile(path, overwrite, time, owner, chunkSize, length, chunks, anchor);
    }

    /** A file's chunk list: {@code u32 count}, then each chunk with its replicas. */
    static void writeChunks(Writer w, List<Chunk> chunks) {
        w.u32(chunks.size());
        for (Chunk k : chunks) {
            w.u8(k.replicas().size());
            for (Replica copy : k.replicas()) {
                w.u16(copy.drive()).u64(copy.objectId());
            }
            w.u64(k.length());
        }
    }

    /**
     * Reads a chunk list written by {@link #writeChunks} (or, if not {@code replicated}, the
     * one-replica form of type 2) and checks it against the file's chunk size and length.
     */
    static List<Chunk> readChunks(ByteBuffer b, long at, String path, long chunkSize, long length, boolean replicated)
            throws IOException {
        int n = b.getInt();
        if (n < 0 || (long) n * 18 > b.remaining()) {
            throw corrupt(at, "file " + path + " claims " + Integer.toUnsignedString(n) + " chunks");
        }
        List<Chunk> chunks = new ArrayList<>(n);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Chunk c = replicated ? replicatedChunk(b, at, path, i) : new Chunk(Short.toUnsignedInt(b.getShort()),
                    b.getLong(), b.getLong());
            boolean last = i == n - 1;
            if (c.length() <= 0 || c.length() > chunkSize || (!last && c.length() != chunkSize)) {
                throw corrupt(at, "file " + path + ": chunk " + i + " holds " + c.length() + " bytes with chunk size "
                        + chunkSize);
            }
            sum += c.length();
            chunks.add(c);
        }
        if (sum != length) {
            throw corrupt(at, "file " + path + " has length " + length + " but its chunks hold " + sum + " bytes");
        }
        return chunks;
    }

    private static Chunk replicatedChunk(ByteBuffer b, long at, String path, int index) throws IOException {
        int count = Byte.toUnsignedInt(b.get());
        if (count == 0) {
            throw corrupt(at, "file " + path + ": chunk " + index + " has no replica");
        }
        List<Replica> replicas = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            replicas.add(new Replica(Short.toUnsignedInt(b.getShort()), b.getLong()));
        }
        return new Chunk(replicas, b.getLong());
    }

    /** A replica list: {@code u32 count, (u16 drive, u64 object_id) each}. */
    static void writeReplicas(Writer w, List<Replica> replicas) {
        w.u32(replicas.size());
        for (Replica r : replicas) {
            w.u16(r.drive()).u64(r.objectId());
        }
    }

    static List<Replica> readReplicas(ByteBuffer b, long at) throws IOException {
        int n = b.getInt();
        if (n < 0 || (long) n * 10 > b.remaining()) {
            throw corrupt(at, "a replica list claims " + Integer.toUnsignedString(n) + " replicas");
        }
        List<Replica> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new Replica(Short.toUnsignedInt(b.getShort()), b.getLong()));
        }
        return out;
    }

    static String str(ByteBuffer b) {
        int n = Short.toUnsignedInt(b.getShort());
        byte[] bytes = new byte[n];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** A value written by {@link Writer#bytes}; {@code at} locates it for the message if its length is wrong. */
    static byte[] bytes(ByteBuffer b, long at) throws IOException {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw corrupt(at, "a value claims " + Integer.toUnsignedString(n) + " bytes, " + b.remaining() + " remain");
        }
        byte[] value = new byte[n];
        b.get(value);
        return value;
    }

    private static IOException corrupt(long at, String what) {
        return new IOException("osd namespace journal is corrupt at offset " + at + ": " + what);
    }

    /** A growable little-endian heap buffer. */
    static final class Writer {
        ByteBuffer buf = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);

        private void room(int n) {
            if (buf.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n))
                        .order(ByteOrder.LITTLE_ENDIAN);
                buf = bigger.put(buf.flip());
            }
        }

        Writer skip(int n) {
            room(n);
            buf.position(buf.position() + n);
            return this;
        }

        Writer u8(int v) {
            room(1);
            buf.put((byte) v);
            return this;
        }

        Writer u16(int v) {
            room(2);
            buf.putShort((short) v);
            return this;
        }

        Writer u32(int v) {
            room(4);
            buf.putInt(v);
            return this;
        }

        Writer u64(long v) {
            room(8);
            buf.putLong(v);
            return this;
        }

        Writer bytes(byte[] value) {
            u32(value.length);
            room(value.length);
            buf.put(value);
            return this;
        }

        Writer str(String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            if (bytes.length > 0xFFFF) {
                throw new IllegalArgumentException("path or name of " + bytes.length + " bytes is over 65535: "
                        + s.substring(0, 64) + "...");
            }
            u16(bytes.length);
            room(bytes.length);
            buf.put(bytes);
            return this;
        }
    }
}
