package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Records written in rows come out as {@link BlockLayout}'s blocks, the last holding the rest. */
class BlockedOutputTest {
    /** 6-byte records: a (4 B), b (2 B). */
    private static final Layout L = new Layout("t", 6, List.of(Field.unsigned("a", 0, 4), Field.unsigned("b", 4, 2)));

    @Test
    void recordsWrittenInAnyPiecesComeOutAsBlocksTheLastHoldingTheRest() throws IOException {
        BlockLayout blocks = new BlockLayout(L, 4);
        byte[] rows = new byte[6 * 10];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = (byte) i;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BlockedOutput blocked = new BlockedOutput(out, blocks);
        blocked.write(rows, 0, 7); // pieces that cut records and blocks
        blocked.write(rows[7]);
        blocked.write(rows, 8, rows.length - 8);
        blocked.finish();

        ByteBuffer expected = ByteBuffer.allocate(rows.length);
        blocks.toBlock(ByteBuffer.wrap(rows), 0, 4, expected);
        blocks.toBlock(ByteBuffer.wrap(rows), 24, 4, expected);
        blocks.toBlock(ByteBuffer.wrap(rows), 48, 2, expected);
        assertArrayEquals(expected.array(), out.toByteArray());
        // block 2 holds records 8 and 9: a of both, then b of both
        assertArrayEquals(new byte[] {48, 49, 50, 51, 54, 55, 56, 57, 52, 53, 58, 59},
                Arrays.copyOfRange(out.toByteArray(), 48, 60));
    }

    @Test
    void partOfARecordLeftAtTheEndIsRefusedNamingTheLayout() throws IOException {
        BlockedOutput blocked = new BlockedOutput(new ByteArrayOutputStream(), new BlockLayout(L, 4));
        blocked.write(new byte[8], 0, 8);
        IllegalStateException e = assertThrows(IllegalStateException.class, blocked::finish);
        assertEquals("the last block holds 8 bytes, not whole 6-byte records of layout t", e.getMessage());
    }
}
