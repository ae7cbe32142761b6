package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

class DriveSetTest {
    @Test
    void parsesHostAddressPairsInOrder() {
        DriveSet d = DriveSet.parse(" node1=tcp:10.0.0.1:7070, node2=unix:/run/ispd/d0.sock ");
        assertEquals(2, d.size());
        assertEquals("node1", d.host(0));
        assertEquals("tcp:10.0.0.1:7070", d.address(0));
        assertEquals("node2", d.host(1));
        assertEquals("unix:/run/ispd/d0.sock", d.address(1));
    }

    @Test
    void badListsAreRefusedNamingTheKeyAndTheEntry() {
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> DriveSet.parse(" "));
        assertTrue(empty.getMessage().contains(IspdKeys.FS_DRIVES.name()), empty.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> DriveSet.parse("a=tcp:h:1,tcp:h:2"));
        assertTrue(bad.getMessage().contains("entry 1 'tcp:h:2'"), bad.getMessage());
    }

    @Test
    void theOsdSchemeResolvesThroughServicesOrFsOsdImpl() throws IOException {
        Configuration conf = new Configuration();
        assertEquals(OsdFileSystem.class, FileSystem.getFileSystemClass("osd", conf), "META-INF/services");
        conf.setClass("fs.osd.impl", OsdFileSystem.class, FileSystem.class);
        assertEquals(OsdFileSystem.class, FileSystem.getFileSystemClass("osd", conf), "fs.osd.impl");
    }

    @Test
    void aFileSystemWithoutDrivesOrWithABadNamespaceDriveFailsToStartWithTheReason() {
        Configuration conf = new Configuration();
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        IOException none = assertThrows(IOException.class, () -> FileSystem.get(URI.create("osd:///"), conf));
        assertTrue(none.getMessage().contains(IspdKeys.FS_DRIVES.name() + " is not set"), none.getMessage());
        conf.set(IspdKeys.FS_DRIVES.name(), "h=unix:/nonexistent/drive.sock");
        conf.setInt(IspdKeys.FS_NAMESPACE_DRIVE.name(), 3);
        IOException range = assertThrows(IOException.class, () -> FileSystem.get(URI.create("osd:///"), conf));
        assertTrue(range.getMessage().contains(IspdKeys.FS_NAMESPACE_DRIVE.name() + " is 3"), range.getMessage());
        conf.setInt(IspdKeys.FS_NAMESPACE_DRIVE.name(), 0);
        IOException connect = assertThrows(IOException.class, () -> FileSystem.get(URI.create("osd:///"), conf));
        assertTrue(connect.getMessage().contains("/nonexistent/drive.sock"), connect.getMessage());
    }
}
