package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.tools.DistCp;
import org.apache.hadoop.tools.DistCpOptions;
import org.apache.hadoop.tools.mapred.CopyMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop's DistCp with {@code -update} between file:// and osd:// and between two osd://
 * directories, in the local job runner: a second run copies only the files that changed; a target
 * file with the same length and a newer time but other bytes is told apart by its checksum.
 */
@Tag("heavy")
class DistCpUpdateTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    @TempDir
    java.nio.file.Path tmp;

    private Job distcpUpdate(Path from, Path to) throws Exception {
        Configuration conf = DRIVES.conf();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
        DRIVES.cachedFileSystem(conf);
        DistCpOptions options = new DistCpOptions.Builder(List.of(from), to).withSyncFolder(true).build();
        Job job = new DistCp(conf, options).execute();
        assertEquals(true, job.isSuccessful(), "distcp " + from + " " + to);
        return job;
    }

    private static long copied(Job job) throws Exception {
        return job.getCounters().findCounter(CopyMapper.Counter.COPY).getValue();
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void aSecondUpdateCopiesOnlyWhatChanged() throws Exception {
        java.nio.file.Path src = Files.createDirectories(tmp.resolve("src"));
        for (int i = 0; i < 3; i++) {
            Files.write(src.resolve("part-" + i), bytes(100_000 + i, i));
        }
        Path local = new Path(src.toUri());
        Path osd = new Path(DRIVES.uri().resolve("/copy"));
        assertEquals(3, copied(distcpUpdate(local, osd)));
        assertEquals(0, copied(distcpUpdate(local, osd)), "nothing changed");

        byte[] changed = bytes(120_000, 42);
        Files.write(src.resolve("part-1"), changed);
        assertEquals(1, copied(distcpUpdate(local, osd)), "only the changed file");
        FileSystem fs = FileSystem.get(DRIVES.uri(), DRIVES.conf());
        byte[] back = new byte[changed.length];
        try (FSDataInputStream in = fs.open(new Path(osd, "part-1"))) {
            in.readFully(0, back);
        }
        assertArrayEquals(changed, back);

        Path second = new Path(DRIVES.uri().resolve("/second"));
        assertEquals(3, copied(distcpUpdate(osd, second)));
        assertEquals(0, copied(distcpUpdate(osd, second)), "equal checksums: nothing to copy");
        try (FSDataOutputStream out = fs.create(new Path(second, "part-2"), true)) {
            out.write(bytes(100_002, 7)); // same length, newer, other bytes
        }
        assertEquals(1, copied(distcpUpdate(osd, second)), "the checksum tells the changed target apart");
    }
}
