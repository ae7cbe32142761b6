package dev.ispd.sim.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.zip.CRC32C;

/**
 * The CRC32C of every page of one generation of a DATA object's file, kept in a side file next to
 * it ({@code <id>-<generation>.crc} beside {@code <id>-<generation>.obj}): a 16-byte header (magic
 * {@code ISPDCRC1}, {@code u32} page size, {@code u32} 0), then for page {@code i} at
 * {@code 16 + 8 i}: {@code u32 crc32c}, {@code u32 length} (the bytes of the page it covers; the
 * last page of an object covers up to its size; 0 = no checksum). Little-endian.
 *
 * <p>A write updates data, then checksums, then the size in the metadata log. A page's entry may
 * therefore cover more bytes than the logged size leaves in it (an append interrupted by a crash
 * after its checksums): it is then checked over the bytes it covers, which the file still holds.
 * An overwrite first records the entries it will write in an intent file
 * ({@code <id>-<generation>.intent}: {@code u64} first page, then the entries), removed once they
 * are written; a crash between its data and its checksums leaves each page matching the old entry
 * or the intended one, and {@link #settle} keeps the one it matches at the next start.
 *
 * <p>The side file is opened for each operation (a scan's views keep the entries of their mapped
 * window: {@link CheckedPages}), so an object holds no extra open file.
 */
final class PageChecksums {
    /** Bytes per checksummed page. */
    static final int PAGE = 4096;
    private static final byte[] MAGIC = "ISPDCRC1".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 16;
    private static final int ENTRY = 8;

    private final long objectId;
    private final Path file;
    private final Path intent;

    /** The checksums of {@code dataFile}, which holds object {@code objectId}. */
    PageChecksums(long objectId, Path dataFile) {
        this.objectId = objectId;
        this.file = sideFile(dataFile);
        this.intent = sibling(dataFile, ".intent");
    }

    /** The side file of a data file: its name with {@code .crc} for {@code .obj}. */
    static Path sideFile(Path dataFile) {
        return sibling(dataFile, ".crc");
    }

    private static Path sibling(Path dataFile, String extension) {
        String name = dataFile.getFileName().toString();
        return dataFile.resolveSibling(name.substring(0, name.lastIndexOf('.')) + extension);
    }

    Path file() {
        return file;
    }

