package dev.ispd.sim.store;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Logger;
import java.util.zip.CRC32C;

/**
 * The append-only log of metadata changes of one drive's objects. After an 8-byte file magic,
 * each record is {@code u32 length, u32 crc32c, u8 type, body} (little-endian; length counts
 * type and body; the CRC covers length, type and body).
 *
 * <p>A crash can tear only the record being appended, the last one, and a torn record is always
 * short: its header or body ends before the file does, or the file ends in zeros (a size change
 * that reached the disk before the bytes). Replay drops such a tail and truncates the file there;
 * the operation it records was never acknowledged. A record that is complete but fails its CRC,
 * or does not decode, is damage wherever it lies (even last: it may be an acknowledged DELETE),
 * and opening fails naming the offset, unless a {@link Quarantine} is given: then the whole log is
 * copied into it and replay keeps the records before the damage.
 */
final class MetadataLog implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(MetadataLog.class.getName());
    private static final byte[] MAGIC = "ISPDLOG1".getBytes(StandardCharsets.US_ASCII);
    private static final int HEAD = 8;
    /** Largest record: a tasklet definition with 64 parameters of 1 KiB keys and values, with room to spare. */
    static final int MAX_RECORD = 256 * 1024;

    private final Path file;
    private final Durability durability;
    private final ByteBuffer out = ByteBuffer.allocate(HEAD + MAX_RECORD).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private FileChannel ch;
    private long end;
    private long droppedTailBytes;

    private MetadataLog(Path file, Durability durability) {
        this.file = file;
        this.durability = durability;
    }

    /**
     * Opens (creating if absent) the log, passes every valid record to {@code replay} in order,
     * drops a torn tail, and leaves the log ready for appends. Damage fails unless {@code salvage}
     * (may be null) is given, as the class comment says.
     */
    static MetadataLog open(Path file, Durability durability, Consumer<LogRecord> replay, Quarantine salvage)
            throws IOException {
        if (!Files.exists(file)) {
            writeFresh(file, List.of());
        }
        MetadataLog log = new MetadataLog(file, durability);
        log.ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            log.replay(replay, salvage);
        } catch (IOException | RuntimeException e) {
            log.ch.close();
            throw e;
        }
        return log;
    }

    /** Bytes in the log file. */
    synchronized long size() {
        return end;
    }

    /** Bytes of a torn tail dropped when the log was opened (0 if none). */
    long droppedTailBytes() {
        return droppedTailBytes;
    }

    /** Appends one record; with {@link Durability#FSYNC} it is on disk when this returns. */
    synchronized void append(LogRecord r) throws IOException {
        encode(r, out.clear());
        out.flip();
        try {
            for (long at = end; out.hasRemaining(); ) {
                at += ch.write(out, at);
            }
            if (durability == Durability.FSYNC) {
                ch.force(false);
            }
        } catch (IOException e) {
            ch.truncate(end); // leave no partial record for a later append to follow
            throw e;
        }
        end += out.limit();
    }

    /** Replaces the log by one holding only {@code live} (atomically, by rename), and appends after it. */
    synchronized void compact(List<LogRecord> live) throws IOException {
        long before = end;
        ch.close();
        writeFresh(file, live);
        ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        end = ch.size();
        LOG.info("compacted metadata log " + file + " from " + before + " to " + end + " bytes");
    }

    /** Writes a complete log to a temporary file, forces it, and renames it over {@code file}. */
    private static void writeFresh(Path file, List<LogRecord> records) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ByteBuffer buf = ByteBuffer.allocate(HEAD + MAX_RECORD).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        try (FileChannel t = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            writeFully(t, ByteBuffer.wrap(MAGIC));
            for (LogRecord r : records) {
                encode(r, buf.clear(), crc);
                writeFully(t, buf.flip());
            }
            t.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceDirectory(file.toAbsolutePath().getParent());
    }

    private void replay(Consumer<LogRecord> sink, Quarantine salvage) throws IOException {
        long fileSize = ch.size();
        ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
        readAt(magic, 0);
        if (magic.position() < MAGIC.length || !magic.flip().equals(ByteBuffer.wrap(MAGIC))) {
            throw new IOException(file + " is not an ispd metadata log (bad magic)");
        }
        ByteBuffer in = ByteBuffer.allocate(HEAD + MAX_RECORD).order(ByteOrder.LITTLE_ENDIAN);
        long p = MAGIC.length;
        while (p < fileSize) {
            String torn = null;
            String damage = null;
            in.clear().limit(HEAD);
            readAt(in, p);
            long len = in.position() < HEAD ? -1 : in.getInt(0) & 0xFFFF_FFFFL;
            if (len < 0) {
                torn = "a partial record header";
            } else if (len < 1 || len > MAX_RECORD) {
                if (zerosFrom(p, fileSize)) {
                    torn = "a zero-filled tail";
                } else {
                    damage = "record length " + len + " is outside [1, " + MAX_RECORD + "]";
                }
            } else if (p + HEAD + len > fileSize) {
                torn = "a record cut short";
            } else {
                in.limit((int) (HEAD + len));
                readAt(in, p + HEAD);
                if (crcOf(in, (int) len, crc) != in.getInt(4)) {
                    damage = "CRC mismatch in a complete record of " + len + " bytes followed by "
                            + (fileSize - p - HEAD - len) + " more bytes";
                } else {
                    try {
                        sink.accept(LogRecord.decode(in.get(HEAD) & 0xFF, in.position(HEAD + 1)));
                    } catch (BufferUnderflowException | IllegalArgumentException e) {
                        damage = "record does not decode: " + e;
                    }
                }
            }
            if (damage != null && salvage == null) {
                throw new IOException("metadata log " + file + " is damaged at offset " + p + ": " + damage
                        + "; refusing to start rather than undo acknowledged changes (--recover quarantine "
                        + "starts with the records before it and moves what they do not account for aside)");
            }
            if (damage != null) {
                salvage.copy(file, "damaged at offset " + p + ": " + damage);
                LOG.warning("metadata log " + file + ": keeping the " + p + " bytes before the damage at offset " + p);
            } else if (torn != null) {
                LOG.warning("metadata log " + file + ": dropping " + (fileSize - p) + " bytes of " + torn
                        + " at offset " + p + " (an append interrupted by a crash, never acknowledged)");
            }
            if (damage != null || torn != null) {
                droppedTailBytes = fileSize - p;
                ch.truncate(p);
                ch.force(true);
                break;
            }
            p += HEAD + len;
        }
        end = Math.min(p, ch.size());
    }

    private boolean zerosFrom(long p, long fileSize) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(64 * 1024);
        for (long at = p; at < fileSize; ) {
            b.clear();
            int n = ch.read(b, at);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                if (b.get(i) != 0) {
                    return false;
                }
            }
            at += n;
        }
        return true;
    }

    private void readAt(ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.read(b, at);
            if (n < 0) {
                return;
            }
            at += n;
        }
    }

    private void encode(LogRecord r, ByteBuffer buf) {
        encode(r, buf, crc);
    }

    private static void encode(LogRecord r, ByteBuffer buf, CRC32C crc) {
        buf.position(HEAD);
        buf.put((byte) r.type());
        r.encodeBody(buf);
        int len = buf.position() - HEAD;
        buf.putInt(0, len);
        buf.putInt(4, crcOf(buf, len, crc));
    }

    /** CRC32C over the length field and the {@code len} bytes of type and body. */
    private static int crcOf(ByteBuffer buf, int len, CRC32C crc) {
        crc.reset();
        crc.update(buf.array(), buf.arrayOffset(), 4);
        crc.update(buf.array(), buf.arrayOffset() + HEAD, len);
        return (int) crc.getValue();
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** Forces a directory's entries (a created, renamed or deleted file) to disk. */
    static void forceDirectory(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        ch.close();
    }
}
