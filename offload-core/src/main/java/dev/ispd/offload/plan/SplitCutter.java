package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts one file into pieces of whole records. A piece holds the records that start inside one
 * chunk (at most {@code maxSplitBytes} of them at a time), so it belongs to that chunk's drive; a
 * record that runs past the chunk's end keeps its bytes in the next chunk, which the piece's
 * extents then include (the reader runs such straddling records on the host: no drive holds
 * them whole).
 */
public final class SplitCutter {
    private SplitCutter() {
    }

    /**
     * @param chunks the chunks of the whole file, in file order (OsdFileSystem.locate(file, 0, length))
     * @param recordSize bytes per record, or 0 for data without records (cut anywhere)
     * @param maxSplitBytes largest split, or 0 for one split per chunk
     */
    public static List<SplitPiece> cut(String file, long fileLength, int recordSize, List<ChunkExtent> chunks, long maxSplitBytes) {
        int rs = Math.max(1, recordSize);
        if (fileLength % rs != 0) {
            throw new IllegalArgumentException(file + " is " + fileLength + " bytes, not a whole number of " + rs
                    + "-byte records");
        }
        List<SplitPiece> pieces = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkExtent c = chunks.get(i);
            long first = alignUp(c.fileOffset(), rs);
            long end = Math.min(fileLength, alignUp(c.fileOffset() + c.length(), rs));
            long step = maxSplitBytes <= 0 ? end - first : Math.max(rs, maxSplitBytes / rs * rs);
            for (long s = first; s < end; s += step) {
                long e = Math.min(end, s + step);
                pieces.add(new SplitPiece(s, e - s, c.drive(), clip(chunks, i, s, e)));
            }
        }
        return pieces;
    }

    /** The parts of the chunks from index {@code from} on that lie in [start, end), with every replica. */
    static List<ChunkExtent> clip(List<ChunkExtent> chunks, int from, long start, long end) {
        List<ChunkExtent> out = new ArrayList<>(2);
        for (int i = from; i < chunks.size() && chunks.get(i).fileOffset() < end; i++) {
            ChunkExtent c = chunks.get(i);
            long s = Math.max(start, c.fileOffset());
            long e = Math.min(end, c.fileOffset() + c.length());
            if (e > s) {
                out.add(c.clip(s, e));
            }
        }
        return out;
    }

    public static long alignUp(long offset, int recordSize) {
        return (offset + recordSize - 1) / recordSize * recordSize;
    }

    public static long alignDown(long offset, int recordSize) {
        return offset / recordSize * recordSize;
    }
}
