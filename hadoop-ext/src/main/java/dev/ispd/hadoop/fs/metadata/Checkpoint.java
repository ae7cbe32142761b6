package dev.ispd.hadoop.fs.metadata;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * A snapshot of the namespace as of a journal position: a new client loads the latest one and
 * replays only the records after {@code position}, so its open time follows the size of the
 * namespace, not the length of its history. Bytes, little-endian: {@code u32 magic "ISCP",
 * u32 crc32c(rest), u64 position, u64 last directory id, u64 entries}, then the tree depth
 * first from the root, each entry {@code u8 kind, str name, str owner, u64 mtime} followed by a
 * directory's {@code u64 id, u32 children} and its children, or a file's {@code u64 chunk size,
 * u64 length} and chunk list (as in {@link JournalCodec}). A file with extended attributes is
 * kind 3, its chunk list followed by {@code u32 count} and per attribute {@code str name, u32
 * length + value bytes}; files without any keep kind 2, so older checkpoints read the same.
 * Writers' leases, if any, follow the tree: {@code u32 count}, then each {@code str path, str
 * holder, u64 until} and its objects as a replica list (a checkpoint without leases ends with the
 * tree, as older ones do).
 */
public record Checkpoint(long position, Namespace namespace, long entries) {
    private static final int MAGIC = 0x50435349; // "ISCP" little-endian
    private static final int HEADER = 8;
    private static final byte DIR = 1;
    private static final byte FILE = 2;
    private static final byte FILE_WITH_XATTRS = 3;

    /** The snapshot of {@code ns} after the journal record ending at {@code position}. */
    public static Checkpoint of(Namespace ns, long position) {
        return new Checkpoint(position, ns, count(ns.root()));
    }

