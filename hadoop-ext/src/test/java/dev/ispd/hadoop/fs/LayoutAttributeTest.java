package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.Checkpoint;
import dev.ispd.hadoop.fs.metadata.JournalCodec;
import dev.ispd.hadoop.fs.metadata.JournalRecord;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.layout.LayoutJson;
import dev.ispd.plan.layout.StoredLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file's record layout as the attribute user.ispd.layout on real in-JVM drives: recorded,
 * kept by a rename and across a restart that starts from a checkpoint, dropped by an overwrite,
 * checked against a given entry size, and a layout that is not built in read back with its fields.
 */
class LayoutAttributeTest {
    @Test
    void theLayoutSurvivesRenameRestartAndCheckpoint(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = new OsdDrives(2, 4096).set(IspdKeys.FS_CHECKPOINT_RECORDS.name(), "2");
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            write(fs, "/k/.keep.bin.loading", 20 * 100);
            LayoutAttribute.record(fs, new Path("/k/.keep.bin.loading"), Layout.worldCup98(20));
            assertTrue(fs.rename(new Path("/k/.keep.bin.loading"), new Path("/k/keep.bin")));
            write(fs, "/k/plain.bin", 64);
            for (int i = 0; i < 5; i++) {
                fs.mkdirs(new Path("/more/" + i)); // records enough for checkpoints after the attribute
            }
        } finally {
            drives.stop();
        }
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            assertEquals(Optional.of("worldcup98/20"), LayoutAttribute.read(fs, new Path("/k/keep.bin")));
            assertArrayEquals("worldcup98/20".getBytes(StandardCharsets.UTF_8),
                    fs.getXAttr(new Path("/k/keep.bin"), LayoutAttribute.NAME));
            assertEquals(List.of(LayoutAttribute.NAME), fs.listXAttrs(new Path("/k/keep.bin")));
            assertEquals(Optional.empty(), LayoutAttribute.read(fs, new Path("/k/plain.bin")));

