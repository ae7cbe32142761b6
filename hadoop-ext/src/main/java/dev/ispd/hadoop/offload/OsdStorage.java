package dev.ispd.hadoop.offload;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The osd:// file system as the offload core's planning sees it: its drives and where a file's chunks are. */
final class OsdStorage implements OffloadStorage {
    private final OsdFileSystem fs;

    OsdStorage(OsdFileSystem fs) {
        this.fs = fs;
    }

    /** The osd:// file system {@code file} is on, over the drives {@code conf} names; any other is an IOException naming both. */
    static OsdFileSystem osd(Path file, Configuration conf) throws IOException {
        FileSystem fs = OsdFileSystems.get(file, conf);
        if (!(fs instanceof OsdFileSystem osd)) {
            throw new IOException("a DeviceJob reads osd:// files; input " + file + " is on " + fs.getUri());
        }
        return osd;
    }

    @Override
    public DriveDirectory drives() {
        DriveSet set = fs.drives();
        return new DriveDirectory() {
            @Override
            public int size() {
                return set.size();
            }

            @Override
            public String address(int drive) {
                return set.address(drive);
            }

            @Override
            public String host(int drive) {
                return set.host(drive);
            }

            @Override
            public Drive open(int drive) throws IOException {
                return set.open(drive);
            }
        };
    }

    @Override
    public List<ChunkExtent> locate(String file, long length) throws IOException {
        return fs.locate(new Path(file), 0, length);
    }
}
