package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.fs.ChunkExtent;
import dev.ispd.hadoop.schedule.Baseline;
import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.hadoop.schedule.Decision;
import dev.ispd.hadoop.schedule.Placement;
import dev.ispd.protocol.Extent;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class SplitLayoutTest {
    static DeviceInputSplit split(long start, long length, int recordSize, int drive, List<ChunkExtent> extents,
            Placement placement) {
        return withFile(new Path("osd:///wc/data"), start, length, recordSize, drive, "unix:/tmp/d0.sock", extents,
                placement);
    }

    /** A split with the smartssd-2013 profile's geometry (8 KiB pages, 128 per batch, SATA 2 link). */
    static DeviceInputSplit withFile(Path file, long start, long length, int recordSize, int drive, String address,
            List<ChunkExtent> extents, Placement placement) {
        return new DeviceInputSplit(file, List.of(new SplitPiece(start, length, drive, extents)), recordSize, drive,
                new DeviceInputSplit.DriveGeometry(address, "node1", 8192, 128, 300_000_000L, 215_000),
                new Decision(7, drive, placement, new Cost(1000, 2000), new Cost(300, 400), "fastest", "test",
                new Baseline(new Cost(900, 1500), new Cost(200, 300))));
    }

    @Test
    void wholeRecordsInTheDrivesChunkGoToTheDriveTheStraddlingOneToTheHost() {
        // records of 20 B; chunk 100 holds file bytes [4000, 8196), chunk 101 on the same drive the rest
        DeviceInputSplit s = split(4000, 4200, 20, 0,
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
        DeviceInputSplit s = split(0, 200, 20, 1,
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
        DeviceInputSplit s = new DeviceInputSplit(new Path("osd:///wc/data"), List.of(first, third), 20, 0,
                new DeviceInputSplit.DriveGeometry("unix:/tmp/d0.sock", "node1", 8192, 128, 300_000_000L, 215_000),
                new Decision(0, 0, Placement.DEVICE, new Cost(1, 1), new Cost(1, 1), "fastest", "test",
                        new Baseline(new Cost(1, 1), new Cost(1, 1))));
        SplitLayout layout = SplitLayout.of(s);
        assertEquals(List.of(new Extent(100, 0, 4180), new Extent(102, 8, 4180)), layout.deviceExtents());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 4180, 20), new Extent(ResultOrigin.FILE_OBJECT, 12580, 8)),
                layout.hostRanges());
        assertEquals(Map.of(100L, 0L, 102L, 8392L), layout.objectStarts());
        assertEquals(List.of(new Extent(ResultOrigin.FILE_OBJECT, 0, 4200), new Extent(ResultOrigin.FILE_OBJECT, 8400, 4188)),
                SplitLayout.wholeSplit(s));
        assertEquals(8388, s.getLength());
    }
}