            write(fs, "/k/keep.bin", 32); // an overwrite is a new file, with no layout
            assertEquals(Optional.empty(), LayoutAttribute.read(fs, new Path("/k/keep.bin")));
        } finally {
            drives.stop();
        }
    }

    @Test
    void aCheckpointKeepsAttributesAndReadsFilesWithout() throws IOException {
        Namespace ns = new Namespace();
        ns.apply(new JournalRecord.CreateFile("/a", false, 1L, "u", 1024, 0, List.of(), JournalRecord.Anchor.ROOT));
        ns.apply(new JournalRecord.CreateFile("/b", false, 1L, "u", 1024, 0, List.of(), JournalRecord.Anchor.ROOT));
        assertTrue(ns.apply(new JournalRecord.SetXAttr("/a", LayoutAttribute.NAME, new byte[] {'x'}, 2L)).applied());
        assertFalse(ns.apply(new JournalRecord.SetXAttr("/", LayoutAttribute.NAME, new byte[0], 2L)).applied());

        Namespace back = Checkpoint.decode(Checkpoint.of(ns, 1).encode(), "test").namespace();
        assertArrayEquals(new byte[] {'x'}, ((Namespace.File) back.lookup("/a")).xattrs.get(LayoutAttribute.NAME));
        assertTrue(((Namespace.File) back.lookup("/b")).xattrs.isEmpty());
    }

    @Test
    void aJournalRecordOfAnAttributeRoundTrips() throws IOException {
        ByteBuffer framed = JournalCodec.encode(new JournalRecord.SetXAttr("/f", LayoutAttribute.NAME,
                "worldcup98/256".getBytes(StandardCharsets.UTF_8), 9L));
        JournalRecord.SetXAttr back = (JournalRecord.SetXAttr) JournalCodec.decode(framed, 0);
        assertEquals("/f", back.path());
        assertEquals(LayoutAttribute.NAME, back.name());
        assertEquals("worldcup98/256", new String(back.value(), StandardCharsets.UTF_8));
        assertEquals(9L, back.timeMs());
    }

    @Test
    void theEntrySizeComesFromTheFileAndAGivenOneMustAgree(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = new OsdDrives(1, 4096);
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            Path keep = new Path("/k/keep.bin");
            write(fs, "/k/keep.bin", 20 * 100);
            LayoutAttribute.record(fs, keep, Layout.worldCup98(20));
            assertEquals(20, LayoutAttribute.worldCup98EntrySize(fs, keep, null));
            assertEquals(20, LayoutAttribute.worldCup98EntrySize(fs, keep, 20));
            IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.worldCup98EntrySize(fs, keep, 32));
            assertTrue(wrong.getMessage().contains("/k/keep.bin") && wrong.getMessage().contains("20 B")
                    && wrong.getMessage().contains("32 B"), wrong.getMessage());

            Path plain = new Path("/k/plain.bin");
            write(fs, "/k/plain.bin", 64);
            assertEquals(32, LayoutAttribute.worldCup98EntrySize(fs, plain, 32), "no layout: the given size");
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.worldCup98EntrySize(fs, plain, null));
            assertTrue(none.getMessage().contains("/k/plain.bin records no layout"), none.getMessage());

            write(fs, "/d/part-0.bin", 64 * 10);
            write(fs, "/d/part-1.bin", 64 * 5);
            write(fs, "/d/_SUCCESS", 0);
            LayoutAttribute.record(fs, new Path("/d/part-0.bin"), Layout.worldCup98(64));
            LayoutAttribute.record(fs, new Path("/d/part-1.bin"), Layout.worldCup98(64));
            assertEquals(64, LayoutAttribute.worldCup98EntrySize(fs, new Path("/d"), null), "a directory: its files'");
            IllegalArgumentException dirWrong = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.worldCup98EntrySize(fs, new Path("/d"), 20));
            assertTrue(dirWrong.getMessage().contains("/d/part-0.bin holds worldcup98 entries of 64 B"),
                    dirWrong.getMessage());
            LayoutAttribute.record(fs, new Path("/d/part-1.bin"), Layout.worldCup98(32));
            IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.worldCup98EntrySize(fs, new Path("/d"), null));
            assertTrue(mixed.getMessage().contains("part-0.bin holds worldcup98 entries of 64 B but")
                    && mixed.getMessage().contains("part-1.bin entries of 32 B"), mixed.getMessage());
        } finally {
            drives.stop();
        }
    }

    @Test
    void aLayoutIsReadBackWithItsFieldsUnlessBuiltIn(@TempDir java.nio.file.Path dir) throws Exception {
        OsdDrives drives = new OsdDrives(1, 4096);
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            Layout sensor = LayoutDdl.parse("sensor", "id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5", 8, "test");
            Path custom = new Path("/l/sensor.bin");
            write(fs, "/l/sensor.bin", 8 * 10);
            LayoutAttribute.record(fs, custom, sensor);
            assertEquals(Optional.of(sensor), LayoutAttribute.layout(fs, custom));
            assertEquals(Optional.of("id u32 le @0, flags u8 @4 bits 0..2, temp i16 @5"),
                    LayoutAttribute.readFields(fs, custom));

            String ordersFields = "price decimal(12,2) le @0 nullable @16.0, day date @8 nullable @16.1, "
                    + "code char(4) zero @12, level u8 @17 nullable = 255, ratio f64 @18, ok bool @26 bits 0..0";
            Layout orders = LayoutDdl.parse("orders", ordersFields, 32, "test");
            Path typed = new Path("/l/orders.bin");
            write(fs, "/l/orders.bin", 32 * 10);
            LayoutAttribute.record(fs, typed, orders);
            assertEquals(Optional.of(orders), LayoutAttribute.layout(fs, typed), "types, null bits and null values kept");
            assertEquals(Optional.of(ordersFields), LayoutAttribute.readFields(fs, typed));

            Path wc = new Path("/l/wc.bin");
            write(fs, "/l/wc.bin", 64 * 10);
            LayoutAttribute.record(fs, wc, Layout.worldCup98(64));
            assertEquals(Optional.of(Layout.worldCup98(64)), LayoutAttribute.layout(fs, wc));
            assertEquals(List.of(LayoutAttribute.NAME), fs.listXAttrs(wc), "a built-in layout records no fields");

            write(fs, "/l/plain.bin", 64);
            assertEquals(Optional.empty(), LayoutAttribute.layout(fs, new Path("/l/plain.bin")));

            fs.setXAttr(wc, LayoutAttribute.NAME, "sensor/8".getBytes(StandardCharsets.UTF_8));
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.layout(fs, wc));
            assertEquals("/l/wc.bin records layout sensor/8 without its fields (user.ispd.layout.fields): give its layout",
                    unknown.getMessage().replace(fs.getUri().toString(), ""));
        } finally {
            drives.stop();
        }
    }

    @Test
    void blockedRecordsAreRecordedAfterTheRecordSizeAndADirectoryMustStoreItsFilesAlike(@TempDir java.nio.file.Path dir)
            throws Exception {
        OsdDrives drives = new OsdDrives(1, 4096);
        drives.start(dir);
        try (OsdFileSystem fs = drives.newClient()) {
            String text = "id u32 le @0, temp i16 @4, blocked 4";
            StoredLayout stored = LayoutDdl.parseStored("sensor", text, 8, "test");
            Layout sensor = stored.layout();
            write(fs, "/b/1", 8 * 10);
            write(fs, "/b/2", 8 * 10);
            Path one = new Path("/b/1");
            Path two = new Path("/b/2");
            LayoutAttribute.record(fs, one, stored);
            LayoutAttribute.record(fs, two, stored);
            assertEquals(Optional.of("sensor/8 blocked 4"), LayoutAttribute.read(fs, one));
            // text -> layout -> recorded -> layout -> text, and the JSON form of what the file records
            StoredLayout read = LayoutAttribute.recorded(fs, List.of(one, two)).orElseThrow().stored();
            assertEquals(stored, read);
            assertEquals(text, LayoutDdl.format(read));
            assertEquals(stored, LayoutJson.parseStored(LayoutJson.format(read), 0, "test"));
            assertEquals(8, LayoutAttribute.recordSize(fs, one));
            assertEquals(4, LayoutAttribute.recordsPerBlock(fs, one));
            assertEquals(Optional.of(sensor), LayoutAttribute.layout(fs, one));
            assertEquals(4, LayoutAttribute.recorded(fs, List.of(one, two)).orElseThrow().recordsPerBlock());

            LayoutAttribute.record(fs, two, sensor);
            assertEquals(0, LayoutAttribute.recordsPerBlock(fs, two));
            IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.recorded(fs, List.of(one, two)));
            assertEquals("/b/2 stores its records in rows, but /b/1 column-blocked, 4 records to a block: read them "
                    + "separately", mixed.getMessage().replace(fs.getUri().toString(), ""));

            IllegalArgumentException worldCup = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.worldCup98EntrySize(fs, one, null));
            assertTrue(worldCup.getMessage().endsWith("holds column-blocked records (its layout sensor/8 blocked 4): the "
                    + "WorldCup98 tasklets read records in rows; query it with a plan (--sql)"), worldCup.getMessage());
            fs.setXAttr(one, LayoutAttribute.NAME, "sensor/8 blocked 0".getBytes(StandardCharsets.UTF_8));
            IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                    () -> LayoutAttribute.recordsPerBlock(fs, one));
            assertEquals("/b/1 has a damaged layout attribute 'sensor/8 blocked 0': blocked takes a positive number of "
                    + "records, got '0'", zero.getMessage().replace(fs.getUri().toString(), ""));
        } finally {
            drives.stop();
        }
    }

    private static void write(OsdFileSystem fs, String path, int bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(new Path(path), true)) {
            out.write(new byte[bytes]);
        }
    }
}
