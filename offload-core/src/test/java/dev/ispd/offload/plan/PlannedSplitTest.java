package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.execute.SplitLayoutTest;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.Replica;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** Both forms of a planned split carry everything an executor needs. */
class PlannedSplitTest {
    private static final PlannedSplit SPLIT = SplitLayoutTest.split(4000, 4200, 20, 0,
            List.of(new ChunkExtent(0, 100, 4000, 4196, 4000), new ChunkExtent(0, 101, 0, 4, 8196)),
            Placement.DEVICE).withTaskletInstance(77);

    @Test
    void roundTripsThroughTheCompactForm() throws IOException {
        PlannedSplit back = PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(SPLIT))));
        assertSame(SPLIT, back);
        assertEquals(compact(SPLIT).length, compact(back).length, "small and stable: the same bytes again");
    }

    @Test
    void roundTripsThroughJavaSerialization() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(SPLIT);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertSame(SPLIT, (PlannedSplit) in.readObject());
        }
    }

    @Test
    void aGroupedSplitRoundTripsWithItsPieces() throws IOException {
        PlannedSplit one = SplitLayoutTest.split(0, 4200, 20, 0, List.of(new ChunkExtent(0, 100, 0, 4200, 0)),
                Placement.DEVICE);
        PlannedSplit s = new PlannedSplit(one.file(), List.of(one.pieces().get(0),
                new SplitPiece(8400, 4200, 0, List.of(new ChunkExtent(0, 102, 0, 4200, 8400)))), 20, 0, one.geometry(),
                one.decision(), 0);
        PlannedSplit back = PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(s))));
        assertEquals(s.pieces(), back.pieces());
        assertEquals(8400, back.length());
        assertEquals(0, back.start());
    }

    @Test
    void aParquetSplitKeepsItsRowGroupAndCounts() throws IOException {
        ParquetSource source = new ParquetSource(SPLIT.file(), List.of(new ParquetColumn("id", PrimitiveTypeName.INT64,
                0, false, ParquetColumn.Conversion.INT64)), List.of(new ParquetRowGroup(2, 1000,
                List.of(new ParquetRowGroup.Chunk(1, 4000, 200, 500)), 300, 250)));
        for (ParquetSplit parquet : List.of(new ParquetSplit(source, 3, 17, 2, 1),
                new ParquetSplit(source, 0, 0, 0, 0))) {
            PlannedSplit s = new PlannedSplit(SPLIT.file(), SPLIT.pieces(), 0, SPLIT.drive(), SPLIT.geometry(),
                    SPLIT.decision(), 0, Map.of(), parquet);
            assertEquals(parquet, PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(s)))).parquet());
        }
    }

    @Test
    void aBlockedSplitKeepsItsBlocksAsRuntimeParametersThroughBothFormsAndOnAReplica() throws Exception {
        PlannedSplit s = new PlannedSplit(SPLIT.file(), SPLIT.pieces(), 0, SPLIT.drive(), SPLIT.geometry(),
                SPLIT.decision(), 0, Map.of(2, "tcp:10.0.0.3:7070"), null, new BlockedSplit(1000, 2500));
        PlannedSplit back = PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(s))));
        assertEquals(new BlockedSplit(1000, 2500), back.blocked());
        assertEquals(Map.of("block", "1000", "records", "2500"), back.runtimeParams().asMap());
        assertEquals(back.blocked(), back.withTaskletInstance(5).blocked());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(s.onReplica(2));
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(new BlockedSplit(1000, 2500), ((PlannedSplit) in.readObject()).blocked());
        }
        assertEquals(null, PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(SPLIT)))).blocked());
    }

    @Test
    void aReplicatedSplitKeepsItsReplicasAndRunsOnOne() throws IOException {
        PlannedSplit one = SplitLayoutTest.split(0, 4200, 20, 0, List.of(new ChunkExtent(
                List.of(new Replica(0, 100), new Replica(2, 300)), 0, 4200, 0)), Placement.DEVICE);
        PlannedSplit s = new PlannedSplit(one.file(), one.pieces(), 20, 0, one.geometry(), one.decision(), 77,
                Map.of(2, "tcp:10.0.0.3:7070"));
        PlannedSplit back = PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(compact(s))));
        assertSame(s, back);
        assertEquals(Map.of(2, "tcp:10.0.0.3:7070"), back.replicaAddresses());

        PlannedSplit moved = back.onReplica(2);
        assertEquals(2, moved.drive());
        assertEquals("tcp:10.0.0.3:7070", moved.driveAddress());
        assertEquals(300, moved.pieces().get(0).extents().get(0).objectId(), "the replica's object");
        assertEquals(0, moved.taskletInstance(), "the job's instance is on drive 0 only");
        assertEquals(Map.of(0, one.driveAddress()), moved.replicaAddresses());
        assertThrows(IllegalArgumentException.class, () -> back.onReplica(1));
    }

    @Test
    void aCorruptCountNamesTheFile() throws IOException {
        byte[] bytes = compact(SPLIT);
        int pieceCount = 4 + SPLIT.file().length() + 4 + 4 + 4 + SPLIT.driveAddress().length() + 4
                + SPLIT.host().length() + 4 + 4 + 8 + 8;
        bytes[pieceCount] = (byte) 0x80; // a negative count
        IOException e = assertThrows(IOException.class,
                () -> PlannedSplit.read(new DataInputStream(new ByteArrayInputStream(bytes))));
        assertTrue(e.getMessage().startsWith("split of " + SPLIT.file() + ": corrupt piece count"), e.getMessage());
    }

    private static void assertSame(PlannedSplit expected, PlannedSplit actual) {
        assertEquals(expected.file(), actual.file());
        assertEquals(expected.pieces(), actual.pieces());
        assertEquals(expected.recordSize(), actual.recordSize());
        assertEquals(expected.drive(), actual.drive());
        assertEquals(expected.geometry(), actual.geometry());
        assertEquals(expected.decision(), actual.decision());
        assertEquals(expected.taskletInstance(), actual.taskletInstance());
        assertEquals(expected.replicaAddresses(), actual.replicaAddresses());
    }

    private static byte[] compact(PlannedSplit s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.write(new DataOutputStream(bytes));
        return bytes.toByteArray();
    }
}
