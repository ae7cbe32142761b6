package dev.ispd.it.yarn;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link MultiHostYarnCluster} whose node {@code i} has drive {@code i}, in this JVM, reached
 * over TCP, for a test class: started before its first test, stopped after its last.
 */
final class YarnWithDrives implements BeforeAllCallback, AfterAllCallback {
    private final String name;
    private final int nodes;
    private EmbeddedDrives drives;
    private MultiHostYarnCluster cluster;

    YarnWithDrives(String name, int nodes) {
        this.name = name;
        this.nodes = nodes;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        drives = EmbeddedDrives.builder().drives(nodes).tcp(true).start();
        cluster = new MultiHostYarnCluster(name, nodes);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            FileSystem.closeAll();   // the job clients' cached osd:// file systems, before their drives go
            if (cluster != null) {
                cluster.close();
            }
        } finally {
            drives.close();
        }
    }

    MultiHostYarnCluster cluster() {
        return cluster;
    }

    EmbeddedDrives drives() {
        return drives;
    }

    /** Sets the osd:// file system in {@code conf}: these drives, drive {@code i} on node {@code i}'s host, and the chunk size. */
    Configuration osd(Configuration conf, long chunkSize) {
        conf.set(IspdKeys.FS_DRIVES.name(), IntStream.range(0, nodes)
                .mapToObj(i -> cluster.hosts().get(i) + "=" + drives.address(i)).collect(Collectors.joining(",")));
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), chunkSize);
        return conf;
    }
}
