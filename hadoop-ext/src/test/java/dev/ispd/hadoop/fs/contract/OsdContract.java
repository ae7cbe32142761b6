package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/** Hadoop's FileSystem contract for osd://, with the options declared in contract/osd.xml. */
final class OsdContract extends AbstractFSContract {
    private final OsdDrives drives;
    private FileSystem fs;

    OsdContract(Configuration conf, OsdDrives drives) {
        super(drives.configure(conf));
        this.drives = drives;
        addConfResource("contract/osd.xml");
    }

    @Override
    public void init() throws IOException {
        super.init();
        fs = drives.cachedFileSystem(getConf());
    }

    @Override
    public FileSystem getTestFileSystem() {
        return fs;
    }

    @Override
    public String getScheme() {
        return "osd";
    }

    @Override
    public Path getTestPath() {
        return new Path("/test");
    }
}
