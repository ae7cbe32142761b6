package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * fsck pointed at the wrong namespace: files kept in a real (in-process) ZooKeeper, fsck run
 * with the configuration's default, the empty journal on drive 0. It must see that the namespace
 * it read accounts for none of the drives' data, say so, and repair must delete nothing; with
 * the ZooKeeper namespace it sees every file and no orphan.
 */
class FsckForeignNamespaceTest {
    private static final int CHUNK = 1 << 12;

    @RegisterExtension
    static final InProcessZooKeeper ZOOKEEPER = new InProcessZooKeeper();

    @RegisterExtension
    final OsdDrives drives = new OsdDrives(3, CHUNK).withReplication(2)
            .set(IspdKeys.FS_NAMESPACE_ZOOKEEPER.name(), ZOOKEEPER.connectString())
            .set(IspdKeys.FS_NAMESPACE_ZNODE.name(), "/ispd/fsck-foreign").perTest();

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The drives' own configuration without the ZooKeeper setting: the journal on drive 0. */
    private OsdFileSystem driveJournalClient() throws IOException {
        Configuration conf = drives.conf();
        conf.unset(IspdKeys.FS_NAMESPACE_ZOOKEEPER.name());
        conf.setBoolean("fs.osd.impl.disable.cache", true);
        return (OsdFileSystem) FileSystem.get(drives.uri(), conf);
    }

    @Test
    void repairOverAnEmptyForeignNamespaceDeletesNothingAndTheRightOneSeesEveryFile() throws Exception {
        byte[][] files = new byte[5][];
        try (OsdFileSystem zk = drives.newClient()) {
            for (int i = 0; i < files.length; i++) {
                files[i] = bytes(3 * CHUNK + 1 + i, i); // four chunks each
                try (FSDataOutputStream out = zk.create(new Path("/data/f" + i))) {
                    out.write(files[i]);
                }
            }
        }

        try (OsdFileSystem wrong = driveJournalClient()) {
            FsckReport report = wrong.fsck(true, 0);
            assertEquals(0, report.files(), report.text());
            List<FsckReport.Finding> orphans = report.of(FsckReport.Kind.ORPHAN);
            assertEquals(5 * 4 * 2, orphans.size(), "every replica of every chunk is unnamed here: " + report.text());
            assertTrue(orphans.stream().noneMatch(FsckReport.Finding::repaired), report.text());
            List<FsckReport.Finding> namespace = report.of(FsckReport.Kind.NAMESPACE);
            assertEquals(1, namespace.size(), report.text());
            String saw = namespace.get(0).detail();
            assertTrue(saw.contains("segments on drive 0") && saw.contains("(0 files)")
                    && saw.contains("accounts for 0 data object(s)") && saw.contains("40 other data object(s)")
                    && saw.contains("--trust-namespace"), saw);
            assertFalse(report.healthy(), "a foreign namespace is not a healthy file system: " + report.text());
        }

        try (OsdFileSystem zk = drives.newClient()) {
            FsckReport report = zk.fsck(true, 0);
            assertEquals(5, report.files(), report.text());
            assertEquals(List.of(), report.findings(), report.text());
            for (int i = 0; i < files.length; i++) {
                byte[] back = new byte[files[i].length];
                try (FSDataInputStream in = zk.open(new Path("/data/f" + i))) {
                    in.readFully(0, back);
                }
                assertArrayEquals(files[i], back, "file " + i + " lost nothing");
            }
        }
    }

    @Test
    void toldToTrustTheNamespaceRepairDeletesItsOrphans() throws Exception {
        try (OsdFileSystem zk = drives.newClient(); FSDataOutputStream out = zk.create(new Path("/data/f"))) {
            out.write(bytes(2 * CHUNK, 7));
        }
        try (OsdFileSystem wrong = driveJournalClient()) {
            FsckReport report = wrong.fsck(true, 0, true);
            assertEquals(4, report.of(FsckReport.Kind.ORPHAN).stream().filter(FsckReport.Finding::repaired).count(),
                    report.text());
            assertTrue(report.notes().stream().anyMatch(n -> n.contains("trusted as asked")), report.text());
        }
    }
}
