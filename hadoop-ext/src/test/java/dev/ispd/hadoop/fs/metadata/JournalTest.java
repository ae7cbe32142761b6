package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.OsdDrives;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The journal on a real drive: large records and tails that need several reads, and corruption. */
class JournalTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(1, 1024);

    @Test
    void aNewClientReplaysAJournalLargerThanItsBufferWithARecordLargerThanIt() throws IOException {
        try (DriveSet drives = DriveSet.parse("h=" + DRIVES.drives().address(0))) {
            Journal writer = Journal.open(DriveJournalStore.open(drives.sharedDrive(0)), 1, 0);
            List<Chunk> chunks = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) { // 360 KB of chunk list: more than the first read buffer
                chunks.add(new Chunk(0, i + 1, 1024));
            }
            assertTrue(writer.commit(new JournalRecord.CreateFile("/huge", false, 1L, "u", 1024, 20_000L * 1024,
                    chunks, JournalRecord.Anchor.ROOT)).applied());
            for (int i = 0; i < 3000; i++) {
                assertTrue(writer.commit(new JournalRecord.Mkdir("/d/" + i, 1L, "u")).applied());
            }
            Journal reader = Journal.open(DriveJournalStore.open(drives.sharedDrive(0)), 1, 0);
            assertEquals(writer.applied(), reader.applied());
            assertEquals(20_000, ((Namespace.File) reader.current().lookup("/huge")).chunks.size());
            assertEquals(3000, ((Namespace.Dir) reader.current().lookup("/d")).children.size());

            try (Drive d = drives.open(0)) {
                ByteBuffer junk = ByteBuffer.allocateDirect(12).order(ByteOrder.LITTLE_ENDIAN);
                junk.putInt(0, 4); // a frame of 4 zero bytes whose checksum is not 0
                long at = d.append(DriveJournalStore.OBJECT_ID, junk);
                IOException e = assertThrows(IOException.class, reader::current);
                assertTrue(e.getMessage().contains("corrupt at offset " + at), e.getMessage());
            }
        }
    }
}
