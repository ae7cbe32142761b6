package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

class JournalCodecTest {
    private static final List<JournalRecord> RECORDS = List.of(
            new JournalRecord.Mkdir("/a/b", 1_700_000_000_000L, "alice"),
            new JournalRecord.CreateFile("/a/b/f\u00e9", true, 5L, "bob", 1024, 2100,
                    List.of(new Chunk(0, 7, 1024), new Chunk(1, 1L << 40, 1024), new Chunk(2, -5L, 52)),
                    new JournalRecord.Anchor("/a", 3)),
            new JournalRecord.CreateFile("/r/f", false, 5L, "bob", 1024, 1030,
                    List.of(new Chunk(List.of(new Replica(0, 7), new Replica(2, 9), new Replica(1, 4)), 1024),
                            new Chunk(List.of(new Replica(1, 1L << 40), new Replica(0, -2L)), 6)),
                    JournalRecord.Anchor.ROOT),
            new JournalRecord.CreateFile("/empty", false, 6L, "bob", 4096, 0, List.of(), JournalRecord.Anchor.ROOT),
            new JournalRecord.Delete("/a", true, 8L),
            new JournalRecord.Rename("/x", "/y/z", 9L),
            new JournalRecord.Lease("/w/part-0", "alice@12@node1#3", 10L, 60_010L,
                    List.of(new Replica(0, 11), new Replica(2, 1L << 50))),
            new JournalRecord.Lease("/w/part-0", "alice@12@node1#3", 11L, 11L, List.of()),
            new JournalRecord.SetReplicas("/r/f", 1, List.of(new Replica(1, 1L << 40), new Replica(0, -2L)),
                    List.of(new Replica(1, 1L << 40), new Replica(2, 77)), 12L));

    @Test
    void everyRecordRoundTripsAndFramesFollowEachOther() throws IOException {
        ByteBuffer journal = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        for (JournalRecord r : RECORDS) {
            journal.put(JournalCodec.encode(r));
        }
        journal.flip();
        long at = 0;
        for (JournalRecord r : RECORDS) {
            long frame = JournalCodec.frameLength(journal);
            assertEquals(r, JournalCodec.decode(journal, at));
            at += frame;
        }
        assertEquals(-1, JournalCodec.frameLength(journal), "nothing left");
    }

    @Test
    void aFlippedBitIsCaughtByTheChecksumAndNamesTheOffset() {
        ByteBuffer frame = JournalCodec.encode(RECORDS.get(0));
        ByteBuffer copy = ByteBuffer.allocate(frame.remaining()).order(ByteOrder.LITTLE_ENDIAN).put(frame).flip();
        copy.put(12, (byte) (copy.get(12) ^ 4));
        IOException e = assertThrows(IOException.class, () -> JournalCodec.decode(copy, 4242));
        assertTrue(e.getMessage().contains("offset 4242") && e.getMessage().contains("checksum"), e.getMessage());
    }

    @Test
    void chunkListsThatDoNotAddUpAreCorruption() {
        JournalRecord bad = new JournalRecord.CreateFile("/f", false, 1L, "u", 1024, 2000,
                List.of(new Chunk(0, 1, 1000), new Chunk(0, 2, 1000)), JournalRecord.Anchor.ROOT);
        ByteBuffer frame = JournalCodec.encode(bad);
        IOException e = assertThrows(IOException.class, () -> JournalCodec.decode(frame, 0));
        assertTrue(e.getMessage().contains("/f: chunk 0 holds 1000 bytes with chunk size 1024"), e.getMessage());
    }

    @Test
    void aSealNamesTheNextSegmentAndIsNoNamespaceRecord() throws IOException {
        ByteBuffer seal = JournalCodec.encodeSeal(7);
        assertEquals(7, JournalCodec.sealedFor(seal.duplicate().order(ByteOrder.LITTLE_ENDIAN), 0));
        assertEquals(-1, JournalCodec.sealedFor(JournalCodec.encode(RECORDS.get(0)).order(ByteOrder.LITTLE_ENDIAN), 0));
        seal.put(12, (byte) (seal.get(12) ^ 1));
        IOException e = assertThrows(IOException.class, () -> JournalCodec.sealedFor(seal, 40));
        assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    }
}
