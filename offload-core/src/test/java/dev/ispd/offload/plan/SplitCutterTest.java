package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.storage.ChunkExtent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SplitCutterTest {
    /** Chunks of {@code chunkSize} bytes alternating over two drives, object ids 100 + index. */
    static List<ChunkExtent> chunks(long fileLength, long chunkSize) {
        List<ChunkExtent> out = new ArrayList<>();
        for (long off = 0, i = 0; off < fileLength; off += chunkSize, i++) {
            out.add(new ChunkExtent((int) (i % 2), 100 + i, 0, Math.min(chunkSize, fileLength - off), off));
        }
        return out;
    }

    @Test
    void splitsHoldTheRecordsStartingInEachChunkAndCoverTheFileOnce() {
        long length = 20 * 1000;
        List<SplitPiece> pieces = SplitCutter.cut("f", length, 20, chunks(length, 4096), 0);
        long expectedStart = 0;
        for (SplitPiece p : pieces) {
            assertEquals(expectedStart, p.start(), "splits are contiguous");
            assertEquals(0, p.start() % 20, "a split starts on a record");
            assertEquals(0, p.length() % 20, "a split holds whole records");
            assertEquals(p.length(), p.extents().stream().mapToLong(ChunkExtent::length).sum());
            assertEquals(p.drive(), p.extents().get(0).drive(), "the split's drive holds its first bytes");
            expectedStart += p.length();
        }
        assertEquals(length, expectedStart);
        // 4096 is not a multiple of 20: the record at 4080..4100 runs into the second chunk
        SplitPiece first = pieces.get(0);
        assertEquals(4100, first.length());
        assertEquals(List.of(new ChunkExtent(0, 100, 0, 4096, 0), new ChunkExtent(1, 101, 0, 4, 4096)), first.extents());
        assertEquals(4100, pieces.get(1).start());
        assertEquals(new ChunkExtent(1, 101, 4, 4092, 4100), pieces.get(1).extents().get(0));
    }

    @Test
    void maxSplitBytesCutsAChunkIntoSeveralSplitsOfWholeRecords() {
        long length = 256 * 100;
        List<SplitPiece> pieces = SplitCutter.cut("f", length, 256, chunks(length, 256 * 40), 256 * 15 + 7);
        assertEquals(List.of(0L, 3840L, 7680L, 10240L, 14080L, 17920L, 20480L, 24320L),
                pieces.stream().map(SplitPiece::start).toList());
        assertTrue(pieces.stream().allMatch(p -> p.length() % 256 == 0 && p.extents().size() == 1));
    }

    @Test
    void aFileOfPartialRecordsIsRejectedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SplitCutter.cut("osd:///wc/day6", 1010, 20, chunks(1010, 4096), 0));
        assertEquals("osd:///wc/day6 is 1010 bytes, not a whole number of 20-byte records", e.getMessage());
    }
}
