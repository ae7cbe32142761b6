package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Units of whole blocks of a column-blocked file, reading only the plan's columns ({@link BlockCutter}). */
class BlockCutterTest {
    /** 16-byte records: a (8 B at 0), b (4 B at 8), c (4 B at 12). */
    private static final Layout L = new Layout("t", 16, List.of(Field.unsigned("a", 0, 8), Field.unsigned("b", 8, 4),
            Field.unsigned("c", 12, 4)));
    /** Blocks of 10 records: 160 bytes. */
    private static final BlockLayout BLOCKS = new BlockLayout(L, 10);

    @Test
    void aUnitPerChunkReadsOnlyThePlansColumnsOfItsBlocksTheLastBlockHoldingTheRest() {
        long length = 16 * 45; // 4 blocks of 10 and one of 5; chunks of 2 blocks
        List<BlockCutter.Unit> units = BlockCutter.cut("f", length, BLOCKS, SplitCutterTest.chunks(length, 320),
                List.of(L.field("c", "test")), 0);
        assertEquals(List.of(20L, 20L, 5L), units.stream().map(BlockCutter.Unit::records).toList());
        // column c of each block: 4 bytes a record at 12 * n from the block's start
        assertEquals(List.of(120L, 280L), units.get(0).pieces().stream().map(SplitPiece::start).toList());
        assertEquals(List.of(40L, 40L), units.get(0).pieces().stream().map(SplitPiece::length).toList());
        SplitPiece last = units.get(2).pieces().get(0);
        assertEquals(640 + 12 * 5, last.start());
        assertEquals(20, last.length());
        assertEquals(List.of(new ChunkExtent(0, 102, 60, 20, 700)), last.extents());
        assertEquals(1, units.get(1).pieces().get(0).drive());
        assertEquals(new SplitPiece(320, 320, 1, List.of(new ChunkExtent(1, 101, 0, 320, 320))), units.get(1).blocks());
        assertEquals(40 + 40 + 40 + 40 + 20, units.stream().mapToLong(BlockCutter.Unit::bytes).sum());
    }

    @Test
    void adjacentColumnsAreOnePieceAndMaxSplitBytesCutsAtBlocks() {
        long length = 16 * 40;
        List<BlockCutter.Unit> units = BlockCutter.cut("f", length, BLOCKS, SplitCutterTest.chunks(length, 640),
                List.of(L.field("b", "test"), L.field("c", "test")), 160 + 100);
        assertEquals(4, units.size(), "at least a block a unit, never part of one");
        for (int u = 0; u < 4; u++) {
            assertEquals(List.of(new SplitPiece(160L * u + 80, 80, 0, List.of(new ChunkExtent(0, 100, 160L * u + 80, 80,
                    160L * u + 80)))), units.get(u).pieces(), "b and c of block " + u + " in one piece");
        }
    }

    @Test
    void aChunkThatDoesNotStartABlockIsRefusedNamingFileAndBlock() {
        long length = 16 * 40;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCutter.cut("osd:///t/f",
                length, BLOCKS, SplitCutterTest.chunks(length, 16 * 15), List.of(L.field("a", "test")), 0));
        assertEquals("osd:///t/f stores its records column-blocked, 10 to a block (160 bytes), but its chunk at byte 240"
                + " does not start a block: a blocked file's chunks hold whole blocks", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BlockCutter.cut("f", 100, BLOCKS, SplitCutterTest.chunks(100, 320),
                List.of(L.field("a", "test")), 0));
    }
}
