package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InputGeometryTest {
    @Test
    void pagesAreCountedFromTheStartOfTheRecordsChunk() {
        InputGeometry g = new InputGeometry(8192, 20_000, 1, 0);
        assertEquals(0, g.pageAddress(8191));
        assertEquals(8192, g.pageAddress(8192));
        assertEquals(16384, g.pageAddress(19_980));
        assertEquals(20_000, g.pageAddress(20_000), "a chunk starts a page");
        assertEquals(28_192, g.pageAddress(28_200));
    }

    @Test
    void wholePageChunksHoldWholeEntriesAndWholePages() {
        assertEquals(8L << 20, InputGeometry.wholePageChunkSize(8L << 20, 256, 8192));
        assertEquals(204 * 40_960L, InputGeometry.wholePageChunkSize(8L << 20, 20, 8192));
        assertEquals(40_960, InputGeometry.wholePageChunkSize(100, 20, 8192), "at least one whole unit");
    }
}
