package dev.ispd.plan.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkBuffersTest {
    @Test
    void anArrayGivenBackIsTakenAgainByTheNextExecutionThatFitsInIt() {
        byte[] given = ChunkBuffers.take(1_234_567);
        assertTrue(given.length >= 1_234_567);
        given[0] = 42;
        ChunkBuffers.giveBack(given);

        byte[] again = ChunkBuffers.take(1_234_567);

        assertSame(given, again);
        assertEquals(42, again[0], "its bytes are left as they were: the tasklet reads only what it wrote");
        ChunkBuffers.giveBack(again);
    }

    @Test
    void theSmallestKeptArrayThatIsLargeEnoughIsTaken() {
        byte[] small = new byte[2_000_003];
        byte[] large = new byte[3_000_017];
        ChunkBuffers.giveBack(large);
        ChunkBuffers.giveBack(small);

        assertSame(small, ChunkBuffers.take(2_000_001));
        assertSame(large, ChunkBuffers.take(2_000_005));
        byte[] fresh = ChunkBuffers.take(3_000_019);
        assertNotSame(large, fresh, "none kept is large enough: a new one");
        assertEquals(3_000_019, fresh.length);
    }

    @Test
    void atMostKeptArraysWaitAndTheLargestAreTheOnesKept() {
        List<byte[]> given = new ArrayList<>();
        for (int i = 0; i <= ChunkBuffers.KEPT; i++) {
            given.add(new byte[4_000_000 + 1_000 * i]); // the first given is the smallest
        }
        given.forEach(ChunkBuffers::giveBack);

        List<byte[]> taken = new ArrayList<>();
        for (int i = 0; i <= ChunkBuffers.KEPT; i++) {
            taken.add(ChunkBuffers.take(4_000_000));
        }

        long kept = taken.stream().filter(b -> given.stream().anyMatch(g -> g == b)).count();
        assertEquals(ChunkBuffers.KEPT, kept, "as many as are kept come back");
        assertFalse(taken.stream().anyMatch(b -> b == given.get(0)), "the smallest given back is the one not kept");
    }

    @Test
    void anArrayOverAPagesLargestSizeIsNotKept() {
        byte[] huge = new byte[ColumnChunkPages.MAX_PAGE_BYTES + 1];
        ChunkBuffers.giveBack(huge);

        assertNotSame(huge, ChunkBuffers.take(ColumnChunkPages.MAX_PAGE_BYTES + 1));
    }
}