    /** Creates (or empties) the side file: the header and no entries, as for an empty object. */
    void create(boolean force) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN).put(MAGIC).putInt(PAGE).putInt(0);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            writeFully(ch, head.flip(), 0);
            if (force) {
                ch.force(false);
            }
        }
    }

    /**
     * Checks the pages holding bytes {@code [offset, offset + length)} of the object ({@code size}
     * bytes in {@code data}). {@code inHand} (or null) holds exactly those bytes, already read: pages
     * wholly inside it are checked there, the others read from {@code data}.
     */
    void verify(FileChannel data, long size, long offset, long length, ByteBuffer inHand) throws IOException {
        if (length > 0) {
            long first = offset / PAGE;
            verify(data, size, offset, length, inHand, entries(first, (offset + length - 1) / PAGE), null);
        }
    }

    /**
     * {@link #verify(FileChannel, long, long, long, ByteBuffer)} against {@code entries} (which
     * hold those of the pages concerned), passing over the pages {@code good} holds (null: none)
     * and adding the ones it checks. Returns the number of pages it checked.
     */
    int verify(FileChannel data, long size, long offset, long length, ByteBuffer inHand, Entries entries, BitSet good)
            throws IOException {
        if (length <= 0) {
            return 0;
        }
        ByteBuffer page = inHand == null ? null : inHand.duplicate(); // moved over each page in turn
        CRC32C crc = new CRC32C();
        int checked = 0;
        for (long k = offset / PAGE, last = (offset + length - 1) / PAGE; k <= last; k++) {
            if (good != null && good.get((int) k)) {
                continue;
            }
            long start = k * PAGE;
            int len = (int) Math.min(PAGE, size - start);
            if (page != null && start >= offset && start + len <= offset + length && entries.covered(k) == len) {
                int at = (int) (inHand.position() + start - offset);
                crc.reset();
                crc.update(page.limit(at + len).position(at));
                check(k, len, (int) crc.getValue(), entries);
            } else {
                verifiedPage(data, size, k, entries);
            }
            if (good != null) {
                good.set((int) k);
            }
            checked++;
        }
        return checked;
    }

    /** The checksum entries to write for {@code data} at {@code offset}; see {@link #prepare}. */
    record Update(long firstPage, ByteBuffer entries) { }

    /**
     * The entries for writing the remaining bytes of {@code data} at {@code offset} of an object of
     * {@code oldSize} bytes in {@code file}, before the write. A page the write covers only in part
     * keeps bytes of the old contents, so that page is checked first (a MediaErrorException leaves
     * it unwritten): new checksums never vouch for damaged bytes.
     */
    Update prepare(FileChannel file, long oldSize, long offset, ByteBuffer data) throws IOException {
        int len = data.remaining();
        long end = offset + len;
        long newSize = Math.max(oldSize, end);
        long first = offset / PAGE;
        long last = len == 0 ? first - 1 : (end - 1) / PAGE;
        ByteBuffer out = ByteBuffer.allocate((int) (last - first + 1) * ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        Entries old = null;
        CRC32C crc = new CRC32C();
        for (long k = first; k <= last; k++) {
            long start = k * PAGE;
            int newLen = (int) Math.min(PAGE, newSize - start);
            boolean keepsOldBytes = start < offset || start + newLen > end;
            crc.reset();
            if (keepsOldBytes) {
                if (old == null) {
                    old = entries(first, last);
                }
                ByteBuffer page = ByteBuffer.allocate(newLen).put(verifiedPage(file, oldSize, k, old));
                int from = (int) Math.max(start, offset);
                int to = (int) Math.min(start + newLen, end);
                page.put((int) (from - start), data, data.position() + (int) (from - offset), to - from);
                crc.update(page.clear());
            } else {
                crc.update(data.slice((int) (data.position() + start - offset), newLen));
            }
            out.putInt((int) crc.getValue()).putInt(newLen);
        }
        return new Update(first, out.flip());
    }

    /** Writes entries {@link #prepare} made. */
    void apply(Update u, boolean force) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            writeFully(ch, u.entries().duplicate(), HEADER + u.firstPage() * ENTRY);
            if (force) {
                ch.force(false);
            }
        } catch (NoSuchFileException e) {
            throw new MediaErrorException(objectId, u.firstPage() * PAGE, "its page checksum file " + file
                    + " is missing");
        }
    }

    /** Before an overwrite's data: records the entries {@link #apply} will write (see the class comment). */
    void intend(Update u, boolean force) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8 + u.entries().remaining()).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(u.firstPage()).put(u.entries().duplicate());
        try (FileChannel ch = FileChannel.open(intent, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            writeFully(ch, b.flip(), 0);
            if (force) {
                ch.force(false);
            }
        }
    }

    /** After an overwrite's checksums: its intent is carried out. */
    void carriedOut() throws IOException {
        Files.deleteIfExists(intent);
    }

    /**
     * At start, for an overwrite a crash interrupted: each page its intent names that holds the new
     * bytes gets the intended entry (a page still holding the old ones matches the old entry), then
     * the intent goes. An intent cut short was written before any data: it is dropped. Returns the
     * pages given their new entry.
     */
    int settle(FileChannel data, boolean force) throws IOException {
        if (!Files.exists(intent)) {
            return 0;
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(intent)).order(ByteOrder.LITTLE_ENDIAN);
        int settled = 0;
        if (b.remaining() >= 8 && (b.remaining() - 8) % ENTRY == 0) {
            long first = b.getLong();
            CRC32C crc = new CRC32C();
            for (int i = 0; b.hasRemaining(); i++) {
                int intended = b.getInt();
                int len = b.getInt();
                ByteBuffer page = ByteBuffer.allocate(len);
                readFully(data, page, (first + i) * PAGE);
                crc.reset();
                crc.update(page.flip());
                if (page.limit() == len && (int) crc.getValue() == intended) {
                    ByteBuffer entry = ByteBuffer.allocate(ENTRY).order(ByteOrder.LITTLE_ENDIAN).putInt(intended)
                            .putInt(len).flip();
                    apply(new Update(first + i, entry), force);
                    settled++;
                }
            }
        }
        Files.delete(intent);
        return settled;
    }

    /**
     * Writes a new side file for the first {@code size} bytes of {@code data} (a file written before
     * checksums); pages the file does not hold get no checksum, so they read as damaged.
     */
    void rebuild(FileChannel data, long size, boolean force) throws IOException {
        create(force);
        long present = Math.min(size, data.size());
        ByteBuffer chunk = ByteBuffer.allocate(256 * PAGE);
        for (long at = 0; at < present; at += chunk.limit()) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), present - at));
            readFully(data, chunk, at);
            apply(prepare(data, at, at, chunk.flip()), force);
        }
    }

    /** The entries of pages {@code first..} (little-endian, as in the side file). */
    record Entries(long first, ByteBuffer bytes) {
        /** Whether these hold the entries of pages {@code from..to}. */
        boolean hold(long from, long to) {
            return from >= first && to < first + bytes.capacity() / ENTRY;
        }

        int crc(long page) {
            return bytes.getInt((int) (page - first) * ENTRY);
        }

        /** The bytes of the page its checksum covers; 0 for no checksum. */
        int covered(long page) {
            return bytes.getInt((int) (page - first) * ENTRY + 4);
        }
    }

    /** Entries of pages {@code first..last}; a page past the side file's end reads as "no checksum". */
    Entries entries(long first, long last) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) (last - first + 1) * ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer head = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, head, 0);
            if (head.position() < HEADER || !head.flip().slice(0, MAGIC.length).equals(ByteBuffer.wrap(MAGIC))
                    || head.getInt(MAGIC.length) != PAGE) {
                throw new MediaErrorException(objectId, first * PAGE, "its page checksum file " + file
                        + " has no valid header");
            }
            readFully(ch, b, HEADER + first * ENTRY);
        } catch (NoSuchFileException e) {
            throw new MediaErrorException(objectId, first * PAGE, "its page checksum file " + file + " is missing");
        }
        return new Entries(first, b.clear());
    }

    /** Reads page {@code k} of an object of {@code size} bytes and checks it; returns its bytes up to the size. */
    private ByteBuffer verifiedPage(FileChannel data, long size, long k, Entries entries) throws IOException {
        long start = k * PAGE;
        int len = (int) Math.min(PAGE, size - start);
        ByteBuffer page = ByteBuffer.allocate(Math.max(len, Math.min(entries.covered(k), PAGE)));
        readFully(data, page, start);
        if (page.hasRemaining()) {
            throw new MediaErrorException(objectId, start, "the data file ends at " + (start + page.position())
                    + ", inside the object's " + size + " bytes");
        }
        CRC32C crc = new CRC32C();
        crc.update(page.flip());
        check(k, page.limit(), (int) crc.getValue(), entries);
        return page.position(0).limit(len);
    }

    private void check(long k, int len, int actual, Entries entries) throws MediaErrorException {
        int stored = entries.crc(k);
        int covered = entries.covered(k);
        if (covered == 0) {
            throw new MediaErrorException(objectId, k * PAGE, "no checksum was written for its " + len + " bytes");
        }
        if (covered != len || stored != actual) {
            throw new MediaErrorException(objectId, k * PAGE, String.format("its %d bytes fail their CRC32C "
                    + "(stored 0x%08x over %d bytes, read 0x%08x)", len, stored, covered, actual));
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.read(b, at);
            if (n < 0) {
                return;
            }
            at += n;
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            at += ch.write(b, at);
        }
    }
}
