package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.fs.ChunkExtent;
import dev.ispd.hadoop.schedule.Placement;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceInputSplitTest {
    @Test
    void roundTripsThroughWritable() throws IOException {
        DeviceInputSplit s = SplitLayoutTest.split(4000, 4200, 20, 0,
                List.of(new ChunkExtent(0, 100, 4000, 4196, 4000), new ChunkExtent(0, 101, 0, 4, 8196)),
                Placement.DEVICE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.write(new DataOutputStream(bytes));
        DeviceInputSplit back = new DeviceInputSplit();
        back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));

        assertEquals(s.file(), back.file());
        assertEquals(s.start(), back.start());
        assertEquals(s.getLength(), back.getLength());
        assertEquals(s.recordSize(), back.recordSize());
        assertEquals(s.drive(), back.drive());
        assertEquals(s.geometry(), back.geometry());
        assertEquals(s.pieces(), back.pieces());
        assertEquals(s.decision(), back.decision());
        assertArrayEquals(new String[] {"node1"}, back.getLocations());
        assertEquals(bytes.size(), serialized(back).length, "small and stable: the same bytes again");
    }

    @Test
    void aGroupedSplitRoundTripsWithItsPieces() throws IOException {
        DeviceInputSplit one = SplitLayoutTest.split(0, 4200, 20, 0, List.of(new ChunkExtent(0, 100, 0, 4200, 0)),
                Placement.DEVICE);
        DeviceInputSplit s = new DeviceInputSplit(one.file(), List.of(one.pieces().get(0),
                new SplitPiece(8400, 4200, 0, List.of(new ChunkExtent(0, 102, 0, 4200, 8400)))), 20, 0, one.geometry(),
                one.decision());
        DeviceInputSplit back = new DeviceInputSplit();
        back.readFields(new DataInputStream(new ByteArrayInputStream(serialized(s))));
        assertEquals(s.pieces(), back.pieces());
        assertEquals(8400, back.getLength());
        assertEquals(0, back.start());
    }

    private static byte[] serialized(DeviceInputSplit s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.write(new DataOutputStream(bytes));
        return bytes.toByteArray();
    }
}