    public ByteBuffer encode() {
        JournalCodec.Writer w = new JournalCodec.Writer();
        w.u32(MAGIC).u32(0).u64(position).u64(namespace.lastDirId()).u64(entries);
        node(w, "", namespace.root());
        if (!namespace.leases().isEmpty()) {
            w.u32(namespace.leases().size());
            namespace.leases().forEach((path, lease) -> {
                w.str(path).str(lease.holder()).u64(lease.untilMs());
                JournalCodec.writeReplicas(w, lease.objects());
            });
        }
        ByteBuffer b = w.buf.flip();
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate().position(HEADER));
        return b.putInt(4, (int) crc.getValue());
    }

    /** Decodes a checkpoint; damaged bytes are an IOException saying where ({@code from} names their origin). */
    public static Checkpoint decode(ByteBuffer bytes, String from) throws IOException {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        try {
            checkHeader(b, from);
            long position = b.getLong();
            long lastDirId = b.getLong();
            long entries = b.getLong();
            if (b.get() != DIR) {
                throw damaged(from, "the root is not a directory");
            }
            JournalCodec.str(b);
            Namespace.Dir root = (Namespace.Dir) node(b, DIR, from);
            Map<String, Namespace.WriterLease> leases = new TreeMap<>();
            for (int i = b.hasRemaining() ? b.getInt() : 0; i > 0; i--) {
                leases.put(JournalCodec.str(b), new Namespace.WriterLease(JournalCodec.str(b), b.getLong(),
                        JournalCodec.readReplicas(b, b.position())));
            }
            if (b.hasRemaining()) {
                throw damaged(from, b.remaining() + " bytes after the tree and leases");
            }
            return new Checkpoint(position, new Namespace(root, lastDirId, leases), entries);
        } catch (BufferUnderflowException e) {
            throw damaged(from, "it ends in the middle of an entry");
        }
    }

    /**
     * The position of the checkpoint in {@code bytes}, once its magic and checksum are checked,
     * without rebuilding its tree (the journal's cut needs only that).
     */
    static long positionOf(ByteBuffer bytes, String from) throws IOException {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        checkHeader(b, from);
        return b.getLong();
    }

    /** The bytes at a checkpoint's start that say its position ({@link #headerPosition}). */
    static final int HEAD = HEADER + 8;

    /**
     * The position in a checkpoint's first {@link #HEAD} bytes, its magic checked but not its
     * checksum (which covers the whole): how a store ranks the checkpoints it keeps without
     * reading them whole. {@link CheckpointRanking#DAMAGED} if they are not a checkpoint's.
     */
    static long headerPosition(ByteBuffer head) {
        ByteBuffer b = head.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < HEAD || b.getInt() != MAGIC) {
            return CheckpointRanking.DAMAGED;
        }
        return b.getLong(b.position() + 4);
    }

    /** Checks the magic and the checksum at {@code b}'s position (left past the header); damage is an IOException. */
    private static void checkHeader(ByteBuffer b, String from) throws IOException {
        if (b.remaining() < HEADER + 8 || b.getInt() != MAGIC) {
            throw damaged(from, "it does not start with the checkpoint magic");
        }
        int stored = b.getInt();
        CRC32C crc = new CRC32C();
        crc.update(b.duplicate());
        if ((int) crc.getValue() != stored) {
            throw damaged(from, "checksum mismatch");
        }
    }

    private static void node(JournalCodec.Writer w, String name, Namespace.Node n) {
        w.u8(kind(n)).str(name).str(n.owner).u64(n.mtimeMs);
        if (n instanceof Namespace.Dir d) {
            w.u64(d.id).u32(d.children.size());
            for (Map.Entry<String, Namespace.Node> c : d.children.entrySet()) {
                node(w, c.getKey(), c.getValue());
            }
        } else {
            Namespace.File f = (Namespace.File) n;
            w.u64(f.chunkSize).u64(f.length);
            JournalCodec.writeChunks(w, f.chunks);
            if (!f.xattrs.isEmpty()) {
                w.u32(f.xattrs.size());
                f.xattrs.forEach((attr, value) -> w.str(attr).bytes(value));
            }
        }
    }

    private static byte kind(Namespace.Node n) {
        if (n instanceof Namespace.File f) {
            return f.xattrs.isEmpty() ? FILE : FILE_WITH_XATTRS;
        }
        return DIR;
    }

    /** The entry after its kind and name. */
    private static Namespace.Node node(ByteBuffer b, byte kind, String from) throws IOException {
        String owner = JournalCodec.str(b);
        long mtime = b.getLong();
        if (kind != DIR) {
            long chunkSize = b.getLong();
            long length = b.getLong();
            List<Chunk> chunks = JournalCodec.readChunks(b, b.position(), "in checkpoint " + from, chunkSize, length,
                    true);
            Map<String, byte[]> xattrs = new TreeMap<>();
            for (int i = kind == FILE_WITH_XATTRS ? b.getInt() : 0; i > 0; i--) {
                xattrs.put(JournalCodec.str(b), JournalCodec.bytes(b, b.position()));
            }
            return new Namespace.File(owner, mtime, chunkSize, length, chunks, xattrs);
        }
        Namespace.Dir d = new Namespace.Dir(b.getLong(), owner, mtime);
        int children = b.getInt();
        for (int i = 0; i < children; i++) {
            byte childKind = b.get();
            if (childKind != DIR && childKind != FILE && childKind != FILE_WITH_XATTRS) {
                throw damaged(from, "unknown entry kind " + childKind);
            }
            String name = JournalCodec.str(b);
            d.children.put(name, node(b, childKind, from));
        }
        return d;
    }

    private static long count(Namespace.Node n) {
        long c = 1;
        if (n instanceof Namespace.Dir d) {
            for (Namespace.Node child : d.children.values()) {
                c += count(child);
            }
        }
        return c;
    }

    private static IOException damaged(String from, String what) {
        return new IOException("osd namespace checkpoint " + from + " is damaged: " + what);
    }
}
