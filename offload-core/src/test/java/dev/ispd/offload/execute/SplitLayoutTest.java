package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.offload.plan.DriveGeometry;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPiece;
import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.protocol.Extent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class SplitLayoutTest {
    public static PlannedSplit split(long start, long length, int recordSize, int drive, List<ChunkExtent> extents,
            Placement placement) {
        return withFile("osd:///wc/data", start, length, recordSize, drive, "unix:/tmp/d0.sock", extents,
                placement);
    }

    /** A split with the smartssd-2013 profile's geometry (8 KiB pages, 128 per batch, SATA 2 link). */
    public static PlannedSplit withFile(String file, long start, long length, int recordSize, int drive, String address,
            List<ChunkExtent> extents, Placement placement) {
        return new PlannedSplit(file, List.of(new SplitPiece(start, length, drive, extents)), recordSize, drive,
                new DriveGeometry(address, "node1", 8192, 128, 300_000_000L, 215_000),
                new Decision(7, drive, placement, new Cost(1000, 2000), new Cost(300, 400), "fastest", "test",
                new Baseline(new Cost(900, 1500), new Cost(200, 300), new Cost(250, 350))), 0);
    }

    /** A DEVICE split of all of {@code input}'s bytes, records of {@code recordSize}, on its drive. */
    static PlannedSplit wholeObject(BytesOnADrive input, int recordSize) {
        int length = input.data().length;
        return withFile("osd:///wc", 0, length, recordSize, 0, input.drives().address(0),
                List.of(new ChunkExtent(0, input.object(), 0, length, 0)), Placement.DEVICE);
    }

    @Test
    void wholeRecordsInTheDrivesChunkGoToTheDriveTheStraddlingOneToTheHost() {
        // records of 20 B; chunk 100 holds file bytes [4000, 8196), chunk 101 on the same drive the rest
        PlannedSplit s = split(4000, 4200, 20, 0,
                List.of(new ChunkExtent(0, 100, 4000, 4196, 4000), new ChunkExtent(0, 101, 0, 4, 8196)),
                Placement.DEVICE);
        SplitLayout layout = SplitLayout.of(s);
        assertEquals(List.of(new Extent(100, 4000, 4180)), layout.deviceExtents());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 8180, 20)), layout.hostRanges());
        assertEquals(Map.of(100L, 0L), layout.objectStarts());
        assertEquals(4180, layout.deviceBytes());
    }

    @Test
    void chunksOnAnotherDriveAreReadByTheHost() {
        PlannedSplit s = split(0, 200, 20, 1,
                List.of(new ChunkExtent(0, 5, 0, 100, 0), new ChunkExtent(1, 9, 0, 100, 100)), Placement.DEVICE);
        SplitLayout layout = SplitLayout.of(s);
        assertEquals(List.of(new Extent(9, 0, 100)), layout.deviceExtents());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 0, 100)), layout.hostRanges());
        assertEquals(Map.of(9L, 100L), layout.objectStarts());
    }

    @Test
    void aGroupedSplitScansEachPiecesWholeRecordsOnItsDriveAndTheStraddlersOnTheHost() {
        // 20 B records, 4196-byte chunks alternating drives 0, 1, 0: the split groups drive 0's pieces
        SplitPiece first = new SplitPiece(0, 4200, 0,
                List.of(new ChunkExtent(0, 100, 0, 4196, 0), new ChunkExtent(1, 101, 0, 4, 4196)));
        SplitPiece third = new SplitPiece(8400, 4188, 0, List.of(new ChunkExtent(0, 102, 8, 4188, 8400)));
        PlannedSplit s = new PlannedSplit("osd:///wc/data", List.of(first, third), 20, 0,
                new DriveGeometry("unix:/tmp/d0.sock", "node1", 8192, 128, 300_000_000L, 215_000),
                new Decision(0, 0, Placement.DEVICE, new Cost(1, 1), new Cost(1, 1), "fastest", "test",
                        new Baseline(new Cost(1, 1), new Cost(1, 1), new Cost(1, 1))), 0);
        SplitLayout layout = SplitLayout.of(s);
        assertEquals(List.of(new Extent(100, 0, 4180), new Extent(102, 8, 4180)), layout.deviceExtents());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 4180, 20), new Extent(ResultOrigin.FILE_OBJECT, 12580, 8)),
                layout.hostRanges());
        assertEquals(Map.of(100L, 0L, 102L, 8392L), layout.objectStarts());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 0, 4200), new Extent(ResultOrigin.FILE_OBJECT, 8400, 4188)),
                SplitLayout.wholeSplit(s));
        assertEquals(8388, s.length());
    }
}
